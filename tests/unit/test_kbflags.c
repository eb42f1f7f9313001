// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the reader of kbuild Makefiles' -D and -U (kbflags.h):
 * what every build gives is known, what a condition gives is not, and a
 * file gets its nearest kbuild folder's flags with the subdir flags of the
 * folders above.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kbflags.h"
#include "util.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

/* name's state in f, -1 when absent; its value in *v */
static int state_of(const struct kbflags *f, const char *name, const char **v)
{
	for (size_t i = 0; f && i < f->n; i++)
		if (!strcmp(f->v[i].name, name)) {
			if (v)
				*v = f->v[i].value;
			return f->v[i].state;
		}
	return -1;
}

static struct kbflags *parse(const char *text, bool subdir)
{
	struct kbflags *f = xcalloc(1, sizeof(*f));
	kbflags_parse(text, strlen(text), subdir, f);
	return f;
}

static void test_parse(void)
{
	const char *v = NULL;
	struct kbflags *f = parse("ccflags-y += -DLINUX -DMT6620\n"
				  "EXTRA_CFLAGS += -DCFG_X=1 -UCFG_Y\n"
				  "ccflags-y += -D SPACED\n", false);
	check(state_of(f, "LINUX", &v) == KB_DEF && !strcmp(v, "1"), "-DNAME is defined as 1");
	check(state_of(f, "CFG_X", &v) == KB_DEF && !strcmp(v, "1"), "-DNAME=1 keeps its value");
	check(state_of(f, "MT6620", NULL) == KB_DEF, "two -D on one line");
	check(state_of(f, "CFG_Y", NULL) == KB_UNDEF, "-UNAME undefines");
	check(state_of(f, "SPACED", NULL) == KB_DEF, "-D NAME as two words");
	kbflags_free(f);

	f = parse("ifeq ($(CONFIG_A),y)\n"
		  "    ccflags-y += -DCHIP_B\n"
		  "else\n"
		  "    ccflags-y += -DCFG_LOG=0\n"
		  "endif\n"
		  "ccflags-y += -DCFG_LOG=1 -DAFTER\n"
		  "ccflags-$(CONFIG_T) += -DTRACE\n"
		  "ccflags-y += -DLEVEL=$(LEVEL)\n"
		  "ccflags-y ?= -DMAYBE\n", false);
	check(state_of(f, "CHIP_B", NULL) == KB_UNKNOWN, "a -D inside ifeq is not known");
	check(state_of(f, "CFG_LOG", NULL) == KB_UNKNOWN,
	      "a name a condition gives stays unknown after an unconditional line");
	check(state_of(f, "AFTER", NULL) == KB_DEF, "after endif, known again");
	check(state_of(f, "TRACE", NULL) == KB_UNKNOWN, "ccflags-$(CONFIG_X) is not known");
	check(state_of(f, "LEVEL", NULL) == KB_UNKNOWN, "a value make computes is not known");
	check(state_of(f, "MAYBE", NULL) == KB_UNKNOWN, "?= may not assign");
	kbflags_free(f);

	f = parse("#ccflags-y += -DOFF\n"
		  "ccflags-y += -DA \\\n"
		  "\t-DB # a comment -DC\n"
		  "KBUILD_CFLAGS += -DNOT_OURS\n"
		  "CFLAGS_x.o += -DPER_FILE\n"
		  "define recipe\n"
		  "ccflags-y += -DIN_DEFINE\n"
		  "endef\n"
		  "ccflags-y += -DX=\\\"str\\\" -D$(NAME) -DOK\n", false);
	check(state_of(f, "OFF", NULL) < 0, "a commented-out line is not read");
	check(state_of(f, "A", NULL) == KB_DEF && state_of(f, "B", NULL) == KB_DEF,
	      "a continuation line is read with its first");
	check(state_of(f, "C", NULL) < 0, "a comment after the flags is not read");
	check(state_of(f, "NOT_OURS", NULL) < 0 && state_of(f, "PER_FILE", NULL) < 0,
	      "other variables are not read");
	check(state_of(f, "IN_DEFINE", NULL) < 0, "a define ... endef block is not read");
	check(state_of(f, "X", &v) == KB_DEF && !strcmp(v, "\\\"str\\\""), "a string value");
	check(state_of(f, "OK", NULL) == KB_DEF, "a name make computes is skipped, not the line");
	kbflags_free(f);

	f = parse("override ccflags-y += -DOV\nexport  EXTRA_CFLAGS += -DEX\n", false);
	check(state_of(f, "OV", NULL) == KB_DEF && state_of(f, "EX", NULL) == KB_DEF,
	      "override and export before the variable");
	kbflags_free(f);

	f = parse("ccflags-y += -DOWN\nsubdir-ccflags-y += -DSUB\n", true);
	check(state_of(f, "OWN", NULL) < 0 && state_of(f, "SUB", NULL) == KB_DEF,
	      "a folder above gives only subdir-ccflags-y");
	kbflags_free(f);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	fputs(text, f);
	fclose(f);
}

