#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Parse coverage of addrlimit on a whole kernel tree: how many functions the
# tree-sitter grammar reads without an ERROR or MISSING node, with and
# without the kernel-dialect normalisation (src/normalize.c).
#
#   bench/parse-coverage.sh [KERNEL_DIR]
#
# KERNEL_DIR defaults to /work/linux/linux-source-6.1; when it does not
# exist it is unpacked from /usr/src/linux-source-6.1.tar.xz (Debian package
# linux-source-6.1), outside this repository.
# Environment: ADDRLIMIT (binary, default ./addrlimit), JOBS (default 2),
# BASELINE (optional second binary, e.g. one built from an older
# normalize.c, measured as an extra row).
#
# Prints a Markdown table: one row per configuration with the figures from
# `addrlimit --stats` and the wall time.  A run that dies on a signal is
# reported as a crash (exit status >= 128); exit status 2 only means some
# files were skipped (binary, over-size, or more than half syntax errors).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
src=${1:-/work/linux/linux-source-6.1}
bin=${ADDRLIMIT:-$top/addrlimit}
jobs=${JOBS:-2}
tarball=/usr/src/linux-source-6.1.tar.xz

if [ ! -d "$src" ]; then
	if [ ! -f "$tarball" ]; then
		echo "no $src and no $tarball (apt-get install linux-source-6.1)" >&2
		exit 2
	fi
	mkdir -p "$(dirname "$src")"
	tar xJf "$tarball" -C "$(dirname "$src")" || exit 2
fi
[ -x "$bin" ] || { echo "no binary $bin (run make)" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

echo "tree: $src ($(find "$src" -name '*.c' -type f | wc -l) .c files), $(nproc) cores, -j$jobs, $(date -u +%Y-%m-%d)"
echo
echo "| configuration | functions | with parse errors | share | bytes understood | files skipped | wall time | exit |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"

row() {
	local label=$1; shift
	local t0 t1 rc
	t0=$(date +%s.%N)
	"$@" --stats -j"$jobs" "$src" >/dev/null 2>"$tmp/err"
	rc=$?
	t1=$(date +%s.%N)
	local wall fns errs share und skipped
	wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.0f s", b - a }')
	fns=$(sed -n 's/.*stats: functions \([0-9]*\), with parse errors.*/\1/p' "$tmp/err")
	errs=$(sed -n 's/.*with parse errors \([0-9]*\) (.*/\1/p' "$tmp/err")
	share=$(sed -n 's/.*with parse errors [0-9]* (\([0-9.]*%\)).*/\1/p' "$tmp/err")
	und=$(sed -n 's/.*bytes [0-9]* (\([0-9.]*%\) understood).*/\1/p' "$tmp/err")
	skipped=$(sed -n 's/.*files read [0-9]*, skipped \([0-9]*\),.*/\1/p' "$tmp/err")
	local exitcol=$rc
	if [ "$rc" -ge 128 ]; then
		exitcol="$rc CRASH"
		status=1
		tail -5 "$tmp/err" >&2
	fi
	echo "| $label | ${fns:-?} | ${errs:-?} | ${share:-?} | ${und:-?} | ${skipped:-?} | $wall | $exitcol |"
}

row "raw (--no-normalize)" "$bin" --no-normalize
if [ -n "${BASELINE:-}" ]; then
	row "baseline ($(basename "$BASELINE"))" "$BASELINE"
fi
row "normalised" "$bin"
exit $status
