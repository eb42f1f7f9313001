#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# One command, one invocation: time addrlimit on a tree against the floor
# (grep -rn and rg of the rules' identifiers) and against Coccinelle
# (spatch with bench/setfs.cocci), the median of RUNS runs each, with peak
# memory, and print the ratios.  Times on these machines are noisy: only
# the ratios within one invocation mean something.
#   bench/bench.sh TREE [RUNS] [JOBS]     (ADDRLIMIT=binary, default ./addrlimit)
# With BASELINE=/path/to/an/older/addrlimit in the environment it compares
# instead: the grep floor, then the older and this binary on the same rows
# (default checks, --full, address limit only), runs alternated between the
# two so drift on a noisy machine hits both, and prints new / old ratios
# (the restructuring's "speed unchanged" evidence); BENCH_ROWS="default limit"
# picks rows (lockunb: the default checks and -Wlock-unbalanced; touched and
# edited: a --cache re-run after one file was touched or edited, each binary
# with its own database filled by an untimed run first, the row made stale
# by bench/stale-cache.py untimed before each run: with BENCH_EDIT=SUFFIX
# the file whose path ends so, e.g. a driver the relevance pass parses,
# else the first by path).  The row
# xfile is the default checks with --pairs-across-files;
# without BASELINE, the tree's scripts/coccinelle/locks/mini_lock.cocci
# (the kernel's own lock check) is timed once when spatch is installed
# (BENCH_MINILOCK=0 skips it: it takes minutes to tens of minutes;
# BENCH_MINILOCK_OUT=FILE keeps its reports);
# with the default row in the same invocation it also prints what the flag
# costs each binary (xfile / default).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tree=${1:?usage: bench/bench.sh TREE [RUNS] [JOBS]}
runs=${2:-3}
jobs=${3:-$(nproc)}
bin=${ADDRLIMIT:-$top/addrlimit}
tmp=$(mktemp -d)
# the identifiers every default rule keys on: the address limit's and the
# open/close calls of the paired-state rules (addrlimit --list-rules)
lids="set_fs|get_fs|KERNEL_DS|USER_DS|get_ds|force_uaccess_begin|force_uaccess_end"
ids="$lids|$("$bin" --list-rules |
	sed -n -E 's/^  (open |close): //p' | tr ' ' '\n' | sed 's/\[.*//' | grep . | sort -u | paste -sd'|')"
trap 'rm -rf "$tmp"' EXIT

