# SPDX-License-Identifier: GPL-2.0
# Report formats, suppressions, baselines, --exclude, -W options, colour and
# kbuild (CHECK=) mode; sourced by tests/run after cli.sh (expect_run, $tmp/cli).

r=$tmp/rep
mkdir -p "$r/tree/keep" "$r/tree/staging"

# --- suppressions ------------------------------------------------------------
cat >"$r/supp.c" <<'EOC'
SYSCALL_DEFINE1(a, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		return -EINVAL; /* addrlimit: ignore ds-leak */
	set_fs(old_fs);
	return 0;
}
SYSCALL_DEFINE1(b, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		/*
		 * addrlimit: ignore ds-leak -- fd was checked by
		 * the only caller, see b_prepare()
		 */
		return -EINVAL;
	set_fs(old_fs);
	return 0;
}
SYSCALL_DEFINE1(c, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		return -EINVAL; // addrlimit: ignore ds-laek -- typo in the id
	set_fs(old_fs);
	return 0;
}
int d(int x)
{
	return x; /* addrlimit: ignore ds-no-save, oops-in-window -- nothing here */
}
SYSCALL_DEFINE1(e, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (fd < 0)
		return -EINVAL; /* addrlimit: ignore all -- test of 'all' */
	set_fs(old_fs);
	return 0;
}
EOC
out=$("$bin" "$r/supp.c" 2>&1); rc=$?
if [ $rc -eq 1 ] && grep -q "supp.c:6:.*sys_a" <<<"$out" &&
   grep -q "supp.c:6:[0-9]*: warning: suppression without a reason is not applied.*\[suppression\]" <<<"$out" &&
   ! grep -q "sys_b'" <<<"$out" && ! grep -q "sys_e'" <<<"$out" &&
   grep -q "supp.c:28:.*sys_c" <<<"$out" &&
   grep -q "supp.c:28:[0-9]*: warning: suppression names unknown check 'ds-laek'" <<<"$out"; then
	ok "reports: a suppression needs a reason and a known id; block comments and 'all' work"
else
	bad "reports: suppressions" "$out"
fi
expect_run "unused suppressions reported on request" 1 \
	"supp.c:34:[0-9]+: warning: unused suppression: no 'ds-no-save' finding here" \
	"$bin" --report-unused-suppressions "$r/supp.c"
out=$("$bin" --report-unused-suppressions "$r/supp.c" 2>&1)
if grep -q "no 'oops-in-window' finding here" <<<"$out" && [ "$(grep -c 'unused suppression' <<<"$out")" -eq 2 ]; then
	ok "reports: only the unused ids are reported"
else
	bad "reports: only the unused ids are reported" "$out"
fi
out=$("$bin" --report-unused-suppressions --disable=ds-no-save,oops-in-window "$r/supp.c" 2>&1)
if ! grep -q 'unused suppression' <<<"$out"; then ok "reports: a disabled check's suppression is not 'unused'"
else bad "reports: a disabled check's suppression is not 'unused'" "$out"; fi

# --- JSON --------------------------------------------------------------------
"$bin" --format=json "$r/supp.c" "$tmp/cli/nope.c" >"$r/out.json" 2>/dev/null
if python3 - "$r/out.json" >"$r/json.log" 2>&1 <<'EOP'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "addrlimit-json" and d["version"] == 1, d.get("format")
assert d["exit_status"] == 2
ids = sorted((f["check"], f["function"], f["line"]) for f in d["findings"])
assert ids == [("ds-leak", "sys_a", 6), ("ds-leak", "sys_c", 28)], ids
f = d["findings"][0]
assert f["severity"] == "error" and f["file"].endswith("supp.c") and f["column"] == 3
assert [s["line"] for s in f["path"]] == [4, 5, 6], f["path"]
assert len(f["fingerprint"]) == 16
sup = sorted((s["function"], s["reason"]) for s in d["suppressed"])
assert sup == [("sys_b", "fd was checked by the only caller, see b_prepare()"),
               ("sys_e", "test of 'all'")], sup
