# The incremental cache (--cache): a warm run says what a cold run says,
# reuses what did not change, and survives a broken or shared database.
# Sourced by tests/run (needs $bin, $tmp, ok, bad).
cw=$tmp/cachetest
rm -rf "$cw" && mkdir -p "$cw" && cp -r "$here/cases/." "$cw/src"
db=$cw/c.sqlite
plain() { (cd "$cw/src" && "$bin" "$@" . 2>&1); }
cached() { (cd "$cw/src" && "$bin" --cache="$db" "$@" . 2>&1); }
stats() { (cd "$cw/src" && "$bin" --cache="$db" --stats . 2>&1 >/dev/null | grep 'stats: cache'); }

want=$(plain)
got=$(cached)
[ "$got" == "$want" ] && ok "cache: a cold run with --cache prints what a run without it prints" ||
	bad "cache: cold run differs" "$(diff <(echo "$want") <(echo "$got") | head -20)"
s=$(stats)
grep -q 'files reused, 0 analysed (the whole run was known)' <<<"$s" &&
	ok "cache: an unchanged tree is known as a whole ($s)" || bad "cache: warm run" "$s"
for f in text sarif json; do
	[ "$(plain -f $f)" == "$(cached -f $f)" ] && ok "cache: warm $f report equals the uncached one" ||
		bad "cache: warm $f report differs"
done
touch "$cw/src/ds-leak-goto-skip-restore.c"
s=$(stats)
grep -q '(the whole run was known)' <<<"$s" && ok "cache: a touched file (same bytes) is not analysed again" ||
	bad "cache: touched file" "$s"
# an edit: that file alone is parsed again, and the findings follow the edit
sed -i 's/\tset_fs(old_fs);/\t;/' "$cw/src/ok-blkdev-ioctl.c"
s=$(stats)
grep -q 'files reused, 1 analysed$' <<<"$s" && ok "cache: after editing one file only that file is analysed" ||
	bad "cache: edited file" "$s"
want=$(plain)
[ "$(cached)" == "$want" ] && grep -q 'ok-blkdev-ioctl.c' <<<"$want" &&
	ok "cache: the edit's new findings are reported, the rest reused" || bad "cache: edit not reflected"
# an edit of a file that does not touch the limit, in a tree where another
# file raises it: the rows say so, and no probe is run to find it out (one
# round of the relevance pass, not a probe and a second)
echo '/* edited */' >>"$cw/src/lock-double-acquire-error-branch.c"
s=$(cd "$cw/src" && "$bin" --cache="$db" --stats . 2>&1 >/dev/null | grep 'stats: relevance')
grep -q 'files parsed, 1 round (1); every file: the address limit is raised' <<<"$s" &&
	ok "cache: a raised limit is known from the rows, without a probe ($s)" ||
	bad "cache: raised limit not known from the rows" "$s"
[ "$(cached)" == "$(plain)" ] && ok "cache: ... and the report is the uncached one" ||
	bad "cache: report after a non-limit edit differs"
# a row's key is the file's real path: a tree read through a link to its
# folder and then through the folder itself is the same files (the folders'
# real paths are built from their parents', each checked to be no link)
lw=$cw/linked
mkdir -p "$lw/real/a/b" && cp "$here/cases/ok-blkdev-ioctl.c" "$lw/real/a/b/x.c" &&
	cp "$here/cases/lock-double-acquire-error-branch.c" "$lw/real/a/y.c" && ln -s real "$lw/alias"
"$bin" --cache="$cw/l.sqlite" "$lw/alias" >/dev/null 2>&1
s=$("$bin" --cache="$cw/l.sqlite" --stats "$lw/real" 2>&1 >/dev/null | grep 'stats: cache')
grep -q ' 2 files reused, 0 analysed' <<<"$s" &&
	ok "cache: a tree read through a link to its folder keeps the rows of its real paths ($s)" ||
	bad "cache: rows of a linked folder" "$s"
