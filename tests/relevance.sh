# SPDX-License-Identifier: GPL-2.0
# The relevance pass (sourced by tests/run): a folder analysed with it and
# with --full must give the same findings, on every folder case, the rule
# folders and the whole case corpus as one tree; and it must really skip
# files where it can (else these comparisons prove nothing).

# same_findings NAME DIR [ARGS...]: default and --full agree on DIR.
same_findings() {
	local name=$1 dir=$2 a b ra rb
	shift 2
	a=$(cd "$dir" && "$bin" -j2 --format=json "$@" . 2>/dev/null); ra=$?
	b=$(cd "$dir" && "$bin" -j2 --format=json --full "$@" . 2>/dev/null); rb=$?
	local diff
	diff=$(python3 - "$ra" "$rb" 3<<<"$a" 4<<<"$b" <<'PY'
import json, sys
def key(doc):
    d = json.loads(doc)
    return {k: d.get(k) for k in ("findings", "suppressed", "baselined", "suppression_problems")}
a = key(open(3).read()); b = key(open(4).read())
if sys.argv[1] != sys.argv[2]:
    print("exit %s with the relevance pass, %s with --full" % (sys.argv[1], sys.argv[2]))
for k in a:
    if a[k] != b[k]:
        print("%s differ:\n  relevance: %s\n  --full:    %s" % (k, json.dumps(a[k])[:600], json.dumps(b[k])[:600]))
PY
)
	if [ -z "$diff" ] && [ -n "$a" ]; then
		ok "relevance: $name: the same findings as --full"
	else
		bad "relevance: $name: the findings differ from --full" "$diff"
	fi
}

# stats_say NAME DIR PATTERN [ARGS...]: a --stats run of DIR (-j1) prints
# a line with PATTERN (grep -q).
stats_say() {
	local name=$1 dir=$2 pat=$3 out
	shift 3
	out=$(cd "$dir" && "$bin" -j1 --stats "$@" . 2>&1)
	if grep -q -- "$pat" <<<"$out"; then
		ok "relevance: $name"
	else
		bad "relevance: $name: not the stats expected" "$(grep stats <<<"$out")"
	fi
}

for d in "$here"/cases/*/; do
	same_findings "cases/$(basename "$d")" "$d"
done
for d in "$here"/rules/*/; do
	same_findings "rules/$(basename "$d")" "$d" --rules=rules
done
same_findings "all cases as one tree" "$here/cases"
same_findings "all cases as one tree, address-limit checks only" "$here/cases" \
	--disable=lock-held-return,pair-unbalanced,uaccess-call