assert len(d["suppression_problems"]) == 2
assert any("nope.c" in e for e in d["errors"]), d["errors"]
EOP
then ok "reports: --format=json"; else bad "reports: --format=json" "$(cat "$r/json.log")"; fi

# --- SARIF: suppressed results carry their justification; the validator ---
"$bin" --format=sarif "$r/supp.c" >"$r/supp.sarif" 2>/dev/null
if python3 - "$r/supp.sarif" >"$r/sarif.log" 2>&1 <<'EOP'
import json, sys
run = json.load(open(sys.argv[1]))["runs"][0]
sup = [r for r in run["results"] if r.get("suppressions")]
assert len(sup) == 2 and sup[0]["suppressions"][0]["kind"] == "inSource"
assert sup[0]["suppressions"][0]["justification"].startswith("fd was checked")
notes = run["invocations"][0]["toolExecutionNotifications"]
assert sum(1 for n in notes if n.get("locations")) == 2
fps = [r["partialFingerprints"]["addrlimit/v1"] for r in run["results"]]
assert len(set(fps)) == len(fps)
rules = run["tool"]["driver"]["rules"]
assert all(r["shortDescription"]["text"] and r["help"]["text"] for r in rules)
EOP
then ok "reports: SARIF suppressions and notifications"; else bad "reports: SARIF suppressions" "$(cat "$r/sarif.log")"; fi

if validator=$(sh "$here/../scripts/sarif-validator.sh" 2>"$r/validator-install.log"); then
	n=0
	for s in "$r/supp.sarif" "$tmp/cli/out.sarif" "$tmp/cli/x.sarif" "$tmp/cli/skipped.sarif"; do
		[ -s "$s" ] || continue
		n=$((n + 1))
		v=$(cd "$r" && "$validator" validate "$s" 2>&1)
		if grep -q 'files scanned' <<<"$v" && ! grep -Eq ': error [A-Z]+[0-9]+' <<<"$v"; then
			ok "reports: Microsoft SARIF validator: no error in $(basename "$s")"
		else
			bad "reports: Microsoft SARIF validator on $(basename "$s")" "$v"
		fi
	done
	# the validator itself must be able to fail
	echo '{"version":"2.1.0","runs":[{"tool":{}}]}' >"$r/broken.sarif"
	v=$(cd "$r" && "$validator" validate "$r/broken.sarif" 2>&1)
	if grep -Eq ': error [A-Z]+[0-9]+' <<<"$v"; then ok "reports: the validator rejects a broken log"
	else bad "reports: the validator rejects a broken log" "$v"; fi
else
	bad "reports: install the SARIF validator" "$(cat "$r/validator-install.log")"
fi

# --- baselines ---------------------------------------------------------------
cp "$tmp/cli/leak.c" "$r/base.c"
expect_run "--write-baseline" 1 'base.c:7:3: error' "$bin" --write-baseline="$r/base.sarif" "$r/base.c"
expect_run "--baseline hides known findings" 0 '1 finding in the baseline not reported' \
	"$bin" --baseline="$r/base.sarif" "$r/base.c"
{ printf '/* a new comment */\n#include <linux/fs.h>\n\n'; cat "$tmp/cli/leak.c"; } >"$r/base.c"
expect_run "baseline matches after lines move" 0 '1 finding in the baseline' \
	"$bin" --baseline="$r/base.sarif" "$r/base.c"
sed 's/frob/frob2/' "$tmp/cli/leak.c" >>"$r/base.c"
out=$("$bin" --baseline="$r/base.sarif" --stats "$r/base.c" 2>&1); rc=$?
if [ $rc -eq 1 ] && [ "$(grep -c 'error:' <<<"$out")" -eq 1 ] && grep -q "sys_frob2" <<<"$out" &&
   grep -q 'in the baseline 1' <<<"$out"; then ok "reports: a new finding is reported past the baseline"
