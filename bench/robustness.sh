#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Whole-tree robustness run: the AddressSanitizer + UndefinedBehaviorSanitizer
# build (make SANITIZE=1) over every .c file of a kernel tree, in one run as
# a user would start it.  Reports: exit status (a signal or a status above 2
# is a crash), sanitizer reports, files skipped and why, functions over a
# budget, the slowest files, wall time and peak memory.
#   bench/robustness.sh TREE [JOBS]
# e.g. bench/robustness.sh /usr/src/linux-source-6.1 2
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: bench/robustness.sh TREE [JOBS]}
jobs=${2:-$(nproc)}
make -s -C "$top" SANITIZE=1 >/dev/null || exit 1
bin=$top/build/asan/addrlimit
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=0
/usr/bin/time -f 'wall %e s, peak RSS %M KiB' -o "$log.time" \
	"$bin" -q --stats -j"$jobs" --time-budget=120 "$tree" >"$log.out" 2>"$log"
rc=$?
echo "tree: $tree ($(find "$tree" -name '*.c' | wc -l) .c files), -j$jobs, $(date -u +%F)"
echo "exit status: $rc ($([ $rc -le 2 ] && echo 'no crash' || echo CRASH))"
echo "sanitizer reports: $(grep -cE 'ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:' "$log")"
grep -E 'ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:' "$log" | sort | uniq -c | head -20
echo "findings printed: $(grep -cE ': (error|warning): ' "$log.out")"
echo "files skipped: $(grep -c '^addrlimit: error: ' "$log")"
grep '^addrlimit: error: ' "$log" | sed -E 's/^[^:]*: error: [^:]*: //; s/[0-9]+/N/g' | sort | uniq -c | sort -rn | head
grep '^addrlimit: stats:' "$log"
cat "$log.time"
rm -f "$log.out" "$log.time"
[ $rc -le 2 ] && ! grep -qE 'ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:' "$log"
