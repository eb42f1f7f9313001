# SPDX-License-Identifier: GPL-2.0
# Sourced by tests/run: the worked example of docs/hacking.md ("Adding a
# check") still works as written.  Its two pieces — the check's file and its
# diag.def row, kept in docs/examples/toy-check/ and shown verbatim in the
# guide — are applied to a copy of src/, which must build without a warning
# and report the sample's one finding, with its path, and nothing else.
# Uses ok/bad from tests/run.

toy=$top/docs/examples/toy-check
guide=$top/docs/hacking.md
# the guide shows the files as they are
for f in check_sleep.c diag.def.row; do
	if python3 - "$guide" "$toy/$f" "$f" <<'PY'
import sys
guide, path, name = sys.argv[1:]
text = open(guide).read()
mark = '<!-- toy-check: %s -->' % name
i = text.find(mark)
if i < 0:
    sys.exit('no %s in the guide' % mark)
start = text.index('\n', text.index('```', i)) + 1
block = text[start:text.index('\n```', start) + 1]
sys.exit(0 if block == open(path).read() else '%s in the guide differs from %s' % (name, path))
PY
	then
		ok "hacking: docs/hacking.md shows $f as it is in docs/examples/toy-check"
	else
		bad "hacking: docs/hacking.md and docs/examples/toy-check/$f differ"
	fi
done

if [ ! -d "$top/deps" ]; then
	bad "hacking: no deps/ (run make first)"
else
	tc=$tmp/toy-tree
	mkdir -p "$tc"
	cp -r "$top/src" "$top/scripts" "$top/Makefile" "$tc/"
	ln -s "$top/deps" "$tc/deps"
	cp "$toy/check_sleep.c" "$tc/src/checks/"
	cat "$toy/diag.def.row" >>"$tc/src/report/diag.def"
	# a plain release build whatever this suite runs under (make check
	# SANITIZE=1 passes its variables down through MAKEFLAGS)
	if ! out=$(MAKEFLAGS= MAKELEVEL= make -C "$tc" -j2 SANITIZE=0 all 2>&1); then
		bad "hacking: the tree with the toy check does not build" "$(tail -20 <<<"$out")"
	elif grep -q 'warning:' <<<"$out"; then
		bad "hacking: the toy check builds with warnings" "$(grep 'warning:' <<<"$out")"
	else
		out=$(cd "$toy" && "$tc/addrlimit" sleep.c 2>&1); rc=$?
		want="sleep.c:8:3: warning: 'dev_poll' may sleep while a spinlock is held [sleep-in-spinlock]
sleep.c:6:2: note: spinlock taken here
sleep.c:7:6: note: condition 'wait' is true"
		if [ $rc -eq 1 ] && [ "$out" = "$want" ]; then
			ok "hacking: the toy check of the guide builds and reports its sample"
		else
			bad "hacking: the toy check's report (exit $rc)" "$(diff <(echo "$want") <(echo "$out"))"
		fi
		out=$("$tc/addrlimit" --list-checks 2>&1)
		if grep -q '^sleep-in-spinlock' <<<"$out"; then
			ok "hacking: the toy check's one diag.def row lists it in --list-checks"
		else
			bad "hacking: --list-checks does not list sleep-in-spinlock" "$out"
		fi
	fi
fi
