# SPDX-License-Identifier: GPL-2.0
# Command-line, output-format and bad-input tests; sourced by tests/run,
# which provides $bin, $tmp, $here, ok and bad.

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
# --parse-only: the parse floor of a benchmark parses and checks nothing
expect_run "leak.c reports its leak" 1 'ds-leak' "$bin" "$tmp/cli/leak.c"
expect_run "--parse-only: parsed, nothing checked" 0 'findings 0.*|functions 1' \
	"$bin" --parse-only --full --stats "$tmp/cli/leak.c"
expect_run "usage: bad kernel version" 2 "--kernel-version takes MAJOR.MINOR \\(such as 4.4\\), not '5'" "$bin" --kernel-version=5 "$tmp/cli/leak.c"
expect_run "--kernel-version: a leak is still reported on a 6.1 kernel" 1 "leak.c:7:3: error" "$bin" --kernel-version=6.1 "$tmp/cli/leak.c"
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
expect_run "--stats says where the time went, phase by phase" 1 \
	"stats: time: cache read [0-9.]+ s, headers' macros [0-9.]+ s, name scan [0-9.]+ s, files parsed and checked [0-9.]+ s, whole-tree probes [0-9.]+ s, cache write [0-9.]+ s, whole-tree pass [0-9.]+ s, audit [0-9.]+ s" \
	"$bin" --stats "$tmp/cli/leak.c"
# the heap on huge pages (heap.c): the program executes itself again with
# glibc's tunables, unless told not to, the user set theirs, or it cannot
if grep -qs '\[never\]' /sys/kernel/mm/transparent_hugepage/enabled ||
   [ ! -r /sys/kernel/mm/transparent_hugepage/enabled ]; then
	heap_want="heap: 4 KiB pages \(the kernel's transparent huge pages are off\)"
elif ldd "$bin" 2>/dev/null | grep -q libasan; then
	heap_want='heap: 4 KiB pages \(built with AddressSanitizer\)'
else
	heap_want='heap: on transparent huge pages'
fi
expect_run "--stats: the heap on huge pages where the kernel has them" 1 "stats: $heap_want" \
	"$bin" --stats "$tmp/cli/leak.c"
expect_run "ADDRLIMIT_HUGEPAGES=0 keeps 4 KiB pages" 1 'stats: heap: 4 KiB pages \(ADDRLIMIT_HUGEPAGES=0\)' \
	env ADDRLIMIT_HUGEPAGES=0 "$bin" --stats "$tmp/cli/leak.c"
expect_run "the user's GLIBC_TUNABLES are kept" 1 'stats: heap: 4 KiB pages \(GLIBC_TUNABLES is set\)' \
	env GLIBC_TUNABLES=glibc.malloc.perturb=0 "$bin" --stats "$tmp/cli/leak.c"
expect_run "ADDRLIMIT_HUGEPAGES=on alone is no proof of the tunables" 1 "stats: $heap_want" \
	env ADDRLIMIT_HUGEPAGES=on "$bin" --stats "$tmp/cli/leak.c"
heap_a=$("$bin" -f json "$tmp/cli/tree" 2>&1; echo "exit $?")
heap_b=$(ADDRLIMIT_HUGEPAGES=0 "$bin" -f json "$tmp/cli/tree" 2>&1; echo "exit $?")
if [ "$heap_a" = "$heap_b" ] && [[ $heap_a == *'exit 1' ]]; then
	ok "cli: the same report and exit status on huge pages or not"
else
	bad "cli: the same report and exit status on huge pages or not"
fi
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
# as kbuild's checker a file the grammar cannot read warns and does not fail
# the build (as sparse), unless -Werror or --strict-input
expect_run "kbuild mode: not understood as C is a warning, exit 0" 0 \
	'warning: .*garbage.c: not understood as C: .*skipped' "$bin" -D__KERNEL__ -nostdinc "$tmp/cli/garbage.c"
expect_run "kbuild mode with -Werror: not understood as C fails" 2 \
	'error: .*garbage.c: not understood as C' "$bin" -D__KERNEL__ -nostdinc -Werror "$tmp/cli/garbage.c"