# the -D and -U a folder's Makefile gives are part of its files' rows: an
# edit that changes them has those files analysed again, one that does not
# (a comment) leaves the whole run known
mw=$cw/mk
mkdir -p "$mw/a" "$mw/b" && cp "$here/cases/ds-unbalanced-makefile-flags/nic/fw.c" "$mw/a/fw.c" &&
	cp "$here/cases/ok-blkdev-ioctl.c" "$mw/b/x.c" && echo 'ccflags-y += -DCHIP_A' >"$mw/a/Makefile"
mkstats() { "$bin" --cache="$cw/m.sqlite" --stats "$mw" 2>&1 >/dev/null | grep 'stats: cache'; }
mkstats >/dev/null
echo '# a comment' >>"$mw/a/Makefile"
s=$(mkstats)
grep -q '(the whole run was known)' <<<"$s" &&
	ok "cache: a Makefile edit that gives the same flags changes nothing ($s)" ||
	bad "cache: Makefile comment" "$s"
echo 'ccflags-y += -UCHIP_A' >>"$mw/a/Makefile"
s=$(mkstats)
want=$("$bin" "$mw" 2>&1)
grep -q ' 1 files reused, 1 analysed' <<<"$s" && grep -q "'fw_start' returns" <<<"$want" &&
	[ "$("$bin" --cache="$cw/m.sqlite" "$mw" 2>&1)" == "$want" ] &&
	ok "cache: a Makefile edit that changes the flags has its folder's files analysed again ($s)" ||
	bad "cache: Makefile flags edit" "$s"
# other options: nothing reused across them
s=$(cd "$cw/src" && "$bin" --cache="$db" --stats --disable=oops-in-window . 2>&1 >/dev/null | grep 'stats: cache')
grep -q ' 0 files reused' <<<"$s" && ok "cache: results are kept apart per set of options" ||
	bad "cache: options mixed" "$s"
# a damaged blob: that file is analysed again, the report is unchanged
python3 - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("UPDATE files SET blob = substr(blob, 1, 20), mtime = 0 WHERE path LIKE '%ds-leak-goto-skip-restore.c'")
c.execute("DELETE FROM runs")
c.commit()
PY
want=$(plain)
[ "$(cached)" == "$want" ] && ok "cache: a damaged entry is analysed again, never trusted" ||
	bad "cache: damaged entry"
# not a database at all: a warning, and the run goes on without it
printf 'this is not sqlite\n%.0s' 1 2 3 >"$cw/bad.sqlite"
out=$(cd "$cw/src" && "$bin" --cache="$cw/bad.sqlite" ds-leak-goto-skip-restore.c 2>&1); rc=$?
grep -q 'warning: cache not used: .*bad.sqlite' <<<"$out" && [ $rc -eq 1 ] &&
	ok "cache: a file that is not a database is reported and the run goes on (exit $rc)" ||
	bad "cache: bad database" "$out"
# two runs at once on one database: both complete with the same report
rm -f "$db"
(cd "$cw/src" && "$bin" --cache="$db" . >"$cw/r1" 2>&1) &
(cd "$cw/src" && "$bin" --cache="$db" . >"$cw/r2" 2>&1) &
wait
cmp -s "$cw/r1" "$cw/r2" && [ "$(cat "$cw/r1")" == "$(plain)" ] &&
	ok "cache: two concurrent runs on one database agree with an uncached run" ||
	bad "cache: concurrent runs" "$(diff "$cw/r1" "$cw/r2" | head)"
out=$(cd "$cw/src" && "$bin" --cache="$db" --fix ds-leak-goto-skip-restore.c 2>&1 >/dev/null)
grep -q 'note: --cache is not used with --fix' <<<"$out" && ok "cache: not used with --fix, and it says so" ||
	bad "cache: --fix" "$out"
# the default location follows XDG_CACHE_HOME
(cd "$cw/src" && XDG_CACHE_HOME="$cw/xdg" "$bin" --cache ds-leak-goto-skip-restore.c >/dev/null 2>&1)
[ -s "$cw/xdg/addrlimit/cache.sqlite" ] && ok "cache: --cache without a file uses \$XDG_CACHE_HOME/addrlimit/cache.sqlite" ||
	bad "cache: default location"