else bad "reports: a new finding is reported past the baseline" "$out"; fi
"$bin" --format=sarif -o "$r/full.sarif" "$r/base.c" 2>/dev/null
expect_run "an ordinary SARIF report is a baseline too" 0 '2 findings in the baseline' \
	"$bin" --baseline="$r/full.sarif" "$r/base.c"
echo '{"runs": 3' >"$r/bad.sarif"
expect_run "bad baseline: clear error" 2 "baseline '.*bad.sarif': not valid JSON at line [0-9]+" \
	"$bin" --baseline="$r/bad.sarif" "$r/base.c"
echo '{"x": 1}' >"$r/bad2.sarif"
expect_run "baseline that is not SARIF" 2 'not a SARIF log' "$bin" --baseline="$r/bad2.sarif" "$r/base.c"
expect_run "missing baseline" 2 "cannot read baseline '.*nope.sarif'" "$bin" --baseline="$r/nope.sarif" "$r/base.c"

# --- --exclude ---------------------------------------------------------------
cp "$tmp/cli/leak.c" "$r/tree/staging/leak.c"
cp "$tmp/cli/clean.c" "$r/tree/keep/ok.c"
expect_run "--exclude a folder" 0 'excluded 1' "$bin" --stats --exclude=staging "$r/tree"
expect_run "--exclude a glob" 0 'excluded 1' "$bin" --stats --exclude='*/staging/*.c' "$r/tree"
expect_run "--exclude that matches nothing" 1 'staging/leak.c:7:3: error' "$bin" --exclude='*.h' "$r/tree"

# --- -W options, -q, colour --------------------------------------------------
expect_run "-Wno-<id> disables a check" 0 '^$' "$bin" -Wno-ds-leak "$tmp/cli/leak.c"
expect_run "-W<id> enables it again" 1 'ds-leak' "$bin" --checks=ds-no-save -Wds-leak "$tmp/cli/leak.c"
expect_run "-W with an unknown id" 2 "unknown check in '-Wfrob'" "$bin" -Wfrob "$tmp/cli/leak.c"
printf '%s\n' "$leak_c" | sed 's/old_fs = get_fs();/old_fs;/; s/set_fs(old_fs)/set_fs(USER_DS)/; s/return -EINVAL;/;/' >"$r/nosave.c"
expect_run "a warning" 1 'warning: .*\[ds-no-save\]' "$bin" "$r/nosave.c"
expect_run "-Werror makes it an error" 1 'error: .*\[ds-no-save\]' "$bin" -Werror "$r/nosave.c"
expect_run "--color=always" 1 $'\033\\[01;31merror' "$bin" --color=always "$tmp/cli/leak.c"
out=$("$bin" "$tmp/cli/leak.c" 2>&1)
if ! grep -q $'\033' <<<"$out"; then ok "reports: no colour into a pipe"; else bad "reports: no colour into a pipe" "$out"; fi
expect_run "--color with a bad value" 2 "--color takes auto, always or never" "$bin" --color=pink "$tmp/cli/leak.c"
out=$("$bin" -q "$tmp/cli/latin1.c" 2>&1 >/dev/null)
if [ -z "$out" ]; then ok "reports: -q silences input warnings"; else bad "reports: -q silences input warnings" "$out"; fi

# --- kbuild mode: the arguments kbuild passes to $(CHECK) ----------------------
mkdir -p "$r/kb/include/generated/uapi/linux"
echo '#define KBUILD_TEST 1' >"$r/kb/include/kconfig.h"
kb=(-D__linux__ -Dlinux -D__STDC__ -Dunix -D__unix__ -Wbitwise -Wno-return-void
    -Wno-unknown-attribute -D__x86_64__ --arch=x86 -mlittle-endian -m64
    -Wp,-MMD,"$r/kb/.leak.o.d" -nostdinc -I"$r/kb/include" -I "$r/kb/include"
    -include "$r/kb/include/kconfig.h" -D__KERNEL__ -fmacro-prefix-map=./= -std=gnu11
    -fno-strict-aliasing -mno-red-zone -O2 -fno-stack-protector -g -DMODULE
    -DKBUILD_BASENAME='"leak"' -DKBUILD_MODNAME='"leak"' -D__KBUILD_MODNAME=kmod_leak)
