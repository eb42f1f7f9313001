#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Cost of the run-time address-limit check, measured on the oracle's
# model of system-call entry and exit (tests/oracle/model.c): a loop of
# simulated system calls built once per check form, instructions counted
# with callgrind inside the loop only.
#
#   bash bench/oracle-cost.sh            (CALLS=1000000 EVERY=100 by default)
#
# Forms: none (CONFIG_ADDR_LIMIT_CHECK opted out), generic (check in every
# syscall wrapper), flag-arm64 (TIF_FSCHECK in the exit-work mask), flag-x86
# (TIF_FSCHECK tested once before the exit work).  For each: instructions
# per call when no call raises the limit, when one call in EVERY does, and
# when every call does.  Needs gcc and valgrind.

set -u
export LC_ALL=C
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
oracle=$(cd "$here/../tests/oracle" && pwd)
CC=${CC:-gcc}
CALLS=${CALLS:-1000000}
EVERY=${EVERY:-100}
CFLAGS="-std=gnu11 -O2 -fPIE -fno-strict-aliasing -w"

command -v valgrind >/dev/null || { echo "oracle-cost: valgrind is needed" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/addrlimit-cost.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

names=([0]=none [1]=generic [2]=flag-arm64 [3]=flag-x86)
$CC $CFLAGS -I"$oracle" -c "$oracle/oracle_os.c" -o "$work/os.o" || exit 1
$CC $CFLAGS -c "$here/oracle-cost/main.c" -o "$work/main.o" || exit 1
for f in 0 1 2 3; do
	$CC $CFLAGS -DORACLE_FORM=$f -I"$oracle/include" -I"$oracle" -c "$oracle/model.c" -o "$work/model.$f.o" &&
	$CC $CFLAGS -DORACLE_FORM=$f -I"$oracle/include" -I"$oracle" -c "$here/oracle-cost/loop.c" -o "$work/loop.$f.o" &&
	$CC -pie -o "$work/bench.$f" "$work/main.o" "$work/loop.$f.o" "$work/model.$f.o" "$work/os.o" || exit 1
done

# Instructions executed inside bench_loop (and what it calls), per call.
count() {	# FORM EVERY
	local out="$work/cg.$1.$2"
	valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect=bench_loop \
		"$work/bench.$1" "$CALLS" "$2" >/dev/null 2>"$work/vg.err" || {
		echo "oracle-cost: valgrind failed: $(tail -1 "$work/vg.err")" >&2; exit 1; }
	local ir
	ir=$(sed -n 's/^totals: *\([0-9]*\).*/\1/p; s/^summary: *\([0-9]*\).*/\1/p' "$out" | head -1)
	awk -v ir="$ir" -v n="$CALLS" 'BEGIN { printf "%.2f", ir / n }'
}

echo "# oracle-cost: $CALLS simulated system calls per run; $(valgrind --version); $($CC --version | head -1)"
printf '%-12s %14s %14s %14s %12s %12s\n' form "no-raise" "1-in-$EVERY" "every-call" "+no-raise" "+1-in-$EVERY"
declare -A base
for f in 0 1 2 3; do
	a=$(count $f 0); b=$(count $f "$EVERY"); c=$(count $f 1)
	if [ $f = 0 ]; then base[a]=$a; base[b]=$b; fi
	printf '%-12s %14s %14s %14s %12s %12s\n' "${names[$f]}" "$a" "$b" "$c" \
		"$(awk -v x="$a" -v y="${base[a]}" 'BEGIN { printf "%+.2f", x - y }')" \
		"$(awk -v x="$b" -v y="${base[b]}" 'BEGIN { printf "%+.2f", x - y }')"
done
echo "# instructions per simulated system call (callgrind Ir inside bench_loop, divided by $CALLS);"
echo "# +columns: difference from the form without a check"