# with every pair check off the scan keeps no names (scan_flags_text) and
# reads them only when a probe asks: each folder, then the whole corpus
nopairs=$("$bin" --list-checks | awk '$1 ~ /^(lock-|pair-|uaccess-)/ { printf "%s%s", s, $1; s = "," }')
for d in "$here"/cases/*/; do
	same_findings "cases/$(basename "$d"), no pair check" "$d" --disable="$nopairs"
done
same_findings "all cases as one tree, no pair check" "$here/cases" --disable="$nopairs"

same_findings "all cases as one tree, pair checks only" "$here/cases" \
	--checks=lock-held-return,pair-unbalanced,uaccess-call
# with the address-limit checks off, a raised limit needs no other file
out=$(cd "$here/cases" && "$bin" -j2 --stats --checks=lock-held-return,pair-unbalanced,uaccess-call . 2>&1)
if grep -Eq 'relevance: [0-9]+ of [0-9]+ files parsed, [0-9]+ rounds? \([0-9 +]*\); the others' <<<"$out" &&
   grep -q 'bodies: [1-9][0-9]* files parsed with only' <<<"$out"; then
	ok "relevance: pair checks only: the corpus raises the limit, yet not every file is parsed"
else
	bad "relevance: pair checks only: every file parsed" "$(grep stats <<<"$out")"
fi
# the modern tree: only the files that can matter are parsed
out=$(cd "$here/cases/relevance-modern-tree" && "$bin" -j1 --stats . 2>&1)
if grep -q 'relevance: 5 of 11 files parsed, 2 rounds (3 + 2); the others' <<<"$out"; then
	ok "relevance: a modern tree parses 5 of its 11 files (lock and window files, the registration, the out-of-line helper)"
else
	bad "relevance: modern tree: not the files expected" "$(grep stats <<<"$out")"
fi
# ... and with the pair checks off, only the file that says set_fs
out=$(cd "$here/cases/relevance-modern-tree" && "$bin" -j1 --stats \
	--disable=lock-held-return,lock-unbalanced,lock-release-unheld,lock-double-acquire,pair-unbalanced,uaccess-call . 2>&1)
if grep -q 'relevance: 1 of 11 files parsed' <<<"$out"; then
	ok "relevance: with the pair checks off, only the set_fs file is parsed"
else
	bad "relevance: pair checks off: not the files expected" "$(grep stats <<<"$out")"
fi
# a limit raised through a helper: found by the probe, then every file
out=$(cd "$here/cases/relevance-raise-through-helper" && "$bin" -j1 --stats . 2>&1)
if grep -q 'relevance: 3 of 3 files parsed, 3 rounds (1 + 1 + 1); every file' <<<"$out"; then
	ok "relevance: a limit raised through a helper in another file parses every file"
else
	bad "relevance: raise through a helper: not the rounds expected" "$(grep stats <<<"$out")"
fi
# ... the same rounds with no pair check: the names the probes ask about
# are read after the scan, which kept only the flags
out=$(cd "$here/cases/relevance-raise-through-helper" && "$bin" -j1 --stats --disable="$nopairs" . 2>&1)
if grep -q 'relevance: 3 of 3 files parsed, 3 rounds (1 + 1 + 1); every file' <<<"$out"; then
	ok "relevance: no pair check: a helper's caller found from names read on demand"
else
	bad "relevance: no pair check, raise through a helper: not the rounds expected" "$(grep stats <<<"$out")"
fi
# bodies left out: the lock files keep only the bodies that take part; an
# old-style definition the scan cannot see as a body, or a syntax error
# in the head of a definition left out (attrhead.c), makes its file be
# parsed whole at once, a syntax error far from those (attr.c) does not;
# xreg.c, whose only lock body the tokens settle (locktok.h), is not
# parsed until the probe asks for a name its other body mentions (round
# 2), and then without the settled body
out=$(cd "$here/cases/relevance-bodies" && "$bin" -j1 --stats . 2>&1)
if grep -q 'relevance: 7 of 7 files parsed, 2 rounds (6 + 1);' <<<"$out" &&
   grep -q 'bodies: 4 files parsed with only the bodies the pair rules need (6 bodies left out); 2 parsed whole after all' <<<"$out" &&
   grep -q 'token locks: 1 body whose locks the tokens settle left out, 0 files not parsed for them' <<<"$out"; then
	ok "relevance: bodies left out in four files (one with a syntax error far from them), one file parsed only when asked, two whole at once"
else
	bad "relevance: bodies left out: not the files expected" "$(grep stats <<<"$out")"
fi
# a definition asked for (where is the helper a window calls defined?):
# the file that defines it and one whose braces do not pair up are parsed;
# the files that only call it or store it into a table are not
stats_say "a definition asked for parses the file that may define it, not its callers" \
	"$here/cases/relevance-definitions" 'relevance: 3 of 5 files parsed, 2 rounds (1 + 2);'
# an extern function that can return with a lock held: the files that may
# register it are parsed (a table, an assignment inside a body), not the
# one that only calls it
stats_say "a registration asked for parses the files that may register the function, not its callers" \
	"$here/cases/relevance-registrations" 'relevance: 3 of 4 files parsed, 2 rounds (1 + 2);'
# the token check settles a lock dropped and taken again around a call,
# a body calling a macro that does nothing to any lock (seq_putc()), a
# stretch between a header's lock wrapper and its unlock wrapper, a
# conditional group that does nothing to the lock inside a stretch,
# and calls named like releases handed other fields of the locked object;
# a drop with a return before the lock is taken again is left to the parse
stats_say "the token check settles a drop-and-retake, an inert macro's caller, a wrapper's stretch, a neutral #ifdef and release-named calls handed other fields" \
	"$here/cases/relevance-token-settles" 'relevance: 1 of 6 files parsed, 1 round (1);'
# a file that locks through a header's wrappers only, and (on a kernel
# without the limit) a ->write handler's file: both parsed with only the
# bodies that take part; on a kernel with the limit the handler's file is
# parsed whole (user-ptr-kernel-ds reads it)
stats_say "a wrapper's caller and, without the limit, a ->write handler's file keep only the bodies that take part" \
	"$here/cases/relevance-bodies-modern" \
	'bodies: 2 files parsed with only the bodies the pair rules need (3 bodies left out)' --kernel-version=6.1
stats_say "on a kernel with the limit, the ->write handler's file is parsed whole" \
	"$here/cases/relevance-bodies-modern" \
	'bodies: 1 file parsed with only the bodies the pair rules need (1 body left out)' --kernel-version=4.4
out=$(cd "$here/cases/relevance-bodies" && "$bin" -j1 --stats --full . 2>&1)
if ! grep -q 'bodies:' <<<"$out"; then
	ok "relevance: --full leaves no body out"
else
	bad "relevance: --full left bodies out" "$(grep stats <<<"$out")"
fi
# the self-test: each file parsed with bodies left out, parsed whole too,
# gives the pair rules the same facts (the lock cases as one tree: no
# file among them that changes the limit, set_fs() or a routine that
# raises it inside, so the limit is never raised and bodies go)
lt="$tmp/lock-tree"
mkdir -p "$lt"
for f in "$here"/cases/*.c; do
	grep -qE 'set_fs|force_uaccess_|probe_kernel_' "$f" || cp "$f" "$lt/"
done
cp "$here"/cases/relevance-bodies/*.c "$lt/"
out=$(cd "$lt" && "$bin" -j2 --stats --verify-elision . 2>&1 >/dev/null)
if grep -q 'bodies: [1-9][0-9]* files parsed with only' <<<"$out" &&
   ! grep -q 'elision differs' <<<"$out"; then
	ok "relevance: --verify-elision: the lock cases give the same facts with bodies left out"
else
	bad "relevance: --verify-elision found a difference (or left nothing out)" "$(grep -A30 -E 'elision differs|stats: bodies' <<<"$out" | head -60)"
fi
same_findings "the lock cases as one tree (bodies left out)" "$lt"
# the self-test of the token check: every function it settles, parsed and
# analysed all the same, is one the pair rules report nothing in and sum
# up as nothing (lock-unbalanced on: it judges every function)
out=$(cd "$lt" && "$bin" -j2 -Wlock-unbalanced --verify-token-locks . 2>&1 >/dev/null)
if grep -Eq 'verify-token-locks: [1-9][0-9]* functions settled from their tokens, 0 of them' <<<"$out" &&
   ! grep -q 'token check differs' <<<"$out"; then
	ok "relevance: --verify-token-locks: the lock cases' settled functions are silent and sum up as nothing"
else
	bad "relevance: --verify-token-locks found a difference (or settled nothing)" "$(grep -E 'token' <<<"$out" | head -40)"
fi
out=$(cd "$lt" && "$bin" -j2 --stats . 2>&1 >/dev/null)
if grep -Eq 'token locks: [1-9][0-9]* bodies whose locks the tokens settle left out, [1-9][0-9]* files not parsed' <<<"$out"; then
	ok "relevance: the lock cases as one tree: settled bodies left out, files not parsed"
else
	bad "relevance: the token check left nothing out of the lock cases" "$(grep stats <<<"$out")"
fi
# a file named on the command line is parsed whatever it holds
out=$("$bin" -j1 --stats "$here/cases/relevance-modern-tree/plain1.c" 2>&1)
if grep -q 'relevance: 1 of 1 files parsed' <<<"$out"; then
	ok "relevance: a file named on the command line is always parsed"
else
	bad "relevance: a named file was not parsed" "$(grep stats <<<"$out")"
fi
# --full says so
out=$(cd "$here/cases/relevance-modern-tree" && "$bin" -j1 --stats --full . 2>&1)
if grep -q 'relevance: not used, every file parsed (--full)' <<<"$out" &&
   grep -q 'files read 11' <<<"$out"; then
	ok "relevance: --full parses every file"
else
	bad "relevance: --full" "$(grep stats <<<"$out")"
fi