# the same relative path in two folders, same size and same time, other
# bytes: rows are keyed by absolute path, so b is not answered with a's
mkdir -p "$cw/a" "$cw/b"
printf 'SYSCALL_DEFINE1(f, int, x)\n{\n\tmm_segment_t o = get_fs();\n\tset_fs(KERNEL_DS);\n\tif (x)\n\t\treturn 1;\n\tset_fs(o);\n\treturn 0;\n}\n' >"$cw/a/x.c"
sed 's/return 1;/x = 2;   /' "$cw/a/x.c" >"$cw/b/x.c"
touch -d '2020-01-01 00:00:00' "$cw/a/x.c" "$cw/b/x.c"
if [ "$(stat -c %s "$cw/a/x.c")" = "$(stat -c %s "$cw/b/x.c")" ]; then
	(cd "$cw/a" && "$bin" --cache="$cw/ab.sqlite" x.c >/dev/null 2>&1)
	got=$(cd "$cw/b" && "$bin" --cache="$cw/ab.sqlite" x.c 2>&1)
	want=$(cd "$cw/b" && "$bin" x.c 2>&1)
	[ "$got" == "$want" ] && ! grep -q ds-leak <<<"$got" &&
		ok "cache: ./x.c in another folder (same size and time) is another file" ||
		bad "cache: files keyed by relative path" "$got"
else
	bad "cache: test set-up: the two files should have the same size"
fi
# with the relevance pass: a registration edited in a file that names no
# rule call (not parsed before) is found through the new name
rt=$cw/reltree
cp -r "$here/cases/relevance-modern-tree" "$rt"
rdb=$cw/rel.sqlite
(cd "$rt" && "$bin" --cache="$rdb" . >/dev/null 2>&1)
sed -i 's/^long ring_ioctl(/long ring_ioctl2(/' "$rt/ioctl.c"
sed -i 's/ring_ioctl\([,(]\)/ring_ioctl2\1/' "$rt/fops.c"
got=$(cd "$rt" && "$bin" --cache="$rdb" --stats . 2>&1)
if grep -q "handler 'ring_ioctl2' can return to user mode with mutex" <<<"$got" &&
   grep -q 'cache: 9 files reused, 2 analysed' <<<"$got"; then
	ok "cache: a renamed handler and its registration (a file parsed only for the name) are found again"
else
	bad "cache: relevance with an edited registration" "$got"
fi
[ "$(cd "$rt" && "$bin" --cache="$rdb" --full . 2>&1)" == "$(cd "$rt" && "$bin" . 2>&1)" ] &&
	ok "cache: --full from the same database says what the relevance pass says" ||
	bad "cache: --full with a cache differs"
# an unparsed file's row keeps its scan: a later run does not read it again
# (plain2.c is given new bytes with its old size and time, which the cache
# trusts: a lock call in them stays unseen until the file really changes)
rt=$cw/reltree2 rdb=$cw/rel2.sqlite
cp -r "$here/cases/relevance-modern-tree" "$rt"
(cd "$rt" && "$bin" --cache="$rdb" . >/dev/null 2>&1)
p2=$rt/plain2.c
cp -p "$p2" "$cw/plain2.orig"
python3 - "$p2" <<'PY'
import sys
p = sys.argv[1]
old = open(p).read()
new = "/*mutex_lock*/" + old[14:]
assert len(new) == len(old)
open(p, "w").write(new)
PY
touch -r "$cw/plain2.orig" "$p2"
echo '/* edited */' >>"$rt/csum.c"
got=$(cd "$rt" && "$bin" --cache="$rdb" --stats . 2>&1)
if grep -q 'relevance: 5 of 11 files parsed' <<<"$got"; then
	ok "cache: an unparsed file's names come from its row, not from reading it again"
else
	bad "cache: an unparsed file was read again" "$(grep stats <<<"$got")"
fi
# a file left unparsed (its only lock body, spool_count, settles from its
# tokens; xdef.c, its leak edited out, too) keeps, in its row, the names
# it mentions: a later run that asks for one of them (an edit elsewhere
# makes spool_read a handler that can return with the lock held) parses
# that file, from the cache, and finds the registration in it
rt=$cw/bodies rdb=$cw/bodies.sqlite
cp -r "$here/cases/relevance-bodies" "$rt"
python3 - "$rt/xdef.c" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
s = s.replace("\t\treturn 0; /* expect: lock-held-return */\n", "\t\tlen = 1;\n")
open(p, "w").write(s)
PY
got=$(cd "$rt" && "$bin" --cache="$rdb" --stats . 2>&1)
if ! grep -q "spool_read" <<<"$got" && grep -q 'relevance: 5 of 7 files parsed, 1 round' <<<"$got" &&
   grep -q 'token locks: 2 bodies whose locks the tokens settle left out, 2 files not parsed' <<<"$got"; then
	ok "cache: bodies: a first run leaves xreg.c unparsed (nothing asks for spool_read)"
