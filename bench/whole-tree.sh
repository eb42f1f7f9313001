#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Whole-tree cost of addrlimit, as ratios against baselines run in the same
# invocation (machine speed and noise cancel out of the ratios):
#   read   - `cat` of every *.c file: the I/O floor
#   grep   - `grep -l set_fs` over the same files: what a text search costs
#   first  - addrlimit's first pass alone (load, normalise, parse, facts):
#            `--dump-cfg=<no such function>` stops before the whole-tree pass
#   full   - addrlimit as a user runs it
#
#   bench/whole-tree.sh TREE [JOBS]
#
# Prints a Markdown table (wall seconds and ratio to `read`), then the
# `--stats` lines and the findings per check of the full run.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: bench/whole-tree.sh TREE [JOBS]}
jobs=${2:-2}
bin=${ADDRLIMIT:-$top/addrlimit}
[ -x "$bin" ] || { echo "no binary $bin (run make)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
timed() {	# NAME CMD...: wall seconds into $tmp/NAME.t
	local name=$1 t0 t1
	shift
	t0=$(now)
	"$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	t1=$(now)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }' >"$tmp/$name.t"
}

cd "$tree" || exit 2
find . -name '*.c' -type f -print0 | sort -z >"$tmp/files"
# warm the page cache so every row pays the same I/O
xargs -0 cat <"$tmp/files" >/dev/null
timed read sh -c "xargs -0 cat <'$tmp/files' >/dev/null"
timed grep sh -c "xargs -0 grep -l set_fs <'$tmp/files' >/dev/null"
timed first "$bin" -j"$jobs" --dump-cfg=__addrlimit_bench_no_such_function__ .
timed full "$bin" -j"$jobs" --stats .

base=$(cat "$tmp/read.t")
echo "| run | wall s | × read |"
echo "|---|---:|---:|"
for r in read grep first full; do
	t=$(cat "$tmp/$r.t")
	awk -v r="$r" -v t="$t" -v b="$base" 'BEGIN { printf "| %s | %.2f | %.1f |\n", r, t, t / b }'
done
echo
grep '^addrlimit: stats' "$tmp/full.err"
echo
grep -oE '\[[a-z-]+\]$' "$tmp/full.out" | sort | uniq -c