expect_run "kbuild mode: gcc flags accepted, finding printed, exit 0" 0 \
	'leak.c:7:3: error: system call .sys_frob.' "$bin" "${kb[@]}" "$tmp/cli/leak.c"
expect_run "kbuild mode with -Werror fails the build" 1 'leak.c:7:3: error' \
	"$bin" "${kb[@]}" -Werror "$tmp/cli/leak.c"
expect_run "kbuild mode: a clean file prints nothing" 0 '^$' "$bin" "${kb[@]}" "$tmp/cli/clean.c"

# --- preprocessor environment: -D/-U/-I/-include decide #if arms ------------
cat >"$r/pp.c" <<'EOC'
SYSCALL_DEFINE1(pp, int, fd)
{
	mm_segment_t old_fs = get_fs();
	set_fs(KERNEL_DS);
#if LINUX_VERSION_CODE < KERNEL_VERSION(4, 14, 0)
	if (fd < 0)
		return -EINVAL;
#elif defined(CONFIG_PP_DEBUG) && FOO
	if (fd < 1)
		return -EIO;
#elif IS_ENABLED(CONFIG_PP_TRACE)
	if (fd < 2)
		return -ENOENT;
#else
	fd++;
#endif
	set_fs(old_fs);
	return 0;
}
EOC
# (the returns of one raise are one finding, the others its "same cause" notes)
lines() { "$bin" "$@" "$r/pp.c" 2>&1 | grep -E ': error: |: note: same cause: ' |
	sed -E 's/^[^:]*:([0-9]+):.*/\1/' | tr '\n' ' '; }
mkdir -p "$r/ppinc/generated/uapi/linux" "$r/ppinc/generated"
echo '#define LINUX_VERSION_CODE 393472' >"$r/ppinc/generated/uapi/linux/version.h"
printf '#define CONFIG_PP_TRACE_MODULE 1\n#define CONFIG_X 1\n' >"$r/ppinc/generated/autoconf.h"
printf '#include <generated/autoconf.h>\n' >"$r/ppinc/kconfig.h"
check_pp() {	# name want-lines args...
	local name=$1 want=$2 got
	shift 2
	got=$(lines "$@")
	if [ "$got" == "$want" ]; then ok "reports: #if arms: $name"
	else bad "reports: #if arms: $name: lines '$got', want '$want'"; fi
}
check_pp "nothing known: every arm" "7 10 13 " 
check_pp "old kernel: the first arm only" "7 " -DLINUX_VERSION_CODE=0x040900
check_pp "version from -I, the rest undecided" "10 13 " -I "$r/ppinc"
check_pp "-include kconfig.h: IS_ENABLED of a module" "13 " -I "$r/ppinc" -include "$r/ppinc/kconfig.h"
check_pp "-U" "13 " -I "$r/ppinc" -UCONFIG_PP_DEBUG
check_pp "-D decides, FOO unknown keeps the arm" "10 13 " -I "$r/ppinc" -DCONFIG_PP_DEBUG
check_pp "all false: the #else" "" -I "$r/ppinc" -DFOO=0 -DCONFIG_PP_TRACE=0 -UCONFIG_PP_TRACE_MODULE
expect_run "-include of a missing file" 2 "-include: .*nope.h: cannot open" "$bin" -include "$r/nope.h" "$r/pp.c"