# median wall seconds and max peak RSS (KiB) of RUNS runs of a command
measure() {	# NAME CMD...
	local name=$1 i
	shift
	: >"$tmp/$name.t"
	for ((i = 0; i < runs; i++)); do
		# stdout to a file, never /dev/null: GNU grep (since 2.26)
		# notices /dev/null and stops reading each file at its first
		# match, as -l would; a user's grep -rn prints every line
		/usr/bin/time -f '%e %M' -o "$tmp/one" "$@" >"$tmp/out" 2>&1
		tail -n 1 "$tmp/one" >>"$tmp/$name.t"	# after "Command exited with non-zero status"
	done
	local med rss
	med=$(cut -d' ' -f1 "$tmp/$name.t" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
	rss=$(cut -d' ' -f2 "$tmp/$name.t" | sort -n | tail -1)
	echo "$med $rss" >"$tmp/$name.r"
	printf '%-34s %9.2f s %10d KiB\n' "$name" "$med" "$rss"
}
# every paired-state check (the "address limit only" rows disable them all)
pair_checks() { "$bin" --list-checks | awk '$1 ~ /^(lock-|pair-|uaccess-)/ { print $1 }' | paste -sd,; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf (b > 0 ? "%.1f" : "n/a"), a / b }'; }

echo "tree: $tree ($(find "$tree" -name '*.c' | wc -l) .c files), $runs runs, -j$jobs, $(date -u +%F), $(nproc) CPUs"
find "$tree" -name '*.c' -exec cat {} + >/dev/null	# the whole tree: every tool reads it warm
if [ -n "${BASELINE:-}" ]; then
	measure "grep -rn (identifiers)" grep -rnE --include='*.c' "$ids" "$tree"
	g=$(cut -d' ' -f1 "$tmp/grep -rn (identifiers).r")
	pairs=$(pair_checks)
	for row in ${BENCH_ROWS:-default full limit}; do
		case $row in
		default) args=() ;;
		full) args=(--full) ;;
		limit) args=(--disable=$pairs) ;;
		xfile) args=(--pairs-across-files) ;;
		lockunb) args=(-Wlock-unbalanced) ;;
		touched | edited) args=() ;;
		esac
		: >"$tmp/old.t"; : >"$tmp/new.t"
		for ((i = 0; i < runs; i++)); do
			for w in old new; do
				[ $w = old ] && b=$BASELINE || b=$bin
				cargs=()
				if [ "$row" = touched ] || [ "$row" = edited ]; then
					cargs=(--cache="$tmp/$w.sqlite")
					[ -f "$tmp/$w.sqlite" ] ||
						"$b" -q -j"$jobs" "${cargs[@]}" "$tree" >/dev/null 2>&1
					python3 "$top/bench/stale-cache.py" "$tmp/$w.sqlite" $row \
						"${BENCH_EDIT:-}" || exit 1
				fi
				/usr/bin/time -f '%e %M' -o "$tmp/one" "$b" -q -j"$jobs" "${args[@]}" \
					"${cargs[@]}" "$tree" >"$tmp/out" 2>&1
				tail -n 1 "$tmp/one" >>"$tmp/$w.t"
			done
		done
		for w in old new; do
			med=$(cut -d' ' -f1 "$tmp/$w.t" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
			rss=$(cut -d' ' -f2 "$tmp/$w.t" | sort -n | tail -1)
			printf '%-34s %9.2f s %10d KiB  (%s x grep)\n' "addrlimit $row, $w" "$med" "$rss" \
				"$(ratio "$med" "$g")"
			eval "med_$w=$med"
		done
		echo "addrlimit $row: new / old = $(ratio "$med_new" "$med_old") x (runs: old $(cut -d' ' -f1 "$tmp/old.t" | paste -sd' '), new $(cut -d' ' -f1 "$tmp/new.t" | paste -sd' '))"
		eval "row_old_$row=$med_old row_new_$row=$med_new"
	done
	if [ -n "${row_new_xfile:-}" ] && [ -n "${row_new_default:-}" ]; then
		echo "--pairs-across-files / default: old $(awk -v a="$row_old_xfile" -v b="$row_old_default" 'BEGIN { printf "%.2f", a / b }') x, new $(awk -v a="$row_new_xfile" -v b="$row_new_default" 'BEGIN { printf "%.2f", a / b }') x"
	fi
	exit 0
fi
measure "grep -rn (identifiers)" grep -rnE --include='*.c' "$ids" "$tree"
command -v rg >/dev/null && measure "rg -n (identifiers)" rg -n -g '*.c' -e "$ids" "$tree"
measure "grep -rn (address-limit names)" grep -rnE --include='*.c' "$lids" "$tree"
measure "addrlimit -j$jobs" "$bin" -q -j"$jobs" "$tree"
measure "addrlimit -j$jobs --full" "$bin" -q -j"$jobs" --full "$tree"
# the parse floor: every file loaded, normalised and parsed as --full does, nothing checked
measure "addrlimit -j$jobs --full --parse-only" "$bin" -q -j"$jobs" --full --parse-only "$tree"
pairs=$(pair_checks)
measure "addrlimit -j$jobs, address limit only" "$bin" -q -j"$jobs" --disable=$pairs "$tree"
if command -v spatch >/dev/null; then
	measure "spatch -j $jobs (setfs.cocci)" spatch -j "$jobs" --very-quiet --no-includes \
		--sp-file "$top/bench/setfs.cocci" --dir "$tree"
fi
# the kernel's own lock check, where the tree has it: one run (it takes
# minutes to tens of minutes on a whole tree); BENCH_MINILOCK=0 skips it
minilock=$tree/scripts/coccinelle/locks/mini_lock.cocci
if command -v spatch >/dev/null && [ -f "$minilock" ] && [ "${BENCH_MINILOCK:-1}" != 0 ]; then
	saved_runs=$runs
	runs=1
	# as `make coccicheck MODE=report` runs it (the script's Options line)
	measure "spatch -j $jobs (mini_lock.cocci)" spatch -D report -j "$jobs" --very-quiet \
		--no-includes --include-headers --cocci-file "$minilock" --dir "$tree"
	# its reports, to compare with addrlimit's (BENCH_MINILOCK_OUT=FILE)
	[ -n "${BENCH_MINILOCK_OUT:-}" ] && cp "$tmp/out" "$BENCH_MINILOCK_OUT"
	runs=$saved_runs
fi
# the cache: cold (a new database each run), then warm with one file
# touched, and with one file edited (bench/stale-cache.py makes the
# database's row stale: the tree itself is never written to)
db=$tmp/cache.sqlite
measure "addrlimit --cache, cold" sh -c 'rm -f "$1"*; exec "$2" -q -j"$3" --cache="$1" "$4"' - \
	"$db" "$bin" "$jobs" "$tree"
"$bin" -q -j"$jobs" --cache="$db" "$tree" >/dev/null 2>&1
for m in touched edited; do
	measure "addrlimit --cache, 1 file $m" sh -c 'python3 "$5" "$1" "$6" && exec "$2" -q -j"$3" --cache="$1" "$4"' - \
		"$db" "$bin" "$jobs" "$tree" "$top/bench/stale-cache.py" "$m"
done
measure "stale-cache.py alone" python3 "$top/bench/stale-cache.py" "$db" touched
echo "cache database: $(du -k "$db" | cut -f1) KiB"
a=$(cut -d' ' -f1 "$tmp/addrlimit -j$jobs.r")
g=$(cut -d' ' -f1 "$tmp/grep -rn (identifiers).r")
echo "addrlimit / grep -rn: $(ratio "$a" "$g") x"
f=$(cut -d' ' -f1 "$tmp/addrlimit -j$jobs --full.r")
echo "addrlimit --full / grep -rn: $(ratio "$f" "$g") x (--full / relevance pass: $(ratio "$f" "$a") x)"
p=$(cut -d' ' -f1 "$tmp/addrlimit -j$jobs --full --parse-only.r")
echo "addrlimit --full / its parse floor (--full --parse-only): $(ratio "$f" "$p") x"
l=$(cut -d' ' -f1 "$tmp/addrlimit -j$jobs, address limit only.r")
lg=$(cut -d' ' -f1 "$tmp/grep -rn (address-limit names).r")
echo "addrlimit, address limit only / grep -rn of its names: $(ratio "$l" "$lg") x"
if [ -f "$tmp/spatch -j $jobs (setfs.cocci).r" ]; then
	s=$(cut -d' ' -f1 "$tmp/spatch -j $jobs (setfs.cocci).r")
	echo "spatch / addrlimit: $(ratio "$s" "$a") x"
	echo "spatch / addrlimit, address limit only: $(ratio "$s" "$l") x"
fi
if [ -f "$tmp/spatch -j $jobs (mini_lock.cocci).r" ]; then
	m=$(cut -d' ' -f1 "$tmp/spatch -j $jobs (mini_lock.cocci).r")
	echo "spatch mini_lock.cocci / addrlimit: $(ratio "$m" "$a") x"
fi
py=$(cut -d' ' -f1 "$tmp/stale-cache.py alone.r")
w=$(awk -v a="$(cut -d' ' -f1 "$tmp/addrlimit --cache, 1 file touched.r")" -v b="$py" 'BEGIN { printf "%.2f", a - b }')
e=$(awk -v a="$(cut -d' ' -f1 "$tmp/addrlimit --cache, 1 file edited.r")" -v b="$py" 'BEGIN { printf "%.2f", a - b }')
echo "addrlimit --cache without the row ageing: 1 file touched $w s, 1 file edited $e s"
echo "addrlimit --cache, 1 file touched / grep -rn: $(ratio "$w" "$g") x (cold / warm: $(ratio "$a" "$w") x)"
echo "addrlimit --cache, 1 file edited / cold: $(ratio "$e" "$a") x"
