# SPDX-License-Identifier: GPL-2.0
# Command-line, output-format and bad-input tests; sourced by tests/run,
# which provides $bin, $tmp, $here, ok and bad.

# expect_run NAME WANT_RC PATTERN CMD...: run CMD, check exit status and
# that stdout+stderr match the extended regex PATTERN.
expect_run() {
	local name=$1 want=$2 pat=$3 out rc
	shift 3
	out=$("$@" 2>&1); rc=$?
	if [ $rc -ne "$want" ]; then
		bad "cli: $name: exit $rc, want $want" "$out"
	elif ! grep -Eq -- "$pat" <<<"$out"; then
		bad "cli: $name: output does not match /$pat/" "$out"
	else
		ok "cli: $name"
	fi
}

leak_c='#include <linux/uaccess.h>
SYSCALL_DEFINE1(frob, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		return -EINVAL;
	set_fs(old_fs);
	return 0;
}'
clean_c='int f(int x)
{
	mm_segment_t fs = get_fs();
	set_fs(KERNEL_DS);
	x++;
	set_fs(fs);
	return x;
}'
mkdir -p "$tmp/cli/tree/sub" "$tmp/cli/empty"
printf '%s\n' "$leak_c" >"$tmp/cli/leak.c"
printf '%s\n' "$clean_c" >"$tmp/cli/clean.c"
printf '%s\n' "$leak_c" >"$tmp/cli/tree/sub/leak.c"
printf '%s\n' "$clean_c" >"$tmp/cli/tree/a.c"
echo 'not C' >"$tmp/cli/empty/readme.txt"

expect_run "usage: no arguments" 2 'no input' "$bin"
expect_run "usage: unknown option" 2 'unrecognized option|invalid option' "$bin" --frobnicate x.c
expect_run "usage: unknown format" 2 "unknown format 'xml'" "$bin" --format=xml "$tmp/cli/leak.c"
expect_run "usage: unknown check" 2 "unknown check 'ds-nope'" "$bin" --checks=ds-nope "$tmp/cli/leak.c"
expect_run "usage: bad number" 2 'invalid number for --max-file-size' "$bin" --max-file-size=12Q "$tmp/cli/leak.c"
expect_run "--help" 0 'usage: addrlimit' "$bin" --help
expect_run "--version" 0 '^addrlimit [0-9]+\.[0-9]+' "$bin" --version
expect_run "--list-checks" 0 'ds-leak +error' "$bin" --list-checks

expect_run "exit 1 on a leak, path shown" 1 \
	'leak.c:7:3: error: system call .sys_frob. can return to user mode.*\[ds-leak\]' "$bin" "$tmp/cli/leak.c"
expect_run "note lines give the path" 1 \
	'leak.c:5:2: note: address limit raised to KERNEL_DS by .set_fs\(KERNEL_DS\).' "$bin" "$tmp/cli/leak.c"
expect_run "note for the branch taken" 1 "leak.c:6:6: note: condition 'fd < 0' is true" "$bin" "$tmp/cli/leak.c"
expect_run "exit 0 when clean" 0 '^$' "$bin" "$tmp/cli/clean.c"
expect_run "folder is searched for .c files" 1 'tree/sub/leak.c:7:3: error' "$bin" "$tmp/cli/tree"
expect_run "--checks filters" 0 '^$' "$bin" --checks=ds-no-save "$tmp/cli/leak.c"
expect_run "--disable filters" 0 '^$' "$bin" --disable=ds-leak "$tmp/cli/leak.c"
expect_run "-o writes the report to a file" 1 '^$' "$bin" -o "$tmp/cli/out.txt" "$tmp/cli/leak.c"
if grep -q 'ds-leak' "$tmp/cli/out.txt" 2>/dev/null; then ok "cli: -o file content"; else bad "cli: -o file content"; fi
expect_run "--stats" 1 'stats: functions 1, with parse errors 0' "$bin" --stats "$tmp/cli/leak.c"
expect_run "--entry makes a function an entry point" 1 "error: entry point \(--entry\) 'f'" \
	sh -c "sed 's/return x;/if (x) return 1; return x;/; s/^\tset_fs(fs);//' '$tmp/cli/clean.c' >'$tmp/cli/entry.c' && '$bin' --entry=f '$tmp/cli/entry.c'"