# --- progress line on a terminal only; man page; make install ---------------
if command -v script >/dev/null; then
	out=$(script -qec "'$bin' -j2 '$here/cases'" /dev/null 2>&1 | tr '\r' '\n')
	if grep -Eq 'reading ([0-9]+)/\1 files' <<<"$out" && grep -q 'checking [0-9]*/[0-9]* functions' <<<"$out"; then
		ok "reports: progress line on a terminal"
	else
		bad "reports: progress line on a terminal" "$(head -c 2000 <<<"$out")"
	fi
	out=$(script -qec "'$bin' -q -j2 '$here/cases'" /dev/null 2>&1)
	if ! grep -q 'reading' <<<"$out"; then ok "reports: -q: no progress line"
	else bad "reports: -q: no progress line" "$(head -c 500 <<<"$out")"; fi
fi
out=$("$bin" -j2 "$here/cases" 2>&1)
if ! grep -q $'\r' <<<"$out"; then ok "reports: no progress line into a pipe"; else bad "reports: no progress line into a pipe"; fi
man=$here/../addrlimit.1
# every spelling in the option table (cli/options.c) but the hidden ones,
# and every --word of --help, as a whole word in roff (\-include)
opts=$("$bin" --list-options)
missing=$({ echo "$opts"; "$bin" --help | grep -oE -- '--[a-z][a-z-]+'; } | sort -u | while read -r opt; do
	grep -qwF -- "$(sed 's/-/\\-/g' <<<"$opt")" "$man" || echo "$opt"; done)
if [ "$(wc -l <<<"$opts")" -lt 40 ]; then bad "reports: --list-options lists the option table" "$opts"
elif [ -z "$missing" ]; then ok "reports: the man page documents every option of the table"
else bad "reports: options missing from addrlimit.1" "$missing"; fi
warn=$(groff -man -Tutf8 -ww -z "$man" 2>&1)
if [ -z "$warn" ]; then ok "reports: addrlimit.1 renders without groff warnings"
else bad "reports: addrlimit.1 groff warnings" "$warn"; fi
if [ "$bin" -ef "$here/../addrlimit" ]; then
	make -s -C "$here/.." install DESTDIR="$tmp/inst" PREFIX=/usr >"$tmp/inst.log" 2>&1
	if [ -x "$tmp/inst/usr/bin/addrlimit" ] && [ -f "$tmp/inst/usr/share/man/man1/addrlimit.1" ]; then
		ok "reports: make install DESTDIR= PREFIX="
	else
		bad "reports: make install" "$(cat "$tmp/inst.log"; find "$tmp/inst")"
	fi
fi

