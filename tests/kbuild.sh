#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make check-kbuild: addrlimit as kbuild's checker (make C=2 CHECK=addrlimit)
# on sample out-of-tree modules, against Debian's 6.1 kernel headers
# (linux-headers-amd64, installed here when missing; we do not rely on
# /lib/modules/$(uname -r)/build).  Each module in tests/kbuild/NAME/ has
# expected.txt: the findings as FILE:LINE:CHECK, one per line.
# Ends with "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=${ADDRLIMIT:-$here/../addrlimit}
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "ok - $1"; }
bad() { fail=$((fail + 1)); echo "not ok - $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/#   /'; }

headers() { ls -d /usr/src/linux-headers-6.1.*-amd64 2>/dev/null | sort -V | tail -1; }
kdir=$(headers)
if [ -z "$kdir" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "kbuild: installing linux-headers-amd64" >&2
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-headers-amd64; } >&2
		kdir=$(headers)
	fi
fi
if [ -z "$kdir" ] || [ ! -f "$kdir/Makefile" ]; then
	bad "kbuild: Debian's 6.1 kernel headers (apt-get install linux-headers-amd64)"
	echo "$pass passed, $fail failed"
	exit 1
fi
ok "kbuild: headers in $kdir"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for mod in "$here"/kbuild/*/; do
	name=$(basename "$mod")
	[ -f "$mod/expected.txt" ] || continue
	cp -r "$mod" "$tmp/$name"
	d="$tmp/$name"
	# a quiet build, as CI runs it: findings must still reach the log
	out=$(make -s -C "$kdir" M="$d" C=2 CHECK="$bin" modules 2>&1); rc=$?
	if [ $rc -eq 0 ] && ls "$d"/*.ko >/dev/null 2>&1; then
		ok "kbuild: $name builds with C=2 CHECK=addrlimit (findings do not fail it)"
	else
		bad "kbuild: $name build (exit $rc)" "$out"
	fi
	got=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning): .*\[[a-z-]+\]$' <<<"$out" |
	      sed -E 's|^.*/([^/]+):([0-9]+):[0-9]+: [a-z]+: .*\[([a-z-]+)\]$|\1:\2:\3|' | sort)
	want=$(sort "$mod/expected.txt")
	if [ "$got" == "$want" ]; then
		ok "kbuild: $name: findings as expected (dead #if arms silent)"
	else
		bad "kbuild: $name: findings" "$(diff <(echo "$want") <(echo "$got"))
$out"
	fi
	if grep -q "$name" <<<"$out" && grep -Eq "^$d/[^ ]+:[0-9]+:[0-9]+: " <<<"$out"; then
		ok "kbuild: $name: gcc-style lines with the full path"
	else
		bad "kbuild: $name: gcc-style lines" "$out"
	fi
	n_plain=$("$bin" "$d"/*.c 2>&1 | grep -Ec ': (error|warning): ')
	if [ "$n_plain" -gt "$(grep -c . <<<"$want")" ]; then
		ok "kbuild: $name: without kbuild's flags the dropped arms would be reported ($n_plain findings)"
	else
		bad "kbuild: $name: the sample must hold leaks in dropped arms" "$n_plain"
	fi
	if [ -n "$want" ]; then
		out=$(make -s -C "$kdir" M="$d" C=2 CHECK="$bin" CF=-Werror modules 2>&1); rc=$?
		if [ $rc -ne 0 ]; then ok "kbuild: $name: CF=-Werror fails the build on findings"
		else bad "kbuild: $name: CF=-Werror must fail the build" "$out"; fi
	fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