else
	bad "cache: bodies: first run" "$(grep -E 'stats: (rel|bod)|spool' <<<"$got")"
fi
cp "$here/cases/relevance-bodies/xdef.c" "$rt/xdef.c"
got=$(cd "$rt" && "$bin" --cache="$rdb" --stats . 2>&1)
want=$(cd "$rt" && "$bin" . 2>&1)
if grep -q "handler 'spool_read' can return to user mode with mutex" <<<"$got" &&
   grep -q 'relevance: 7 of 7 files parsed, 2 rounds' <<<"$got" &&
   grep -q 'cache: 6 files reused, 2 analysed' <<<"$got" &&
   [ "$(grep -v '^addrlimit: stats' <<<"$got")" == "$want" ]; then
	ok "cache: bodies: the edit asks for spool_read, and xreg.c, known unparsed, is parsed"
else
	bad "cache: bodies: the cached left-out body was not parsed again" "$(grep -E 'stats: (rel|bod|cache)|spool' <<<"$got")"
fi
[ "$(cd "$rt" && "$bin" --cache="$rdb" --full . 2>&1)" == "$(cd "$rt" && "$bin" --full . 2>&1)" ] &&
	ok "cache: bodies: --full from the same database parses the elided files whole" ||
	bad "cache: bodies: --full with a cache differs"
# the control macros (macros.h) come from every file and the headers beside
# them: a file whose bytes did not change is parsed again when a macro its
# CFGs looked up now means something else, and only then
mt=$cw/macros mdb=$cw/macros.sqlite
cp -r "$here/cases/lock-held-return-macro-hides-goto" "$mt"
# vnd_write gets a status check, from another file, that does not jump yet
# (a C file's macros are its own and its includers': vnd_ioctl.c includes it)
sed -i 's/^\tvd->state++;$/&\n\tvndHWCHECK(vd->state);/' "$mt/vnd_ioctl.c"
sed -i 's|^#include "inc/vnd_os.h"$|&\n#include "vnd_hw.c"|' "$mt/vnd_ioctl.c"
printf '%s\n' '#include <linux/mutex.h>' '#define vndHWCHECK(x) ((void)(x))' \
	'static DEFINE_MUTEX(hw_lock);' 'int vnd_hw_poke(int v)' '{' '	mutex_lock(&hw_lock);' \
	'	v++;' '	mutex_unlock(&hw_lock);' '	return v;' '}' >"$mt/vnd_hw.c"
mplain() { (cd "$mt" && "$bin" "$@" . 2>&1); }
mcached() { (cd "$mt" && "$bin" --cache="$mdb" "$@" . 2>&1); }
mstats() { (cd "$mt" && "$bin" --cache="$mdb" --stats . 2>&1 | grep -E 'stats: (cache|findings)'); }
mcached >/dev/null
# the header's vndONERROR no longer jumps: vnd_ioctl's finding goes
python3 - "$mt/inc/vnd_os.h" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
i, j = s.index("#define vndONERROR"), s.index("#endif")
open(p, "w").write(s[:i] + "#define vndONERROR(func) ((void)(func))\n\n" + s[j:])
PY
want=$(mplain)
got=$(mcached)
s=$(mstats)
[ "$got" == "$want" ] && ! grep -q "'vnd_ioctl'" <<<"$got" && grep -q "'vnd_read'" <<<"$got" &&
	grep -q 'findings 1,' <<<"$s" &&
	ok "cache: a control macro edited in a header: the file that uses it is parsed again" ||
	bad "cache: header macro edit not seen (stale row)" "$(diff <(echo "$want") <(echo "$got") | head)"
