# SPDX-License-Identifier: GPL-2.0
# --fix: each tests/fix/NAME.c is run with --fix (and --fix --compat) from
# tests/fix; the patch must equal NAME.c.diff (NAME.c.compat.diff when the
# compat rewrite differs) and the setfs-migrate notes NAME.c.notes.  Each
# patch must apply with `git apply`, and the result must give no further
# rewrite (idempotent), no "can be rewritten" note, and no finding.
# Sourced by tests/run ($bin, $tmp, $here, ok, bad).

fx=$tmp/fix
mkdir -p "$fx"
fix_case() {	# NAME MODE(plain|compat)
	local c=$1 mode=$2 golden args d got notes
	golden=$here/fix/$c.diff
	args=(--fix)
	if [ "$mode" = compat ]; then
		args=(--fix --compat)
		[ -f "$here/fix/$c.compat.diff" ] && golden=$here/fix/$c.compat.diff
	fi
	got=$(cd "$here/fix" && "$bin" "${args[@]}" "$c" 2>"$fx/err")
	if grep -qE 'Sanitizer|runtime error' "$fx/err"; then
		bad "fix: $c ($mode): sanitizer report" "$(head -20 "$fx/err")"
	fi
	if [ "$got" == "$(cat "$golden")" ]; then
		ok "fix: $c ($mode): the patch"
	else
		bad "fix: $c ($mode): the patch" "$(diff <(cat "$golden") <(printf '%s\n' "$got") | head -40)"
	fi
	if [ "$mode" = plain ]; then
		notes=$(grep '\[setfs-migrate\]' "$fx/err")
		if [ "$notes" == "$(cat "$here/fix/$c.notes")" ]; then ok "fix: $c: the notes"
		else bad "fix: $c: the notes" "$(diff "$here/fix/$c.notes" <(printf '%s\n' "$notes"))"; fi
	fi
	[ -n "$got" ] || return 0
	d=$fx/$mode-$c
	mkdir -p "$d"
	cp "$here/fix/$c" "$d/"
	printf '%s\n' "$got" >"$d/p.diff"
	if (cd "$d" && git apply p.diff 2>"$d/apply.err"); then
		ok "fix: $c ($mode): git apply"
	else
		bad "fix: $c ($mode): git apply" "$(cat "$d/apply.err")"
		return 0
	fi
	local again
	again=$(cd "$d" && "$bin" "${args[@]}" "$c" 2>"$d/err2")
	if [ -z "$again" ] && ! grep -q 'can be rewritten' "$d/err2"; then
		ok "fix: $c ($mode): idempotent"
	else
		bad "fix: $c ($mode): a second run still rewrites" "$again$(cat "$d/err2")"
	fi
	local after
	after=$(cd "$d" && "$bin" "$c" 2>&1)
	if [ -z "$after" ]; then ok "fix: $c ($mode): no finding on the result"
	else bad "fix: $c ($mode): findings on the result" "$after"; fi
}
for f in "$here"/fix/*.c; do
	c=$(basename "$f")
	fix_case "$c" plain
	fix_case "$c" compat
done

# the user's files are untouched unless --in-place
cp "$here/fix/vfs-read.c" "$here/fix/sockopt.c" "$fx/"
chmod 640 "$fx/sockopt.c"
before=$(md5sum "$fx/vfs-read.c" "$fx/sockopt.c")
(cd "$fx" && "$bin" --fix vfs-read.c sockopt.c >/dev/null 2>&1)
(cd "$fx" && "$bin" --fix=out.diff vfs-read.c sockopt.c >/dev/null 2>&1)
if [ "$before" == "$(md5sum "$fx/vfs-read.c" "$fx/sockopt.c")" ] && [ -s "$fx/out.diff" ]; then
	ok "fix: --fix and --fix=FILE change no input file"
else
	bad "fix: --fix changed an input file, or --fix=FILE wrote nothing"
fi
(cd "$fx" && "$bin" --fix --in-place vfs-read.c sockopt.c >/dev/null 2>&1)
mkdir -p "$fx/ref" && cp "$here/fix/vfs-read.c" "$here/fix/sockopt.c" "$fx/ref/" &&
	(cd "$fx/ref" && git apply "$fx/out.diff")
if cmp -s "$fx/vfs-read.c" "$fx/ref/vfs-read.c" && cmp -s "$fx/sockopt.c" "$fx/ref/sockopt.c" &&
   [ "$(stat -c %a "$fx/sockopt.c")" = 640 ] && ! ls "$fx"/*.addrlimit-* >/dev/null 2>&1; then
	ok "fix: --in-place writes what the patch says, keeps the mode, leaves no temporary file"
else
	bad "fix: --in-place" "$(diff "$fx/ref/sockopt.c" "$fx/sockopt.c"; stat -c %a "$fx/sockopt.c")"
fi
expect_run "--compat needs --fix" 2 '--compat and --in-place go with --fix' "$bin" --compat "$fx/vfs-read.c"
expect_run "setfs-migrate is off by default" 0 '^$' "$bin" "$here/fix/vfs-read.c"
expect_run "-Wsetfs-migrate turns the notes on (exit 0: notes)" 0 \
	"vfs-read.c:24:2: note: set_fs\(\) window in 'tsc_load_cal' can be rewritten" \
	"$bin" -Wsetfs-migrate "$here/fix/vfs-read.c"
# --in-place refuses a file that changed after it was read: the same file
# named twice (through a symlink) is rewritten once, then found changed
mkdir -p "$fx/twice"
cp "$here/fix/vfs-read.c" "$fx/twice/a.c"
ln -s a.c "$fx/twice/b.c"
out=$(cd "$fx/twice" && "$bin" --fix --in-place a.c b.c 2>&1); rc=$?
if [ $rc -eq 2 ] && grep -q 'b.c: changed while it was analysed; not rewritten' <<<"$out" &&
   [ "$(grep -c "= kernel_read(" "$fx/twice/a.c")" -eq 1 ]; then
	ok "fix: --in-place refuses a file that changed since it was read"
else
	bad "fix: --in-place refuses a file that changed since it was read" "exit $rc; $out"
fi
