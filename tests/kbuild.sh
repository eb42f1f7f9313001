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
for mod in "$here"/kbuild/*/; do	# CHECK= mode
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

# --- --fix, proved by the compiler: each module in tests/migrate/ is written
# the pre-5.10 way and must fail to build on 6.1; after `--fix` (and, from a
# fresh copy, `--fix --compat`) it must build without a warning, and a second
# --fix must change nothing.  A module with expect-note cannot be rewritten
# mechanically: the note must say so and no patch may be written.
for mod in "$here"/migrate/*/; do
	name=$(basename "$mod")
	for mode in plain compat; do
		d="$tmp/migrate-$mode-$name"
		rm -rf "$d"
		cp -r "$mod" "$d"
		rm -f "$d"/*.txt "$d"/expect-note
		if [ $mode = plain ]; then
			out=$(make -s -C "$kdir" M="$d" modules 2>&1); rc=$?
			if [ $rc -ne 0 ] && grep -Eq "mm_segment_t|get_fs|set_fs|KERNEL_DS" <<<"$out"; then
				ok "migrate: $name does not build on 6.1 as written (set_fs is gone)"
			else
				bad "migrate: $name must fail on 6.1 before the fix" "$out"
			fi
			make -s -C "$kdir" M="$d" clean >/dev/null 2>&1
		fi
		args=(--fix)
		[ $mode = compat ] && args=(--fix --compat)
		(cd "$d" && "$bin" "${args[@]}" "$name.c" >p.diff 2>notes.txt)
		if [ -f "$mod/expect-note" ]; then
			if [ ! -s "$d/p.diff" ] && grep -qF "$(cat "$mod/expect-note")" "$d/notes.txt"; then
				ok "migrate: $name ($mode): not rewritten, and the note says why"
			else
				bad "migrate: $name ($mode): expected a note and no patch" "$(cat "$d/notes.txt" "$d/p.diff")"
			fi
			continue
		fi
		if ! (cd "$d" && git apply p.diff 2>apply.err); then
			bad "migrate: $name ($mode): git apply" "$(cat "$d/apply.err" "$d/p.diff")"
			continue
		fi
		out=$(make -s -C "$kdir" M="$d" modules 2>&1); rc=$?
		if [ $rc -eq 0 ] && ls "$d"/*.ko >/dev/null 2>&1 && ! grep -q 'warning:' <<<"$out"; then
			ok "migrate: $name ($mode): builds on 6.1 after --fix, no warning"
		else
			bad "migrate: $name ($mode): build after --fix" "$out
$(cat "$d/p.diff")"
		fi
		again=$(cd "$d" && "$bin" "${args[@]}" "$name.c" 2>/dev/null)
		if [ -z "$again" ]; then ok "migrate: $name ($mode): a second --fix changes nothing"
		else bad "migrate: $name ($mode): second --fix" "$again"; fi
	done
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