# vnd_hw.c's vndHWCHECK starts to return: a name that was no macro becomes one
sed -i 's/^#define vndHWCHECK(x) .*/#define vndHWCHECK(x) do { if (!(x)) return -EIO; } while (0)/' "$mt/vnd_hw.c"
want=$(mplain)
got=$(mcached)
s=$(mstats)
[ "$got" == "$want" ] && grep -q "'vnd_write'" <<<"$got" && grep -q 'findings 2,' <<<"$s" &&
	ok "cache: a name that becomes a control macro in another .c file: its user is parsed again" ||
	bad "cache: macro edit in another file not seen (stale row)" "$(diff <(echo "$want") <(echo "$got") | head)"
# edits that change no macro's meaning: the other files' rows are reused
# (the edited vnd_hw.c is read, and left unparsed: its one lock body
# settles from its tokens)
sed -i 's/^\tv++;$/\tv += 2;/' "$mt/vnd_hw.c"
echo '/* no macro here */' >>"$mt/inc/vnd_os.h"
want=$(mplain)
s=$(mstats | grep 'stats: cache')
[ "$(mcached)" == "$want" ] && grep -q 'cache: 1 files reused, 0 analysed$' <<<"$s" &&
	ok "cache: an edit that changes no control macro reuses the other files' rows ($s)" ||
	bad "cache: unrelated edit" "$s $(diff <(echo "$want") <(mcached) | head)"
# the same through --full (no relevance pass)
sed -i 's/^#define vndHWCHECK(x) .*/#define vndHWCHECK(x) ((void)(x))/' "$mt/vnd_hw.c"
[ "$(mcached --full)" == "$(mplain --full)" ] &&
	ok "cache: --full: a control macro edited in another file is seen" ||
	bad "cache: --full: macro edit not seen" "$(diff <(mplain --full) <(mcached --full) | head)"
# after an edit the whole-tree pass runs again over the rows of the other
# files: a helper's summary that changes in one file changes the finding
# of its caller in another file (whose row is reused), and an edit that
# changes no summary gives the uncached report too.  Every format is
# checked on the first run after the edit (the database copied back before
# each), not only the stored run a second one would print.
xs=$cw/xfile xdb=$cw/xfile.sqlite
mkdir -p "$xs" && cp "$here/cases/ds-leak-xfile-fold-root-cause/"*.c "$here/cases/ok-blkdev-ioctl.c" "$xs"
xplain() { (cd "$xs" && "$bin" --every-caller "$@" . 2>/dev/null); }
xcached() { (cd "$xs" && "$bin" --every-caller --cache="$xdb" "$@" . 2>>"$cw/xfile.err"); }
xedit() {	# NAME: each format, from the database as it was before the edit
	local name=$1 f got want s
	for f in text json sarif; do
		rm -f "$xdb-wal" "$xdb-shm"
		cp "$cw/xfile.before" "$xdb"
		: >"$cw/xfile.err"
		got=$(xcached --stats -f $f)
		want=$(xplain -f $f)
		s=$(grep 'stats: cache' "$cw/xfile.err")
		[ "$got" == "$want" ] && grep -q 'cache: 2 files reused, 1 analysed$' <<<"$s" &&
			ok "cache: $name: the $f report after the edit is the uncached one ($s)" ||
			bad "cache: $name: $f report after the edit differs" "$s $(diff <(echo "$want") <(echo "$got") | head)"
	done
}
# (the run closed the database: its journal is back in the file)
xsnap() { xcached >/dev/null; [ ! -s "$xdb-wal" ] && cp "$xdb" "$cw/xfile.before" || bad "cache: xfile: no snapshot"; }
xsnap
grep -q 'fw_main.c:.*\[ds-leak\]' <<<"$(xplain)" || bad "cache: xfile: no ds-leak in fw_main.c to begin with"
# fw_read_blob (fw_io.c) restores the limit on its short read: fw_ioctl's
# ds-leak in fw_main.c goes
sed -i 's|^\t\treturn -EIO; /\* expect: ds-unbalanced \*/$|\t\t{ set_fs(old); return -EIO; }|' "$xs/fw_io.c"
! grep -q 'fw_main.c:.*\[ds-leak\]' <<<"$(xplain)" && grep -q 'set_fs(old); return -EIO' "$xs/fw_io.c" ||
	bad "cache: xfile: the helper's edit did not remove the caller's finding"