static void test_folders(void)
{
	char tmpl[] = "/tmp/kbflags.XXXXXX";
	char *top = mkdtemp(tmpl);
	if (!top) {
		perror("mkdtemp");
		exit(1);
	}
	char *drv = xconcat3(top, "/", "drv"), *nic = xconcat3(drv, "/", "nic");
	char *own = xconcat3(top, "/", "own");
	mkdir(drv, 0700);
	mkdir(nic, 0700);
	mkdir(own, 0700);
	char *mk_top = xconcat3(top, "/", "Makefile"), *mk_drv = xconcat3(drv, "/", "Makefile");
	char *kb_own = xconcat3(own, "/", "Kbuild"), *mk_own = xconcat3(own, "/", "Makefile");
	put(mk_top, "subdir-ccflags-y += -DTOP\nccflags-y += -DTOP_ONLY\n");
	put(mk_drv, "ccflags-y += -DDRV -UTOP\n");
	put(kb_own, "ccflags-y += -DFROM_KBUILD\n");
	put(mk_own, "ccflags-y += -DFROM_MAKEFILE\n");
	char *c_nic = xconcat3(nic, "/", "fw.c"), *c_own = xconcat3(own, "/", "x.c");
	char *c_top = xconcat3(top, "/", "y.c");

	check(kbflags_for(c_nic) == NULL, "nothing is read before kbflags_enable()");
	kbflags_enable(true);
	const struct kbflags *f = kbflags_for(c_nic);
	check(state_of(f, "DRV", NULL) == KB_DEF,
	      "a file in a folder without a Makefile gets the nearest one's");
	check(state_of(f, "TOP", NULL) == KB_UNDEF,
	      "the nearer Makefile's flags come after the subdir flags above");
	check(state_of(f, "TOP_ONLY", NULL) < 0, "the folder above gives only its subdir flags");
	check(kbflags_for(c_nic) == f, "a folder is read once");
	const struct kbflags *g = kbflags_for(c_own);
	check(state_of(g, "FROM_KBUILD", NULL) == KB_DEF &&
	      state_of(g, "FROM_MAKEFILE", NULL) < 0, "Kbuild is read before Makefile");
	check(g && f && g->digest != f->digest, "different flags, different digests");
	const struct kbflags *h = kbflags_for(c_top);
	check(state_of(h, "TOP_ONLY", NULL) == KB_DEF, "the top folder's own ccflags-y");
	kbflags_enable(false);
	check(kbflags_for(c_nic) == NULL, "nothing when reading is off");
	kbflags_release();

	unlink(mk_top);
	unlink(mk_drv);
	unlink(kb_own);
	unlink(mk_own);
	rmdir(nic);
	rmdir(drv);
	rmdir(own);
	rmdir(top);
	free(drv);
	free(nic);
	free(own);
	free(mk_top);
	free(mk_drv);
	free(kb_own);
	free(mk_own);
	free(c_nic);
	free(c_own);
	free(c_top);
}

int main(void)
{
	test_parse();
	test_folders();
	return failures ? 1 : 0;
}
