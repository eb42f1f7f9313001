#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make check-real: addrlimit on real code, Debian 12's kernel source and four
# DKMS packages, against the triaged findings kept in tests/real/CORPUS.expected.
#
# The packages are fetched with `apt-get download` (`apt-get update` only when
# a download fails) and unpacked with `dpkg-deb -x` (and linux-source-6.1's
# tarball with tar) into a cache outside the repository:
#   ${ADDRLIMIT_REAL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/addrlimit/real}/PKG/
#       VERSION        the Debian version unpacked there
#       root/          the package's files; the corpus is root/usr/src/*/
# A later run reuses it; when apt knows a newer version, that one replaces it.
# Nothing downloaded ever lands in the repository.
#
# Each corpus is one test.  Findings are matched on path + check + function
# (+ occurrence number when that key repeats); the line is informative only
# (Debian's point releases move lines): a moved line prints a note.  A lost or
# a new finding fails.  The files the analyzer skipped (not C, such as the
# BPF verifier's test fragments) are listed; exit 2 from it is a failure: on a
# stock tree it must exit 0 or 1, the CI's contract (README, Exit status).
# No network and no cache is a failure.
# Ends with "N passed, N failed".
#
#   scripts/check-real.sh [--update] [CORPUS...]
#   --update  rewrite tests/real/CORPUS.expected from the current findings:
#             reasons of findings still there are kept, new ones get
#             UNTRIAGED (to be triaged by a human: true bug / false positive /
#             intended, and why).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
bin=${ADDRLIMIT:-$top/addrlimit}
expdir=$top/tests/real
cache=${ADDRLIMIT_REAL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/addrlimit/real}
all="linux-source-6.1 lime-forensics-dkms openafs-modules-dkms dahdi-dkms falcosecurity-scap-dkms"
jobs=2
pass=0 fail=0 update=0 net_down=0 updated=0
ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/#   /'; return 0; }
finish() { echo "$pass passed, $fail failed"; [ $fail -eq 0 ]; exit; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }

corpora=""
for a in "$@"; do
	case "$a" in
	--update) update=1 ;;
	-h|--help) sed -n '3,/^set -u/{/^set -u/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	-*) echo "check-real: unknown option $a" >&2; exit 2 ;;
	*) case " $all " in
	   *" $a "*) corpora="$corpora $a" ;;
	   *) echo "check-real: unknown corpus $a (one of: $all)" >&2; exit 2 ;;
	   esac ;;
	esac
done
[ -n "$corpora" ] || corpora=$all

if [ ! -x "$bin" ]; then
	bad "addrlimit binary $bin (run make)"
	finish
