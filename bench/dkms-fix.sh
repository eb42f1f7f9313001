#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Run `addrlimit --fix --compat` over the Debian DKMS packages that still
# contain set_fs() (fetched with apt-get download at run time, cached, never
# committed) and report, per package: set_fs() lines, windows rewritten,
# windows left with a reason (the setfs-migrate notes), set_fs() lines left
# (under version or configure guards: already ported, left alone), whether
# the patch applies, and -- for the packages that build with plain kbuild --
# whether the result still builds against Debian's 6.1 headers.
#   bench/dkms-fix.sh [ADDRLIMIT]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/addrlimit}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/addrlimit-bench/dkms
pkgs="lime-forensics-dkms openafs-modules-dkms dahdi-dkms falcosecurity-scap-dkms"
mkdir -p "$cache"
cd "$cache" || exit 1
for p in $pkgs; do
	ls "$p"_*.deb >/dev/null 2>&1 && continue
	apt-get download "$p" >/dev/null 2>&1 || { apt-get update -qq && apt-get download "$p"; } || exit 1
done
kdir=$(ls -d /usr/src/linux-headers-6.1.*-amd64 2>/dev/null | sort -V | tail -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-26s %7s %9s %8s %10s %7s %s\n' package set_fs rewritten "note" "left(#if)" applies "builds on 6.1 after"
for p in $pkgs; do
	deb=$(ls "$p"_*.deb | head -1)
	dpkg-deb -x "$deb" "$work/$p"
	src=$(ls -d "$work/$p"/usr/src/*/ | head -1)
	before=$(grep -rE --include='*.[ch]' 'set_fs\(' "$src" | wc -l)
	(cd "$src" && "$bin" -q --fix --compat . >"$work/$p.diff" 2>"$work/$p.notes")
	rewritten=$(grep -c 'can be rewritten' "$work/$p.notes")
	notes=$(grep -c 'cannot be rewritten\|spans functions' "$work/$p.notes")
	applies=yes
	if [ -s "$work/$p.diff" ]; then
		(cd "$src" && git apply "$work/$p.diff") || applies=no
	fi
	after=$(grep -rE --include='*.[ch]' 'set_fs\(' "$src" | grep -vE '^\s*//' | wc -l)
	builds="not tried (needs the package's configure)"
	if [ -n "$kdir" ] && [ -f "$src/Makefile" ] && grep -qE 'obj-m|obj-\$' "$src"/Makefile "$src"/Kbuild 2>/dev/null &&
	   [ "$p" != dahdi-dkms ] && [ "$p" != openafs-modules-dkms ]; then
		if make -s -C "$kdir" M="$src" modules >"$work/$p.build" 2>&1; then builds=yes
		else builds="no: $(grep -m1 'error' "$work/$p.build")"; fi
	fi
	printf '%-26s %7s %9s %8s %10s %7s %s\n' "$p" "$before" "$rewritten" "$notes" "$after" "$applies" "$builds"
	grep -h 'setfs-migrate' "$work/$p.notes" | sed 's/^/    /'
done