# bad input: each gets one clear message, exit 2, and the others are still analysed
expect_run "missing path" 2 "cannot access '$tmp/cli/nope.c': No such file" "$bin" "$tmp/cli/nope.c"
expect_run "missing path, other files still analysed" 2 'leak.c:7:3: error' "$bin" "$tmp/cli/nope.c" "$tmp/cli/leak.c"
expect_run "folder with no C files" 2 "no C files under '$tmp/cli/empty'" "$bin" "$tmp/cli/empty"
printf 'int f(void) { return 0; }\n\0\1\2binary' >"$tmp/cli/bin.c"
expect_run "binary file" 2 'bin.c: binary file \(NUL byte at offset 26\), skipped' "$bin" "$tmp/cli/bin.c" "$tmp/cli/clean.c"
mkfifo "$tmp/cli/fifo.c"
expect_run "not a regular file" 2 'fifo.c: not a regular file, skipped' "$bin" "$tmp/cli/fifo.c"
ln -s "$tmp/cli/gone.c" "$tmp/cli/dangling.c"
expect_run "dangling symlink" 2 "cannot access '$tmp/cli/dangling.c'" "$bin" "$tmp/cli/dangling.c"
if [ "$(id -u)" != 0 ]; then	# root reads anything: only testable as a user
	cp "$tmp/cli/clean.c" "$tmp/cli/noread.c"; chmod 000 "$tmp/cli/noread.c"
	expect_run "unreadable file" 2 'noread.c: cannot open: Permission denied' "$bin" "$tmp/cli/noread.c"
fi
head -c $((50 * 1024 * 1024)) /dev/zero | tr '\0' ' ' >"$tmp/cli/huge.c"
expect_run "50 MB file over the size limit" 2 'huge.c: 52428800 bytes is over the size limit of 33554432 bytes' \
	"$bin" "$tmp/cli/huge.c" "$tmp/cli/clean.c"
rm -f "$tmp/cli/huge.c"
expect_run "--max-file-size" 2 'leak.c: .* over the size limit of 100 bytes' "$bin" --max-file-size=100 "$tmp/cli/leak.c"
printf '/* caf\xe9 */\n%s\n' "$leak_c" >"$tmp/cli/latin1.c"
expect_run "invalid UTF-8 is analysed, with a warning" 1 'latin1.c:1:7: not valid UTF-8.*latin1.c:8:3: error' \
	bash -c "'$bin' '$tmp/cli/latin1.c' 2>&1 | tr '\n' ' '; exit \${PIPESTATUS[0]}"
printf ')))) ]]] {{{ @@@ $$$ ```\n%%%%%% ))) ;;; ((( +++ \n' >"$tmp/cli/garbage.c"
expect_run "all syntax errors" 2 'garbage.c: not understood as C: .*understood\), skipped' "$bin" "$tmp/cli/garbage.c"
expect_run "all syntax errors, others still analysed" 2 'leak.c:7:3: error' "$bin" "$tmp/cli/garbage.c" "$tmp/cli/leak.c"
: >"$tmp/cli/empty.c"
expect_run "empty file" 0 '^$' "$bin" "$tmp/cli/empty.c"

# a function whose control flow the parser lost is reported, not analysed
cat >"$tmp/cli/broken.c" <<'EOC'
SYSCALL_DEFINE1(frob, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0) { return -1; ]
	set_fs(old_fs);
	return 0;
}
EOC
expect_run "function with a vital parse error is not analysed" 0 \
	"broken.c:1: remark: function 'sys_frob' not analysed: a syntax error at line [0-9]+ hides its control flow" "$bin" -v "$tmp/cli/broken.c"
