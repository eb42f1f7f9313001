#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# One command, one invocation: time addrlimit on a tree against the floor
# (grep -rn and rg of the rules' identifiers) and against Coccinelle
# (spatch with bench/setfs.cocci), the median of RUNS runs each, with peak
# memory, and print the ratios.  Times on these machines are noisy: only
# the ratios within one invocation mean something.
#   bench/bench.sh TREE [RUNS] [JOBS]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: bench/bench.sh TREE [RUNS] [JOBS]}
runs=${2:-3}
jobs=${3:-$(nproc)}
bin=$top/addrlimit
ids='set_fs|get_fs|KERNEL_DS|USER_DS|get_ds|force_uaccess_begin|force_uaccess_end'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# median wall seconds and max peak RSS (KiB) of RUNS runs of a command
measure() {	# NAME CMD...
	local name=$1 i
	shift
	: >"$tmp/$name.t"
	for ((i = 0; i < runs; i++)); do
		/usr/bin/time -f '%e %M' -o "$tmp/one" "$@" >/dev/null 2>&1
		tail -n 1 "$tmp/one" >>"$tmp/$name.t"	# after "Command exited with non-zero status"
	done
	local med rss
	med=$(cut -d' ' -f1 "$tmp/$name.t" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	rss=$(cut -d' ' -f2 "$tmp/$name.t" | sort -n | tail -1)
	echo "$med $rss" >"$tmp/$name.r"
	printf '%-34s %9.2f s %10d KiB\n' "$name" "$med" "$rss"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf (b > 0 ? "%.1f" : "n/a"), a / b }'; }

echo "tree: $tree ($(find "$tree" -name '*.c' | wc -l) .c files), $runs runs, -j$jobs, $(date -u +%F), $(nproc) CPUs"
find "$tree" -name '*.c' -exec cat {} + >/dev/null	# the whole tree: every tool reads it warm
measure "grep -rn (identifiers)" grep -rnE --include='*.c' "$ids" "$tree"
command -v rg >/dev/null && measure "rg -n (identifiers)" rg -n -g '*.c' -e "$ids" "$tree"
measure "addrlimit -j$jobs" "$bin" -q -j"$jobs" "$tree"
if command -v spatch >/dev/null; then
	measure "spatch -j $jobs (setfs.cocci)" spatch -j "$jobs" --very-quiet --no-includes \
		--sp-file "$top/bench/setfs.cocci" --dir "$tree"
fi
echo "warm re-run after touching one file: n/a (no result cache yet, see issue 7)"
a=$(cut -d' ' -f1 "$tmp/addrlimit -j$jobs.r")
g=$(cut -d' ' -f1 "$tmp/grep -rn (identifiers).r")
echo "addrlimit / grep -rn: $(ratio "$a" "$g") x"
if [ -f "$tmp/spatch -j $jobs (setfs.cocci).r" ]; then
	s=$(cut -d' ' -f1 "$tmp/spatch -j $jobs (setfs.cocci).r")
	echo "spatch / addrlimit: $(ratio "$s" "$a") x"
fi