# --- golden reports: text, JSON and SARIF of one case, byte for byte ---------
g=$here/golden
if [ -d "$g" ]; then
	out=$(cd "$here/cases" && "$bin" ds-leak-goto-skip-restore.c 2>&1)
	if [ "$out" == "$(cat "$g/goto-skip-restore.txt")" ]; then ok "reports: golden text"
	else bad "reports: golden text" "$(diff "$g/goto-skip-restore.txt" <(echo "$out"))"; fi
	out=$(cd "$here/cases" && "$bin" -f json ds-leak-goto-skip-restore.c 2>&1 | sed "s/\"tool_version\": \"[^\"]*\"/\"tool_version\": \"$("$bin" --version | awk '{print $2}')\"/")
	if [ "$out" == "$(cat "$g/goto-skip-restore.json")" ]; then ok "reports: golden JSON"
	else bad "reports: golden JSON" "$(diff "$g/goto-skip-restore.json" <(echo "$out"))"; fi
	out=$(cd "$here/cases" && "$bin" -f sarif ds-leak-goto-skip-restore.c 2>/dev/null | python3 -c "
import json, sys
d = json.load(sys.stdin)
d['runs'][0].pop('originalUriBaseIds', None)
d['runs'][0]['tool']['driver']['version'] = 'VERSION'
d['runs'][0]['tool']['driver']['semanticVersion'] = 'VERSION'
json.dump(d, sys.stdout, indent=2)
print()")
	if [ "$out" == "$(cat "$g/goto-skip-restore.sarif")" ]; then ok "reports: golden SARIF"
	else bad "reports: golden SARIF" "$(diff "$g/goto-skip-restore.sarif" <(echo "$out") | head -30)"; fi
fi

# --- budgets: the run goes on, and says what it did not finish --------------
out=$("$bin" -v --stats --state-budget=1 "$tmp/cli/leak.c" "$tmp/cli/clean.c" 2>&1); rc=$?
if grep -q "leak.c:2: remark: function 'sys_frob' analysed in part: more than 1 states (--state-budget)" <<<"$out" &&
   grep -q 'state budget exceeded [12],' <<<"$out" && [ $rc -le 1 ]; then
	ok "reports: --state-budget: the function is reported as analysed in part"
else
	bad "reports: --state-budget" "$out"
fi
"$bin" -f sarif --state-budget=1 "$tmp/cli/leak.c" 2>/dev/null | grep -q 'analysed in part: more than 1 states' &&
	ok "reports: --state-budget hit is a SARIF notification" || bad "reports: --state-budget hit in SARIF"
python3 -c "
import sys
with open(sys.argv[1], 'w') as f:
    for i in range(40000):
        f.write('static int f%d(int x)\n{\n\tif (x > %d)\n\t\treturn x - 1;\n\treturn x + %d;\n}\n' % (i, i, i))
" "$tmp/rep/slow.c"
expect_run "--time-budget: a file not parsed in time is skipped, the others analysed" 2 \
	"slow.c: not parsed within 0.01 s \(--time-budget\), skipped.*leak.c:7:3: error" \
	bash -c "'$bin' --time-budget=0.01 '$tmp/rep/slow.c' '$tmp/cli/leak.c' 2>&1 | tr '\n' ' '; exit \${PIPESTATUS[0]}"
expect_run "--time-budget=0 is no limit" 0 '^$' "$bin" --time-budget=0 "$tmp/rep/slow.c"
# the pair walk stops at the file's deadline as the limit walk does (before:
# only at the state budget): twelve locks taken or not, then sixty branches
python3 -c "
import sys
with open(sys.argv[1], 'w') as f:
    f.write('struct heavy {\n' + ''.join('\tstruct mutex m%d;\n' % i for i in range(12)) + '\tint c[12];\n};\n')
    f.write('long heavy_ioctl(struct heavy *h, long x)\n{\n')
    f.write(''.join('\tif (h->c[%d])\n\t\tmutex_lock(&h->m%d);\n' % (i, i) for i in range(12)))
    f.write(''.join('\tif (x > %d)\n\t\tx = x * 3 + %d;\n' % (i, i) for i in range(60)))
    f.write('\treturn x;\n}\n')
" "$tmp/rep/pairslow.c"
expect_run "--time-budget: the pair walk stops at the file's deadline" 0 \
	"pairslow.c:[0-9]+: remark: function 'heavy_ioctl' lock and pair rules not checked: the file's time budget of 0.05 s \(--time-budget\) ran out" \
	"$bin" -v --time-budget=0.05 "$tmp/rep/pairslow.c"
expect_run "--time-budget with a bad value" 2 "--time-budget takes seconds" "$bin" --time-budget=soon "$tmp/cli/leak.c"

# an empty folder inside a tree (qsort of nothing: UBSan in the sanitizer build)
mkdir -p "$tmp/rep/withempty/empty" "$tmp/rep/withempty/sub/also-empty"
cp "$tmp/cli/clean.c" "$tmp/rep/withempty/sub/"
expect_run "a tree with empty folders" 0 '^$' "$bin" "$tmp/rep/withempty"

# --html: a folder counts the findings of the folders below it
(cd "$tmp/rep" && "$bin" --html=hier tree >/dev/null 2>&1)
if grep -q '>tree</a></td><td class="n">1<' "$tmp/rep/hier/index.html" &&
   grep -q '>tree/staging</a></td><td class="n">1<' "$tmp/rep/hier/index.html"; then
	ok "reports: --html folders include what is below them"
else
	bad "reports: --html folder counts" "$(grep -o 'dir-[0-9]*">[^<]*</a></td><td class="n">[0-9]*' "$tmp/rep/hier/index.html")"
fi