xedit "a callee's summary changes: the caller's finding in another file goes"
# ... and comes back when the helper leaks again
xsnap
sed -i 's|^\t\t{ set_fs(old); return -EIO; }$|\t\treturn -EIO;|' "$xs/fw_io.c"
grep -q 'fw_main.c:.*\[ds-leak\]' <<<"$(xplain)" || bad "cache: xfile: the caller's finding did not come back"
xedit "a callee's summary changes back: the caller's finding returns"
# an edit that changes no summary: a new function in the helper's file
xsnap
printf '%s\n' '' 'static int fw_spare(int x)' '{' '	return x + 1;' '}' >>"$xs/fw_io.c"
xedit "an edit that changes no summary"
# a row written through a view that sees only the headers' macros (sh_main.c
# defines none) is kept while the headers' are the same, and dropped when
# a header's macro changes meaning: SH_CHECK stops jumping to the label
# that returns with the mutex held
sv=$cw/shared sdb=$cw/shared.sqlite
mkdir -p "$sv/inc"
printf '%s\n' '#define SH_CHECK(x) do { if (x) goto out; } while (0)' >"$sv/inc/sh.h"
printf '%s\n' '#include <linux/fs.h>' '#include <linux/mutex.h>' '#include "inc/sh.h"' '' \
	'static DEFINE_MUTEX(sh_lock);' '' \
	'static long sh_ioctl(struct file *f, unsigned int cmd, unsigned long arg)' '{' \
	'	mutex_lock(&sh_lock);' '	SH_CHECK(cmd == 0);' '	mutex_unlock(&sh_lock);' \
	'	return 0;' 'out:' '	return -EINVAL;' '}' '' \
	'static const struct file_operations sh_fops = {' '	.unlocked_ioctl = sh_ioctl,' '};' \
	>"$sv/sh_main.c"
cp "$sv/sh_main.c" "$sv/sh_copy.c"
sed -i 's/sh_/shc_/g; s|"inc/shc_.h"|"inc/sh.h"|' "$sv/sh_copy.c"
splain() { (cd "$sv" && "$bin" "$@" . 2>&1); }
scached() { (cd "$sv" && "$bin" --cache="$sdb" "$@" . 2>&1); }
scached >/dev/null
# an edit of the other file: sh_main.c's row is kept, its finding too
echo '/* edited */' >>"$sv/sh_copy.c"
want=$(splain)
got=$(scached)
[ "$got" == "$want" ] && grep -q "'sh_ioctl'.*lock-held-return" <<<"$got" &&
	ok "cache: shared view: an edit elsewhere keeps the row and its finding" ||
	bad "cache: shared view: edit elsewhere" "$(diff <(echo "$want") <(echo "$got") | head)"
sed -i 's/^#define SH_CHECK(x) .*/#define SH_CHECK(x) ((void)(x))/' "$sv/inc/sh.h"
want=$(splain)
got=$(scached)
[ "$got" == "$want" ] && ! grep -q "'sh_ioctl'" <<<"$got" &&
	ok "cache: shared view: a header's macro that changes meaning drops the row" ||
	bad "cache: shared view: header macro edit not seen (stale row)" "$(diff <(echo "$want") <(echo "$got") | head)"
# a file left unparsed because the tokens settle its locks keeps that
# verdict in the cache, until the headers' macros change
sw=$tmp/cachesettled
rm -rf "$sw" && mkdir -p "$sw/src"
cat >"$sw/src/a.c" <<'C'
#include <linux/fs.h>
#include <linux/mutex.h>
#include "dv.h"
struct dv { struct mutex m; int n; };
static long a_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct dv *d = f->private_data;
	mutex_lock(&d->m);
	d->n++;
	dv_note(d);
	mutex_unlock(&d->m);
	return 0;
}
static const struct file_operations a_fops = { .unlocked_ioctl = a_ioctl };
C
printf '#define DV_MAX 4\n' >"$sw/src/dv.h"
printf 'int b_unused;\n' >"$sw/src/b.c"
sdb=$sw/c.sqlite
splain() { (cd "$sw/src" && "$bin" "$@" . 2>&1); }
scached() { (cd "$sw/src" && "$bin" --cache="$sdb" "$@" . 2>&1); }
out=$(scached --stats)
grep -q 'token locks: 1 body whose locks the tokens settle left out, 1 file not parsed' <<<"$out" &&
	ok "cache: a file whose locks the tokens settle is left unparsed" ||
	bad "cache: settled file" "$out"