expect_run "kbuild mode with --strict-input: not understood as C fails" 2 \
	'error: .*garbage.c: not understood as C' "$bin" -D__KERNEL__ -nostdinc --strict-input "$tmp/cli/garbage.c"
: >"$tmp/cli/empty.c"
expect_run "empty file" 0 '^$' "$bin" "$tmp/cli/empty.c"

# a file found in a folder and refused for what it holds (rows of a table a
# test runner includes, a binary) is skipped with a warning, listed by
# --stats, JSON and SARIF, and does not make a tree's run exit 2; named on
# the command line, with --strict-input, or when nothing could be analysed
# it does
mkdir -p "$tmp/cli/mixed" "$tmp/cli/fragonly"
cat >"$tmp/cli/mixed/rows.c" <<'EOC'
/* rows of a table a test runner includes: not C on its own */
{
	"set_fs raised then restored",
	.ops = { OP(set_fs, KDS), OP(read, 4), OP(set_fs, OLD) },
	.result = PASS,
},
{
	"set_fs left raised",
	.ops = { OP(set_fs, KDS), OP(read, 4) },
	.result = FAIL,
},
EOC
cp "$tmp/cli/mixed/rows.c" "$tmp/cli/fragonly/rows.c"
printf 'int set_fs_probe(void) { return 0; }\n\0\1\2binary' >"$tmp/cli/mixed/blob.c"
printf '%s\n' "$clean_c" >"$tmp/cli/mixed/clean.c"
expect_run "not C in a folder: skipped with a warning, exit 0" 0 \
	'warning: .*mixed/rows.c: not understood as C: [0-9]+ of [0-9]+ bytes are syntax errors \(0% understood\), skipped' \
	"$bin" "$tmp/cli/mixed"
expect_run "binary in a folder: skipped with a warning, exit 0" 0 \
	'warning: .*mixed/blob.c: binary file \(NUL byte at offset 37\), skipped' "$bin" "$tmp/cli/mixed"
expect_run "skipped files: one note says they are not errors of the run" 0 \
	'note: 2 files found in the folders given skipped .*--strict-input' "$bin" "$tmp/cli/mixed"
expect_run "skipped files: -q hides the warnings" 0 '^$' "$bin" -q "$tmp/cli/mixed"
printf '%s\n' "$leak_c" >"$tmp/cli/mixed/leak.c"
expect_run "not C in a folder: a finding still exits 1" 1 'mixed/leak.c:7:3: error' "$bin" "$tmp/cli/mixed"
expect_run "--strict-input: not C in a folder exits 2" 2 \
	'error: .*mixed/rows.c: not understood as C' "$bin" --strict-input "$tmp/cli/mixed"
expect_run "not C named on the command line: still exit 2" 2 \
	'error: .*mixed/rows.c: not understood as C' "$bin" "$tmp/cli/mixed/rows.c" "$tmp/cli/mixed/clean.c"
expect_run "a folder where nothing could be analysed: exit 2" 2 \
	'error: no input could be analysed \(1 file skipped\)' "$bin" "$tmp/cli/fragonly"
expect_run "--stats lists the skipped files" 1 \
	'stats:   .*mixed/rows.c: not understood as C: .*understood' "$bin" --stats "$tmp/cli/mixed"
