# SPDX-License-Identifier: GPL-2.0
# One finding per root cause (src/analysis/program_fold.c): the callers a
# faulty return reaches are folded into it, in every output format, and
# --every-caller undoes it; baselines written before keep matching.
# Sourced by tests/run, which provides $bin, $tmp, $here, ok, bad and
# expect_run.

fold_case="$here/cases/ds-unbalanced-root-cause-folded.c"
mkdir -p "$tmp/fold"

# text: 3 findings (the loader's return and two ioctls with their own
# faults); --every-caller: 6, the loader's a warning again
n_top() { grep -cE '^[^:]+:[0-9]+:[0-9]+: (error|warning): ' || true; }
n=$("$bin" "$fold_case" 2>/dev/null | n_top)
m=$("$bin" --every-caller "$fold_case" 2>/dev/null | n_top)
if [ "$n" = 3 ] && [ "$m" = 6 ]; then
	ok "fold: 3 findings folded, 6 with --every-caller"
else
	bad "fold: 3 findings folded, 6 with --every-caller" "got $n and $m"
fi
expect_run "fold: the root cause takes its entry points' severity" 1 \
	":21:3: error: 'cal_load' returns .*; 2 entry points return to user mode through it \[ds-unbalanced\]" \
	"$bin" "$fold_case"
expect_run "fold: --every-caller leaves the helper a warning" 1 \
	":21:3: warning: 'cal_load' returns with the address limit raised on this path but restores it on others \[ds-unbalanced\]" \
	"$bin" --every-caller "$fold_case"

# SARIF: relatedLocations, level error; JSON: also; fingerprints are those
# of the findings reported one by one
"$bin" -f sarif "$fold_case" >"$tmp/fold/a.sarif" 2>/dev/null
"$bin" -f sarif --every-caller "$fold_case" >"$tmp/fold/b.sarif" 2>/dev/null
"$bin" -f json "$fold_case" >"$tmp/fold/a.json" 2>/dev/null
if python3 - "$tmp/fold/a.sarif" "$tmp/fold/b.sarif" "$tmp/fold/a.json" >"$tmp/fold/log" 2>&1 <<'EOP'
import json, sys
a = json.load(open(sys.argv[1]))["runs"][0]["results"]
b = json.load(open(sys.argv[2]))["runs"][0]["results"]
j = json.load(open(sys.argv[3]))["findings"]
root = [r for r in a if r["locations"][0]["physicalLocation"]["region"]["startLine"] == 21]
assert len(a) == 3 and len(b) == 6, (len(a), len(b))
assert len(root) == 1 and root[0]["level"] == "error", root
rel = root[0]["relatedLocations"]
lines = sorted(x["physicalLocation"]["region"]["startLine"] for x in rel)
assert lines == [31, 38, 44], lines
assert all(x["message"]["text"].endswith(("[ds-leak]", "[ds-unbalanced]")) for x in rel), rel
fa = {r["partialFingerprints"]["addrlimit/v1"] for r in a}
fb = {r["partialFingerprints"]["addrlimit/v1"] for r in b}
assert fa <= fb, "a folded finding's fingerprint is not the one it had alone"
jr = [f for f in j if f["line"] == 21][0]
assert jr["severity"] == "error" and [x["line"] for x in jr["also"]] == [31, 38, 44], jr
assert all("also" not in f for f in j if f["line"] != 21)
print("ok")
EOP
then
	ok "fold: SARIF relatedLocations, JSON also, fingerprints unchanged"
else
	bad "fold: SARIF relatedLocations, JSON also, fingerprints unchanged" "$(cat "$tmp/fold/log")"
fi
# a baseline written one finding per caller still hides everything; one
# written folded hides the root and leaves the callers to --every-caller
"$bin" --every-caller --write-baseline="$tmp/fold/old.sarif" "$fold_case" >/dev/null 2>&1
expect_run "fold: a baseline of every caller hides the folded report" 0 '^addrlimit: 3 findings in the baseline not reported$' \
	"$bin" --baseline="$tmp/fold/old.sarif" "$fold_case"
"$bin" --write-baseline="$tmp/fold/new.sarif" "$fold_case" >/dev/null 2>&1
n=$("$bin" --every-caller --baseline="$tmp/fold/new.sarif" "$fold_case" 2>/dev/null | n_top)
if [ "$n" = 3 ]; then
	ok "fold: a folded baseline leaves the 3 callers to --every-caller"
else
	bad "fold: a folded baseline leaves the 3 callers to --every-caller" "got $n"
fi

# across files: the helper in one file, the entry point in another
d="$here/cases/ds-leak-xfile-fold-root-cause"
if [ -d "$d" ]; then
	expect_run "fold: across files, the caller's leak is listed under the helper" 1 \
		'note: reached from here: .* by calling .* \[ds-leak\]' bash -c "cd '$d' && '$bin' ."
fi

# user pointers from one source: one finding, the others as "same source"
src_case="$here/cases/user-ptr-kernel-ds-underscore-sinks.c"
n=$("$bin" "$src_case" 2>/dev/null | n_top)
m=$("$bin" --every-caller "$src_case" 2>/dev/null | n_top)
s=$("$bin" "$src_case" 2>/dev/null | grep -c ': note: same source: .*\[user-ptr-kernel-ds\]$')
if [ "$n" = 1 ] && [ "$m" = 4 ] && [ "$s" = 3 ]; then
	ok "fold: four pointers from one source, one finding and three 'same source' notes"