expect_run "--stats counts it" 0 'not analysed because of parse errors 1' "$bin" --stats "$tmp/cli/broken.c"

# deterministic output whatever the thread count
if [ -d "$here/cases" ]; then
	a=$(cd "$here/cases" && "$bin" -j1 . 2>&1)
	b=$(cd "$here/cases" && "$bin" -j2 . 2>&1)
	c=$(cd "$here/cases" && "$bin" -j7 . 2>&1)
	if [ "$a" == "$b" ] && [ "$a" == "$c" ] && [ -n "$a" ]; then ok "cli: -j1, -j2, -j7 give identical output"
	else bad "cli: output depends on -j" "$(diff <(echo "$a") <(echo "$b") | head)"; fi
fi

# SARIF: a valid JSON document with the expected shape
"$bin" --format=sarif "$tmp/cli/leak.c" "$tmp/cli/nope.c" >"$tmp/cli/out.sarif" 2>/dev/null
if python3 "$here/check_sarif.py" "$tmp/cli/out.sarif" >"$tmp/cli/sarif.log" 2>&1; then
	ok "cli: SARIF shape"
else
	bad "cli: SARIF shape" "$(cat "$tmp/cli/sarif.log")"
fi

# in-source suppressions: on the line of the finding or the line above
cat >"$tmp/cli/ignored.c" <<'EOC'
SYSCALL_DEFINE1(frob, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		return -EINVAL; /* addrlimit-ignore: ds-leak -- fd is never negative here */
	set_fs(old_fs);
	return 0;
}
SYSCALL_DEFINE1(frab, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		/* addrlimit: ignore oops-in-window, ds-leak -- checked by the caller */
		return -EINVAL;
	set_fs(old_fs);
	return 0;
}
SYSCALL_DEFINE1(frub, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		return -EINVAL; /* addrlimit-ignore: ds-no-save -- names another check */
	set_fs(old_fs);
	return 0;
}
EOC
out=$("$bin" --stats "$tmp/cli/ignored.c" 2>&1); rc=$?
if [ $rc -eq 1 ] && [ "$(grep -c '\[ds-leak\]' <<<"$out")" -eq 1 ] &&
   grep -q 'ignored.c:25:.*sys_frub' <<<"$out" && grep -q 'suppressed 2' <<<"$out"; then
	ok "cli: suppression comments (both spellings) silence the named check only"
else
	bad "cli: suppression comments (both spellings) silence the named check only" "$out"
fi

# a path across files: the note inside the helper names the helper's file
if [ -d "$here/cases/ds-leak-xfile-setter-helper" ]; then
	expect_run "cross-file path notes" 1 '^\./als_kio\.c:[0-9]+:[0-9]+: note: .als_begin_kernel_io. raises it' \
		bash -c "cd '$here/cases/ds-leak-xfile-setter-helper' && '$bin' ."
	(cd "$here/cases/ds-leak-xfile-setter-helper" && "$bin" --format=sarif . >"$tmp/cli/x.sarif" 2>/dev/null)
	if python3 - "$tmp/cli/x.sarif" >"$tmp/cli/x.log" 2>&1 <<'EOP'
import json, sys
doc = json.load(open(sys.argv[1]))
uris = set()
for res in doc["runs"][0]["results"]:
    for cf in res.get("codeFlows", []):
        for tf in cf["threadFlows"]:
            for loc in tf["locations"]:
                uris.add(loc["location"]["physicalLocation"]["artifactLocation"]["uri"])
sys.exit(0 if {"als_main.c", "als_kio.c"} <= uris else 1)
EOP
	then
		ok "cli: SARIF codeFlow crosses files"
	else
		bad "cli: SARIF codeFlow crosses files" "$(cat "$tmp/cli/x.log"; head -c 3000 "$tmp/cli/x.sarif")"
	fi
fi