expect_run "JSON: skipped files in 'skipped' and 'errors', exit 1" 1 '^ok$' bash -c "
	'$bin' -f json '$tmp/cli/mixed' 2>/dev/null >'$tmp/cli/skipped.json'; rc=\$?
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"exit_status\"] == 1, d[\"exit_status\"]
files = sorted(s[\"file\"].rsplit(\"/\", 1)[1] for s in d[\"skipped\"])
assert files == [\"blob.c\", \"rows.c\"], files
assert all(s[\"message\"] in d[\"errors\"] for s in d[\"skipped\"])
print(\"ok\")' '$tmp/cli/skipped.json'; exit \$rc"
expect_run "SARIF: a skipped file is a warning notification on the file, the run successful" 1 '^ok$' bash -c "
	'$bin' -f sarif '$tmp/cli/mixed' 2>/dev/null >'$tmp/cli/skipped.sarif'; rc=\$?
	python3 -c '
import json, sys
inv = json.load(open(sys.argv[1]))[\"runs\"][0][\"invocations\"][0]
assert inv[\"executionSuccessful\"] and inv[\"exitCode\"] == 1, inv
ns = [n for n in inv[\"toolExecutionNotifications\"] if \"skipped\" in n[\"message\"][\"text\"]]
assert len(ns) == 2 and all(n[\"level\"] == \"warning\" for n in ns), ns
uris = sorted(n[\"locations\"][0][\"physicalLocation\"][\"artifactLocation\"][\"uri\"].rsplit(\"/\", 1)[1] for n in ns)
assert uris == [\"blob.c\", \"rows.c\"], uris
print(\"ok\")' '$tmp/cli/skipped.sarif'; exit \$rc"
rm -f "$tmp/cli/mixed/leak.c"

# the file's own #define decides its #if arm: the path notes never walk
# through the dead arm (tests/cases/ds-leak-own-define-notes-live-arm.c)
out=$("$bin" "$here/cases/ds-leak-own-define-notes-live-arm.c" 2>&1)
if grep -q "condition 'cmd == 1' is true" <<<"$out" && ! grep -Eq "cmd == 2|CAL_V2" <<<"$out"; then
	ok "path notes stay in the arm the file's own #define keeps"
else
	bad "path notes stay in the arm the file's own #define keeps" "$out"
fi

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

# HTML report (--html): every page is checked against the text report of
# the same run by check_html.py (well-formed, UTF-8, self-contained, each
# step numbered with its message under its line in its file, the fault
# marked, the index listing and filtering every finding).
html_check() {	# NAME DIR TEXT
	if python3 "$here/check_html.py" "$2" "$3" >"$tmp/cli/html.log" 2>&1; then
		ok "cli: $1"
	else
		bad "cli: $1" "$(head -20 "$tmp/cli/html.log")"
	fi
}
html_has() {	# NAME FILE FIXED-STRING...: FILE contains each string
	local name=$1 file=$2 s
	shift 2
	for s in "$@"; do
		if ! grep -qF -- "$s" "$file" 2>/dev/null; then
			bad "cli: $name" "no '$s' in ${file#$tmp/}"
			return
		fi
	done
	ok "cli: $name"
}
expect_run "--help names --html" 0 '--html=DIR' "$bin" --help
if [ -f "$here/cases/ds-leak-goto-skip-restore.c" ]; then
	(cd "$here/cases" && "$bin" -j1 --html="$tmp/cli/h1" ds-leak-goto-skip-restore.c \
		>"$tmp/cli/h1.txt" 2>/dev/null)
	rc=$?
	(cd "$here/cases" && "$bin" -j1 ds-leak-goto-skip-restore.c >"$tmp/cli/h1-plain.txt" 2>/dev/null)
	if [ $rc -eq 1 ] && cmp -s "$tmp/cli/h1.txt" "$tmp/cli/h1-plain.txt" && [ -s "$tmp/cli/h1.txt" ]; then
		ok "cli: --html keeps the text report and exit status"
	else
		bad "cli: --html keeps the text report and exit status" "exit $rc; $(diff "$tmp/cli/h1-plain.txt" "$tmp/cli/h1.txt")"
	fi
	html_check "--html: a 4-step path, pages match the text report" "$tmp/cli/h1" "$tmp/cli/h1.txt"
	html_has "--html: index lists the finding" "$tmp/cli/h1/index.html" \
		'<a href="finding-1.html">file_operations handler &#39;tsc_ioctl&#39; can return'
	html_has "--html: each step numbered with its message" "$tmp/cli/h1/finding-1.html" \
		'<span class="bubble">1</span>address limit raised to KERNEL_DS by &#39;set_fs(KERNEL_DS)&#39;' \
		'<span class="bubble">2</span>condition &#39;ret != TSC_CAL_SIZE&#39; is true' \
		'<span class="bubble">3</span>jumping to &#39;out_close&#39;' \
		'<span class="bubble">4</span>returns with KERNEL_DS in force' \
		'<tr class="step"><td class="ln">35</td>' '<tr class="fault"><td class="ln">50</td>' \
		'<a href="index.html">'
fi
if [ -d "$here/cases/ds-leak-xfile-setter-helper" ]; then
	(cd "$here/cases/ds-leak-xfile-setter-helper" && "$bin" -j1 --html="$tmp/cli/hx" . \
		>"$tmp/cli/hx.txt" 2>/dev/null)
	html_check "--html: a path across files" "$tmp/cli/hx" "$tmp/cli/hx.txt"
	html_has "--html: the step in the helper's file is shown in that file" "$tmp/cli/hx/finding-1.html" \
		'<div class="file mono">./als_kio.c</div>' \
		'<tr class="step"><td class="ln">14</td><td class="code">	set_fs(KERNEL_DS);</td></tr>' \
		'<span class="bubble">2</span>&#39;als_begin_kernel_io&#39; raises it'
fi
# markup, quotes and bad bytes in a path and in the source
mkdir -p "$tmp/cli/esc/d<&>"
printf 'SYSCALL_DEFINE1(frob, int, fd)\n{\n\t/* caf\xe9 \f </td></tr><script>alert(1)</script> & "q" */\n%s\n' \
	"$(sed '1,3d; s/fd < 0/(fd \& 4) < "\x27"[0]/' <<<"$leak_c")" >"$tmp/cli/esc/d<&>/f\"o'o<&>.c"
(cd "$tmp/cli/esc" && "$bin" --html=out . >out.txt 2>/dev/null)
html_check "--html: markup in paths and source is escaped" "$tmp/cli/esc/out" "$tmp/cli/esc/out.txt"
html_has "--html: escaped path, message and source" "$tmp/cli/esc/out/finding-1.html" \
	'./d&lt;&amp;&gt;/f&quot;o&#39;o&lt;&amp;&gt;.c:7:3' \
	'condition &#39;(fd &amp; 4) &lt; &quot;&#39;&quot;[0]&#39; is true' \
	'&lt;/td&gt;&lt;/tr&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;' \
	$'caf\xef\xbf\xbd &#x240c;'
if grep -qi '<script' "$tmp/cli/esc/out"/*.html; then bad "cli: --html: no script gets through"
else ok "cli: --html: no script gets through"; fi
# every case at once: many pages, folders, all checks; same bytes whatever -j
if [ -d "$here/cases" ]; then
	(cd "$here/cases" && "$bin" -j1 --html="$tmp/cli/hall" . >"$tmp/cli/hall.txt" 2>/dev/null)
	html_check "--html: every case, all pages" "$tmp/cli/hall" "$tmp/cli/hall.txt"
	(cd "$here/cases" && "$bin" -j3 --html="$tmp/cli/hall3" . >/dev/null 2>&1)
	if diff -r "$tmp/cli/hall" "$tmp/cli/hall3" >/dev/null; then ok "cli: --html: same pages whatever -j"
	else bad "cli: --html: pages depend on -j"; fi
	# a smaller run into the same folder leaves no page of the old one
	"$bin" --html="$tmp/cli/hall" "$tmp/cli/clean.c" >"$tmp/cli/hclean.txt" 2>/dev/null
	html_check "--html: rerun with no findings replaces the old pages" "$tmp/cli/hall" "$tmp/cli/hclean.txt"
fi
expect_run "--html with SARIF on stdout" 1 '"version": "2.1.0"' \
	bash -c "'$bin' --format=sarif --html='$tmp/cli/hs/a/b' '$tmp/cli/leak.c' && true; rc=\$?; [ -f '$tmp/cli/hs/a/b/finding-1.html' ] || echo no-page; exit \$rc"
expect_run "--html into a file: exit 2, text report still written" 2 \
	"leak.c:7:3: error.*cannot write the HTML report to '$tmp/cli/clean.c': not a folder" \
	bash -c "'$bin' --html='$tmp/cli/clean.c' '$tmp/cli/leak.c' 2>&1 | tr '\n' ' '; exit \${PIPESTATUS[0]}"
expect_run "--html under a non-folder" 2 "cannot create folder '/dev/null/x': Not a directory" \
	"$bin" --html=/dev/null/x "$tmp/cli/leak.c"

# --- rule files (--rules): the reader's errors, and a rule that works -----
r=$tmp/cli/rules
mkdir -p "$r"
printf 'rule a\n  open a_get arg 0\n  close a_put arg 0\nend\n' >"$r/good"
expect_run "rules: --list-rules shows built-in and file rules" 0 \
	'^a \(pair-unbalanced, .*/good:1\): a' "$bin" --rules="$r/good" --list-rules
expect_run "rules: built-in lock rules listed" 0 'mutex_lock_interruptible\[if zero\]' "$bin" --list-rules
bad_rule() {	# name, text, pattern
	printf '%b' "$2" >"$r/bad"
	expect_run "rules: $1" 2 "$3" "$bin" --rules="$r/bad" "$tmp/cli/clean.c"
}
bad_rule "unknown directive" 'rule a\n  opne a_get\nend\n' "bad:2: unknown directive 'opne'"
bad_rule "no close call" 'rule a\n  open a_get\nend\n' "bad:1: rule 'a' has no 'close' call"
bad_rule "no open call" 'rule a\n  close a_put\nend\n' "bad:1: rule 'a' has no 'open' call"
bad_rule "missing end" 'rule a\n  open a_get\n  close a_put\n' "bad:1: rule 'a' has no 'end'"
bad_rule "directive outside a rule" 'open a_get\n' "bad:1: 'open' outside a rule"
bad_rule "bad rule name" 'rule 9x\nend\n' "bad:1: expected 'rule NAME'"
bad_rule "bad arg number" 'rule a\n  open a_get arg x\n  close a_put\nend\n' "bad:2: expected 'open NAME \[arg N\]"
bad_rule "bad if" 'rule a\n  open a_get if maybe\n  close a_put\nend\n' "bad:2: expected 'open NAME"
bad_rule "if on a close" 'rule a\n  open a_get\n  close a_put if zero\nend\n' "bad:3: expected 'close NAME \[arg N\]'"
bad_rule "unknown check" 'rule a\n  check ds-leak\n  open a_get\n  close a_put\nend\n' "bad:2: expected 'check pair-unbalanced' or 'check lock-held-return'"
bad_rule "unterminated string" 'rule a\n  what "x\n  open a_get\n  close a_put\nend\n' "bad:2: unterminated string"
bad_rule "name clash with a built-in rule" 'rule mutex\n  open a_get\n  close a_put\nend\n' "rule 'mutex' is already defined \(built-in\)"
bad_rule "call owned by a built-in rule" 'rule a\n  open mutex_lock arg 0\n  close a_put\nend\n' "'mutex_lock' already belongs to rule 'mutex'"
bad_rule "same call twice" 'rule a\n  open a_get\n  close a_get\nend\n' "'a_get' named twice"
bad_rule "bad allow pattern" 'rule a\n  open a_get\n  close a_put\n  allow a*b\nend\n' "bad:4: 'a\*b' is not a function name"
bad_rule "binary file" 'rule a\n\0\n' "not a text file|NUL"
bad_rule "every error reported" 'rule a\n  frob\n  open a_get\n  close a_put\n  zap\nend\n' "bad:2: unknown directive 'frob'.*|bad:5: unknown directive 'zap'"
out=$("$bin" --rules="$r/bad" "$tmp/cli/clean.c" 2>&1)
grep -q "bad:2: unknown directive 'frob'" <<<"$out" && grep -q "bad:5: unknown directive 'zap'" <<<"$out" &&
	ok "rules: every error in a file is reported, not just the first" ||
	bad "rules: every error reported" "$out"
expect_run "rules: missing rule file" 2 "$r/none" "$bin" --rules="$r/none" "$tmp/cli/clean.c"
# a counter rule, a keyed rule with a conditional open, and the comments
cat >"$r/ctx" <<'RULES'
# driver-private context
rule ctx            # trailing comment
  check lock-held-return
  what "hw context"
  open ctx_enter arg 0
  open ctx_try arg 0 if nonzero
  close ctx_exit arg 0
end
RULES
cat >"$r/ctx.c" <<'C'
static long c_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct hw *hw = f->private_data;
	if (!ctx_try(hw))
		return -EBUSY;
	if (cmd == 2)
		return -EINVAL;
	ctx_exit(hw);
	return 0;
}
static const struct file_operations c_fops = { .unlocked_ioctl = c_ioctl };
C
expect_run "rules: a file rule fires where it should" 1 \
	"ctx.c:7:3: warning: file_operations handler 'c_ioctl' can return to user mode with hw context 'hw' held \[lock-held-return\]" \
	"$bin" -j1 --rules="$r/ctx" "$r/ctx.c"
out=$("$bin" -j1 --rules="$r/ctx" "$r/ctx.c" 2>&1)
[ "$(grep -c 'warning:' <<<"$out")" = 1 ] && ok "rules: the failed try (line 5) is not a held context" ||
	bad "rules: failed try reported" "$out"
expect_run "rules: without the rule file nothing is reported" 0 '' "$bin" -j1 "$r/ctx.c"

# lock-release-unheld's path notes run from the entry: the test that led
# to a first release (a second release), and the jump that went past an
# acquire, even where another lock was taken and released on the way
cat >"$tmp/cli/rel.c" <<'C'
#include <linux/mutex.h>
#include <linux/spinlock.h>
struct rdev { spinlock_t lock; struct mutex m; int waiting, bad, state; };
void rel_twice(struct rdev *d)
{
	spin_lock(&d->lock);
	if (d->waiting) {
		d->state = 1;
		spin_unlock(&d->lock);
	} else {
		d->state = 2;
	}
	spin_unlock(&d->lock);
}
int rel_skip(struct rdev *d)
{
	int r = 0;
	if (d->bad)
		goto out;
	mutex_lock(&d->m);
	d->state = 3;
out:
	spin_lock(&d->lock);
	d->state = r;
	spin_unlock(&d->lock);
	mutex_unlock(&d->m);
	return r;
}
C
out=$("$bin" -j1 "$tmp/cli/rel.c" 2>&1)
grep -q "rel.c:7:6: note: condition 'd->waiting' is true" <<<"$out" &&
grep -q "rel.c:13:2: warning: 'rel_twice' releases the spinlock '&d->lock' again" <<<"$out" &&
	ok "cli: a second release's notes show the test that led to the first" ||
	bad "cli: a second release's notes" "$out"
grep -q "rel.c:18:6: note: condition 'd->bad' is true" <<<"$out" &&
grep -q "rel.c:19:3: note: jumping to 'out'" <<<"$out" &&
grep -q "rel.c:26:2: warning: 'rel_skip' releases the mutex '&d->m' on a path where it was not taken" <<<"$out" &&
	ok "cli: an unheld release's notes show the jump past the acquire, through another lock" ||
	bad "cli: an unheld release's notes" "$out"

# an iterator macro's loop is said as a loop over its arguments, not as a
# condition that reads like a comma expression
cat >"$tmp/cli/iter.c" <<'C'
struct ent { struct list_head l; int v; };
static LIST_HEAD(map_list);
static DEFINE_MUTEX(m);
static long it_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct ent *c;
	mutex_lock(&m);
	list_for_each_entry(c, &map_list, l) {
		if (c->v == cmd)
			return -EBUSY;
	}
	mutex_unlock(&m);
	return 0;
}
static const struct file_operations fops = { .unlocked_ioctl = it_ioctl };
C
expect_run "notes: an iterator's loop takes another entry" 1 \
	"iter.c:8:22: note: the loop over 'c, &map_list, l' takes another entry" "$bin" -j1 "$tmp/cli/iter.c"

# the Makefile's -D decides the CHIP_A arm; --no-makefile-flags and kbuild's
# checker mode (which gets the flags from kbuild itself) do not read it
mk="$here/cases/ds-unbalanced-makefile-flags"
out=$(cd "$mk" && "$bin" -j1 nic/fw.c 2>&1)
if grep -q "'fw_stop' returns" <<<"$out" && ! grep -q "'fw_start' returns" <<<"$out"; then
	ok "makefile flags: the folder's ccflags-y -DCHIP_A decides its #if"
else
	bad "makefile flags: the folder's ccflags-y -DCHIP_A decides its #if" "$out"
fi
expect_run "makefile flags: --no-makefile-flags analyses both arms" 1 "'fw_start' returns" \
	bash -c "cd '$mk' && '$bin' -j1 --no-makefile-flags nic/fw.c"
expect_run "makefile flags: not read in kbuild's checker mode" 0 "'fw_start' returns" \
	bash -c "cd '$mk' && '$bin' -D__KERNEL__ -nostdinc nic/fw.c"
out=$(cd "$mk" && "$bin" -j1 -UCHIP_A nic/fw.c 2>&1)
grep -q "'fw_start' returns" <<<"$out" && ok "makefile flags: -U on the command line wins over the Makefile's -D" ||
	bad "makefile flags: -U on the command line wins" "$out"

# a group whose arm holds `#error` is no path: no note walks through it (drxk)
cat >"$tmp/cli/scu.c" <<'C'
#include <linux/mutex.h>
struct st { struct mutex mutex; int busy; };
int scu_command(struct st *state, unsigned short cmd)
{
#if (SCU_PARAM_0 - SCU_PARAM_15) != 15
#error register mapping no longer compatible
#endif
	int status = 0;

	if (cmd == 0)
		goto error;
	mutex_lock(&state->mutex);
	status = state->busy;
error:
	mutex_unlock(&state->mutex);
	return status;
}
C
out=$("$bin" -j1 "$tmp/cli/scu.c" 2>&1)
if ! grep -q 'preprocessor condition' <<<"$out" && grep -q '\[lock-release-unheld\]' <<<"$out"; then
	ok "notes: an #error arm is no path"
else
	bad "notes: an #error arm is no path" "$out"
fi

# a kernel tree read whole keeps following global functions up to their
# work item when a file it skips (not understood as C) names none of them,
# and stops when a skipped file (binary) names one: it may call it
wt="$tmp/cli/wholetree"
rm -rf "$wt" && cp -r "$here/cases/ds-unbalanced-kthread-global-whole-tree" "$wt" && mkdir -p "$wt/drivers/misc"
for i in $(seq 40); do echo "@@ $i ## \$\$ % ^^ ~~ @@"; done >"$wt/drivers/misc/blob.c"
out=$(cd "$wt" && "$bin" -j1 . 2>&1)
if grep -q "blob.c: not understood as C" <<<"$out" &&
   grep -q "'handle_request' returns .*only kernel threads and work items reach it.*\[ds-unbalanced-kthread\]" <<<"$out"; then
	ok "whole tree: a skipped file that names no global function keeps the work item's context"
else
	bad "whole tree: a skipped file that names no global function keeps the work item's context" "$out"
fi
printf 'int boot_hook(void) { handle_request(); return 0; }\n\0\1\2' >"$wt/drivers/misc/blob.c"
out=$(cd "$wt" && "$bin" -j1 . 2>&1)
if grep -q "blob.c: binary file" <<<"$out" &&
   grep -q "'handle_request' returns .*\[ds-unbalanced\]$" <<<"$out"; then
	ok "whole tree: a skipped file that names the global function may call it: ds-unbalanced stays"
else
	bad "whole tree: a skipped file that names the global function may call it: ds-unbalanced stays" "$out"
fi