else
	bad "fold: four pointers from one source, one finding and three 'same source' notes" "got $n, $m, $s"
fi
"$bin" -f json "$src_case" 2>/dev/null >"$tmp/fold/src.json"
expect_run "fold: JSON says the relation" 0 '^same-source same-source same-source$' \
	python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; print(" ".join(a["relation"] for a in f[0]["also"]))' "$tmp/fold/src.json"

# several causes: load_both's return (line 47) is listed under both helpers,
# not reported; load_a_in_window's (a setter raised too) stays a warning
two="$here/cases/ds-unbalanced-two-causes-folded.c"
out=$("$bin" "$two" 2>/dev/null)
top47=$(grep -cE ':47:2: (warning|error): ' <<<"$out")
rel47=$(grep -cE ":47:2: note: reached from here: .* by calling 'load_a' and 'load_b' \[ds-unbalanced\]$" <<<"$out")
top56=$(grep -cE ':56:2: warning: .*\[ds-unbalanced\]$' <<<"$out")
if [ "$top47" = 0 ] && [ "$rel47" = 2 ] && [ "$top56" = 1 ]; then
	ok "fold: a return raised by two reported helpers is listed under both; a setter keeps it"
else
	bad "fold: a return raised by two reported helpers is listed under both; a setter keeps it" \
		"top47=$top47 rel47=$rel47 top56=$top56
$out"
fi

# through a wrapper: one finding for the loader's bug, four entry points
# (the compat ioctl's two returns are one); --every-caller: the loader, the
# wrapper that returns its result, and five returns of the entry points
thr="$here/cases/ds-unbalanced-fold-through-wrapper.c"
n=$("$bin" "$thr" 2>/dev/null | n_top)
m=$("$bin" --every-caller "$thr" 2>/dev/null | n_top)
if [ "$n" = 1 ] && [ "$m" = 7 ]; then
	ok "fold: through a wrapper, 1 finding folded, 7 with --every-caller"
else
	bad "fold: through a wrapper, 1 finding folded, 7 with --every-caller" "got $n and $m"
fi
expect_run "fold: entry points are counted once each" 1 \
	":27:3: error: 'fw_load' returns .*; 4 entry points return to user mode through it \[ds-unbalanced\]" \
	"$bin" "$thr"

# calls that never return under one raise: one finding per window
oops_case="$here/cases/oops-in-window-one-raise-folded.c"
n=$("$bin" "$oops_case" 2>/dev/null | n_top)
m=$("$bin" --every-caller "$oops_case" 2>/dev/null | n_top)
s=$("$bin" "$oops_case" 2>/dev/null | grep -c ': note: same source: .*\[oops-in-window\]$')
if [ "$n" = 3 ] && [ "$m" = 5 ] && [ "$s" = 2 ]; then
	ok "fold: three BUG_ON()s under one raise, one finding and two 'same source' notes"
else
	bad "fold: three BUG_ON()s under one raise, one finding and two 'same source' notes" "got $n, $m, $s"
fi

# the returns of one function after one raise (or acquire): one finding
ret_case="$here/cases/ds-leak-returns-one-raise-folded.c"
out=$("$bin" "$ret_case" 2>/dev/null)
n=$(n_top <<<"$out")
m=$("$bin" --every-caller "$ret_case" 2>/dev/null | n_top)
s=$(grep -c ': note: same cause: .*\[\(ds-leak\|lock-held-return\)\]$' <<<"$out")
if [ "$n" = 5 ] && [ "$m" = 8 ] && [ "$s" = 3 ]; then
	ok "fold: returns after one raise or acquire, one finding each; two raises stay two"
else
	bad "fold: returns after one raise or acquire, one finding each; two raises stay two" "got $n, $m, $s
$out"
fi
expect_run "fold: the message counts the other returns" 1 \
	":30:3: error: .*'cal_store' .*\(KERNEL_DS\); 2 more returns after the same raise \[ds-leak\]$" \
	"$bin" "$ret_case"
"$bin" -f json "$ret_case" 2>/dev/null >"$tmp/fold/ret.json"
expect_run "fold: JSON says same-cause" 0 '^same-cause same-cause$' \
	python3 -c 'import json,sys; f=json.load(open(sys.argv[1]))["findings"]; print(" ".join(a["relation"] for a in f[0]["also"]))' "$tmp/fold/ret.json"

# a call cycle whose findings name each other as causes, the raise they
# carry a helper's that has its own finding: one finding, the cycle's in
# its also list (Goodix's gtp_i2c_write, Sony's MT6755 tree)
cyc="$here/cases/ds-unbalanced-call-cycle-one-root.c"
n=$("$bin" "$cyc" 2>/dev/null | n_top)
m=$("$bin" --every-caller "$cyc" 2>/dev/null | n_top)
if [ "$n" = 1 ] && [ "$m" = 6 ]; then
	ok "fold: a call cycle carrying a helper's raise is folded into the helper's finding"
else
	bad "fold: call cycle folded into the helper's finding" "got $n and $m (want 1 and 6)"
fi