printf 'int b_used;\n' >"$sw/src/b.c"
out=$(scached --stats)
grep -q 'relevance: 0 of 2 files parsed' <<<"$out" &&
	grep -q 'token locks: 0 bodies whose locks the tokens settle left out, 1 file not parsed' <<<"$out" &&
	ok "cache: the settled verdict is reused when another file changes" ||
	bad "cache: settled verdict not reused" "$out"
# the header now makes dv_note() a macro that releases the mutex: the
# settled row is dropped and a.c judged (and reported) again
printf '#define dv_note(d) do { mutex_unlock(&(d)->m); } while (0)\n' >"$sw/src/dv.h"
want=$(splain --stats | grep -v 'stats: slowest\|stats: time')
got=$(scached --stats | grep -v 'stats: slowest\|stats: time\|stats: cache')
[ "$got" == "$want" ] && grep -q 'relevance: 1 of 2 files parsed' <<<"$got" &&
	ok "cache: a header's new lock wrapper makes the settled file judged again" ||
	bad "cache: stale settled verdict" "$(diff <(echo "$want") <(echo "$got") | head -20)"
# a settled verdict, for a file with the shared view of the macros and for
# one that defines a control macro of its own (its own view): kept while
# the names its token check looked up answer the same, dropped and judged
# again when one does not (a wrapper the check skipped as inert comes
# alive through another file's macro; replayed in the file's own view,
# where that macro is not seen, it does nothing, and the verdict stands)
for view in shared own; do
	so=$tmp/cacheinert-$view
	rm -rf "$so" && mkdir -p "$so/src"
	own='#define DV_BAIL(x) do { if (x) return -EINVAL; } while (0)'
	[ $view = own ] && sed "s/^struct dv {/$own\nstruct dv {/" "$sw/src/a.c" >"$so/src/a.c" ||
		cp "$sw/src/a.c" "$so/src/a.c"
	printf '#define dv_note(d) __dv_note(d)\n' >"$so/src/dv.h"
	printf 'int b_unused;\n' >"$so/src/b.c"
	sdb=$so/c.sqlite
	splain() { (cd "$so/src" && "$bin" "$@" . 2>&1); }
	scached() { (cd "$so/src" && "$bin" --cache="$sdb" "$@" . 2>&1); }
	out=$(scached --stats)
	grep -q 'token locks: 1 body whose locks the tokens settle left out, 1 file not parsed' <<<"$out" &&
		ok "cache: $view view: a file whose locks the tokens settle is left unparsed" ||
		bad "cache: $view view: settled file" "$out"
	printf 'int b_used;\n' >"$so/src/b.c"
	out=$(scached --stats)
	grep -q 'relevance: 0 of 2 files parsed' <<<"$out" &&
		grep -q 'token locks: 0 bodies whose locks the tokens settle left out, 1 file not parsed' <<<"$out" &&
		ok "cache: $view view: the settled verdict is reused when another file changes" ||
		bad "cache: $view view: settled verdict not reused" "$out"
	printf '#define __dv_note(d) mutex_unlock(&(d)->m)\nint b_used;\n' >"$so/src/b.c"
	want=$(splain --stats | grep -v 'stats: slowest\|stats: time')
	got=$(scached --stats | grep -v 'stats: slowest\|stats: time\|stats: cache')
	[ "$got" == "$want" ] && grep -q 'relevance: 1 of 2 files parsed' <<<"$got" &&
		grep -q 'token locks: 1 body whose locks the tokens settle left out, 1 file not parsed' <<<"$got" &&
		ok "cache: $view view: an inert wrapper come alive makes the settled file judged again" ||
		bad "cache: $view view: stale settled verdict" "$(diff <(echo "$want") <(echo "$got") | head -20)"
done