fi
cache=$(realpath -m "$cache")
case "$cache/" in
"$(realpath "$top")"/*)
	bad "cache $cache is inside the repository: set ADDRLIMIT_REAL_CACHE outside it"
	finish ;;
esac
if ! mkdir -p "$cache"; then
	bad "cannot create the cache folder $cache"
	finish
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${dl:-}" ] && rm -rf "$dl"' EXIT
echo "# cache: $cache"

candidate() { apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { if ($2 != "(none)") print $2; exit }'; }

# fetch PKG: make $cache/PKG hold the unpacked package (the cached one when it
# is as new as apt's candidate).  Sets $version and $root (the corpus), or
# $why and returns 1.  Called with $cache/.PKG.lock held.
fetch() {
	local p=$1 d=$cache/$1 have want deb t0 tb
	have=$(cat "$d/VERSION" 2>/dev/null)
	want=$(candidate "$p")
	rm -rf "$cache/.dl-$p".*	# left by an interrupted run
	if [ -n "$have" ] && [ -d "$d/root/usr/src" ] &&
	   { [ -z "$want" ] || dpkg --compare-versions "$want" le "$have"; }; then
		version=$have
		echo "# $p $version: cached"
	else
		t0=$(now)
		dl=$(mktemp -d "$cache/.dl-$p.XXXXXX") && chmod 755 "$dl"
		if ! (cd "$dl" && apt-get download "$p") >"$tmp/apt.log" 2>&1; then
			if [ $net_down = 0 ] && [ $updated = 0 ]; then
				echo "# $p: apt-get download failed, running apt-get update"
				updated=1
				apt-get update -qq >>"$tmp/apt.log" 2>&1 || net_down=1
			fi
			if [ $net_down = 1 ] || ! (cd "$dl" && apt-get download "$p") >>"$tmp/apt.log" 2>&1; then
				why="cannot download $p with apt-get (is the network reachable? apt sources for Debian 12?)
$(grep -E '^(E|Err|W):' "$tmp/apt.log" | awk '!seen[$0]++' | tail -5)"
				rm -rf "$dl"; dl=""
				return 1
			fi
		fi
		deb=$(ls "$dl"/*.deb 2>/dev/null | head -1)
		version=$(dpkg-deb -f "$deb" Version 2>/dev/null)
		if [ -z "$version" ] || ! dpkg-deb -x "$deb" "$dl/root" 2>"$tmp/unpack.log"; then
			why="cannot unpack $(basename "$deb"): $(tail -3 "$tmp/unpack.log")"
			rm -rf "$dl"; dl=""
			return 1
		fi
		rm -f "$deb"
		# linux-source-6.1 ships the tree as usr/src/linux-source-6.1.tar.xz:
		# unpacked in place, it is usr/src/linux-source-6.1/
		for tb in "$dl"/root/usr/src/*.tar.xz; do
			[ -f "$tb" ] || continue
			if ! tar -xJf "$tb" -C "$dl/root/usr/src" 2>"$tmp/unpack.log"; then
				why="cannot unpack $(basename "$tb"): $(tail -3 "$tmp/unpack.log")"
				rm -rf "$dl"; dl=""
				return 1
			fi
			rm -f "$tb"
		done
		echo "$version" >"$dl/VERSION"
		rm -rf "$d.old"
		[ -e "$d" ] && mv "$d" "$d.old"
		mv "$dl" "$d" && dl=""
		rm -rf "$d.old"
		echo "# $p $version: downloaded and unpacked in $(secs "$t0" "$(now)") s${have:+ (replaces $have)}"
	fi
	local n
	n=$(find "$d/root/usr/src" -mindepth 1 -maxdepth 1 -type d | wc -l)
	root=$(find "$d/root/usr/src" -mindepth 1 -maxdepth 1 -type d | head -1)
	if [ "$n" -ne 1 ]; then
		why="$d/root/usr/src holds $n folders, expected one source tree"
		return 1
	fi
	return 0
}

# compare PKG VERSION JSON EXPECTED UPDATE: match the findings of the report
# against the expected file; prints the differences and notes, exits 1 on a
# difference.  With UPDATE=1 rewrites EXPECTED instead (and exits 0).
compare() {
	python3 - "$@" <<'EOP'
import collections, json, os, re, sys

pkg, version, report, expected, update = sys.argv[1:6]
update = update == "1"
LINE = re.compile(r'^(?P<path>[^\s:][^:]*):(?P<line>[0-9]+): (?P<check>[a-z][a-z0-9-]*): '
                  r'(?P<func>[^\s:]+): (?P<text>.*)$')

def number(items):
    """{(path, check, function, occurrence): item}, occurrences in line order."""
    seen, out = collections.Counter(), {}
    for it in sorted(items, key=lambda i: (i["path"], i["line"], i["check"], i["func"])):
        k = (it["path"], it["check"], it["func"])
        seen[k] += 1
        out[k + (seen[k],)] = it
    return out

def show(it):
    return "%s:%d: %s: %s: %s" % (it["path"], it["line"], it["check"], it["func"], it["text"])

with open(report) as f:
    doc = json.load(f)
actual = []
for f in doc.get("findings", []):
    path = f["file"]
    while path.startswith("./"):
        path = path[2:]
    actual.append({"path": path, "line": f["line"], "check": f["check"],
                   "func": f.get("function") or "-",
                   "text": " ".join(f["message"].split())})

exp, comments, header, problems = [], [], None, []
if os.path.exists(expected):
    with open(expected) as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("# package:"):
                header = line[len("# package:"):].split()
            elif line.startswith("#"):
                comments.append(line)
            elif line.strip():
                m = LINE.match(line)
                if not m:
                    problems.append("%s:%d: not 'path:line: check-id: function: reason': %s"
                                    % (os.path.basename(expected), n, line))
                    continue
                d = m.groupdict()
                d["line"] = int(d["line"])
                exp.append(d)
elif not update:
    print("no %s: run scripts/check-real.sh --update %s, then triage it" % (expected, pkg))
    sys.exit(1)

A, E = number(actual), number(exp)
new = [A[k] for k in A if k not in E]
lost = [E[k] for k in E if k not in A]
moved = [(E[k], A[k]) for k in E if k in A and E[k]["line"] != A[k]["line"]]
notes = []
if header and header[1:2] != [version]:
    notes.append("note: %s was triaged on %s %s, the corpus is %s (lines may have moved)"
                 % (os.path.basename(expected), pkg, " ".join(header[1:]) or "?", version))
for e, a in moved:
    notes.append("note: line moved: %s: %s: %s: line %d, now %d"
                 % (a["path"], a["check"], a["func"], e["line"], a["line"]))
untriaged = [k for k in E if k in A and E[k]["text"].startswith("UNTRIAGED")]

if update:
    if not comments:
        comments = [
            "# addrlimit's findings on this package, triaged (scripts/check-real.sh, make check-real).",
            "# path:line: check-id: function: reason -- matched on path, check and function;",
            "# the line is informative.  reason: 'true bug: ...', 'false positive: ...', 'intended: ...'.",
            "# Regenerate with scripts/check-real.sh --update (new findings get UNTRIAGED).",
        ]
    out = ["# package: %s %s" % (pkg, version)] + comments
    for k in sorted(A, key=lambda k: (A[k]["path"], A[k]["line"], A[k]["check"], A[k]["func"])):
        a = A[k]
        reason = E[k]["text"] if k in E else "UNTRIAGED"
        out.append("%s:%d: %s: %s: %s" % (a["path"], a["line"], a["check"], a["func"], reason))
    with open(expected + ".tmp", "w") as f:
        f.write("\n".join(out) + "\n")
    os.replace(expected + ".tmp", expected)
    for p in problems:
        print("dropped malformed line: " + p)
    for e in lost:
        print("removed (no longer reported): " + show(e))
    for a in new:
        print("added as UNTRIAGED: " + show(a))
    for n in notes:
        print(n)
    sys.exit(0)

for p in problems:
    print(p)
for e in lost:
    print("lost finding: " + show(e))
for a in new:
    print("new finding: " + show(a))
for n in notes:
    print(n)
if untriaged:
    print("note: %d finding(s) still UNTRIAGED in %s" % (len(untriaged), os.path.basename(expected)))
sys.exit(1 if (problems or lost or new) else 0)
EOP
}

for p in $corpora; do
	version="" root="" why="" dl=""
	exec 9>"$cache/.$p.lock"
	if ! flock -w 3600 9; then
		bad "$p" "another run holds $cache/.$p.lock"
		continue
	fi
	if ! fetch "$p"; then
		bad "$p" "$why"
		exec 9>&-
		continue
	fi

	t0=$(now)
	(cd "$root" && "$bin" --format=json -j "$jobs" -q .) >"$tmp/$p.json" 2>"$tmp/$p.err"
	rc=$?
	t=$(secs "$t0" "$(now)")
	exec 9>&-
	if [ $rc -gt 2 ] || ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/$p.json" 2>/dev/null; then
		bad "$p" "addrlimit exited $rc after $t s without a JSON report
$(tail -20 "$tmp/$p.err")"
		continue
	fi
	# what the analyzer skipped is listed (exit 2 fails below)
	# (a folder with more than 5 is summed up, unless VERBOSE is set)
	python3 - "$tmp/$p.json" "$p" "$t" "$rc" "${VERBOSE:-}" <<'EOP'
import collections, json, os, sys
doc = json.load(open(sys.argv[1]))
errs = [e[2:] if e.startswith("./") else e for e in doc.get("errors", [])]
nfa = doc.get("not_fully_analysed", [])
print("# %s: analysed %d files (%d parsed) in %s s (exit %s), %d skipped, %d functions not fully analysed, %d findings"
      % (sys.argv[2], doc.get("files_analysed", 0), doc.get("files_parsed", 0), sys.argv[3], sys.argv[4], len(errs), len(nfa),
         len(doc.get("findings", []))))
by_dir = collections.OrderedDict()
for e in errs:
    by_dir.setdefault(os.path.dirname(e.split(":", 1)[0]), []).append(e)
for d, es in by_dir.items():
    if len(es) > 5 and not sys.argv[5]:
        print("#   skipped: %d files in %s/ (VERBOSE=1 lists them)" % (len(es), d or "."))
    else:
        for e in es:
            print("#   skipped: " + (e[:-len(", skipped")] if e.endswith(", skipped") else e))
EOP
	if [ $rc -eq 2 ]; then
		bad "$p: addrlimit exited 2 on a whole tree (skipped files must not make it 2)" \
			"$(grep -v '^addrlimit: warning: ' "$tmp/$p.err" | tail -20)"
	fi
	exp=$expdir/$p.expected
	n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$tmp/$p.json")
	[ $update = 1 ] && mkdir -p "$expdir"
	out=$(compare "$p" "$version" "$tmp/$p.json" "$exp" $update 2>&1)
	if [ $? -eq 0 ]; then
		if [ $update = 1 ]; then ok "$p ($n findings, ${exp#$top/} updated)"
		else ok "$p ($n findings, as expected)"; fi
		[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/#   /'
	else
		bad "$p$([ $update = 1 ] && echo ': --update')" "$out"
	fi
	# the relevance pass must not quietly grow the parse set: PKG.parsed
	# holds the most files a default run may parse (a summary that became
	# "news" to every caller once made 6.1 parse 18,058 files, not 11,081)
	if [ -f "$expdir/$p.parsed" ]; then
		most=$(grep -v '^#' "$expdir/$p.parsed" | head -1)
		got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("files_parsed", 0))' "$tmp/$p.json")
		if [ "$got" -le "$most" ]; then
			ok "$p: $got files parsed (at most $most)"
		else
			bad "$p: $got files parsed, more than the $most of ${expdir#$top/}/$p.parsed" \
				"the relevance pass asks for more files than before: see --stats"
		fi
	fi
	# the relevance pass must lose nothing that parsing every file finds
	t0=$(now)
	(cd "$root" && "$bin" --format=json -j "$jobs" -q --full .) >"$tmp/$p.full.json" 2>/dev/null
	tf=$(secs "$t0" "$(now)")
	out=$(python3 - "$tmp/$p.json" "$tmp/$p.full.json" <<'EOP'
import json, sys
try:
    a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
except ValueError as e:
    print("no JSON report from --full: %s" % e); sys.exit(1)
bad = False
for k in ("findings", "suppressed", "suppression_problems"):
    if a.get(k) != b.get(k):
        bad = True
        print("%s differ: %d with the relevance pass, %d with --full" % (k, len(a.get(k) or []), len(b.get(k) or [])))
sys.exit(1 if bad else 0)
EOP
)
	if [ $? -eq 0 ]; then
		ok "$p: --full (every file parsed, $tf s against $t s) gives the same findings"
	else
		bad "$p: the relevance pass and --full disagree" "$out"
	fi
	# each file parsed with bodies left out, parsed whole too: the pair
	# rules must take the same facts from both
	(cd "$root" && "$bin" --format=json -j "$jobs" -q --stats --verify-elision .) \
		>"$tmp/$p.verify.json" 2>"$tmp/$p.verify.err"
	bodies=$(grep -o 'bodies: [0-9]* files' "$tmp/$p.verify.err" | grep -o '[0-9]*')
	if ! grep -q 'elision differs' "$tmp/$p.verify.err" &&
	   cmp -s <(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["findings"])' "$tmp/$p.json") \
		  <(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["findings"])' "$tmp/$p.verify.json"); then
		ok "$p: --verify-elision: ${bodies:-0} files parsed with bodies left out give the pair rules the facts a whole parse gives"
	else
		bad "$p: --verify-elision found a difference" "$(grep -A20 'elision differs' "$tmp/$p.verify.err" | head -40)"
	fi
	# every body the token check settles, parsed and analysed all the
	# same (lock-unbalanced on: it judges every function): nothing
	# reported in it and nothing in its summary
	out=$(cd "$root" && "$bin" -j "$jobs" -q -Wlock-unbalanced --verify-token-locks . 2>&1 >/dev/null)
	settled=$(grep -o 'verify-token-locks: [0-9]* functions' <<<"$out" | grep -o '[0-9]*')
	if grep -Eq 'verify-token-locks: [0-9]+ functions settled from their tokens, 0 of them' <<<"$out" &&
	   ! grep -q 'token check differs' <<<"$out"; then
		ok "$p: --verify-token-locks: the ${settled:-0} functions settled from their tokens are silent and sum up as nothing"
	else
		bad "$p: --verify-token-locks found a difference" "$(grep -E 'token' <<<"$out" | head -40)"
	fi
done
finish
