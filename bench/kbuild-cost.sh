#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# What addrlimit costs as kbuild's checker (issue 20's target: its time per
# file at most 20% of gcc's compile time of the same file, over a module
# build with C=2).  Each module is built once with
#   make -C KDIR M=DIR C=2 CC="<timer> gcc" CHECK="<timer> addrlimit" modules
# where the timer logs each invocation's wall-clock time and its .c file;
# the files are then matched and the per-file ratios printed, with the
# totals.  Nothing in the module folders is written: each is copied first.
#   bench/kbuild-cost.sh [MODULE_DIR...]
# Without arguments: tests/kbuild/* and, when `make check-real` has fetched
# them, the DKMS packages that build with plain kbuild (lime-forensics,
# falcosecurity-scap).  ADDRLIMIT=path picks the binary; KDIR the headers
# (default: Debian's newest linux-headers-6.1.*-amd64).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${ADDRLIMIT:-$top/addrlimit}
kdir=${KDIR:-$(ls -d /usr/src/linux-headers-6.1.*-amd64 2>/dev/null | sort -V | tail -1)}
if [ -z "$kdir" ] || [ ! -f "$kdir/Makefile" ]; then
	echo "kbuild-cost: no kernel headers (apt-get install linux-headers-amd64, or KDIR=)" >&2
	exit 2
fi
[ -x "$bin" ] || { echo "kbuild-cost: $bin: not built" >&2; exit 2; }
mods=("$@")
if [ ${#mods[@]} -eq 0 ]; then
	for d in "$top"/tests/kbuild/*/; do mods+=("${d%/}"); done
	real=${XDG_CACHE_HOME:-$HOME/.cache}/addrlimit/real
	for p in lime-forensics-dkms falcosecurity-scap-dkms; do
		d=$(ls -d "$real/$p"/root/usr/src/*/ 2>/dev/null | head -1)
		[ -n "$d" ] && mods+=("${d%/}")
	done
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the timer: run the command, log "microseconds file.c" for a command
# that names a .c file (not kbuild's own NAME.mod.c)
cat >"$tmp/timer" <<'T'
#!/usr/bin/env bash
log=$1; shift
src=
for a in "$@"; do case $a in *.mod.c) ;; *.c) src=$a ;; esac; done
s=$(date +%s%N)
"$@"
rc=$?
e=$(date +%s%N)
[ -n "$src" ] && echo "$(( (e - s) / 1000 )) $(basename "$src")" >>"$log"
exit $rc
T
chmod +x "$tmp/timer"
echo "kbuild-cost: $bin, headers $kdir, $(date -u +%F), $(nproc) CPUs"
printf '%-28s %-28s %9s %9s %7s\n' module file "gcc s" "check s" ratio
all_cc=0 all_ck=0 worst=0
for m in "${mods[@]}"; do
	name=$(basename "$m")
	d=$tmp/mod-$name
	cp -r "$m" "$d"
	: >"$tmp/cc.log"; : >"$tmp/check.log"
	if ! make -s -j1 -C "$kdir" M="$d" C=2 CC="$tmp/timer $tmp/cc.log gcc" \
		CHECK="$tmp/timer $tmp/check.log $bin" modules >"$tmp/build.log" 2>&1; then
		echo "kbuild-cost: $name: build failed (see below); skipped" >&2
		tail -n 5 "$tmp/build.log" | sed 's/^/#   /' >&2
		continue
	fi
	while read -r us f; do
		ck=$(awk -v f="$f" '$2 == f { print $1; exit }' "$tmp/check.log")
		[ -n "$ck" ] || continue
		r=$(awk -v a="$ck" -v b="$us" 'BEGIN { printf "%.3f", a / b }')
		printf '%-28s %-28s %9.3f %9.3f %7s\n' "${name:0:28}" "${f:0:28}" \
			"$(awk -v a="$us" 'BEGIN { print a / 1e6 }')" \
			"$(awk -v a="$ck" 'BEGIN { print a / 1e6 }')" "$r"
		all_cc=$((all_cc + us))
		all_ck=$((all_ck + ck))
		worst=$(awk -v a="$r" -v b="$worst" 'BEGIN { print (a > b ? a : b) }')
	done <"$tmp/cc.log"
done
[ "$all_cc" -gt 0 ] || { echo "kbuild-cost: nothing was built" >&2; exit 1; }
echo "total: gcc $(awk -v a="$all_cc" 'BEGIN { printf "%.2f", a / 1e6 }') s, addrlimit $(awk -v a="$all_ck" 'BEGIN { printf "%.2f", a / 1e6 }') s:" \
	"checker / compiler $(awk -v a="$all_ck" -v b="$all_cc" 'BEGIN { printf "%.3f", a / b }') over all files, worst file $worst (target <= 0.20 per file)"
