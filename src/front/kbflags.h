/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The -D and -U a kbuild Makefile gives the files it compiles, read
 * without a build: a vendor driver's `ccflags-y += -DLINUX -DMT6620` or
 * `EXTRA_CFLAGS += -DCONFIG_88EU_AP_MODE` decides the driver's `#if`s the
 * way every build of it does, where otherwise both arms would be
 * analysed, and paths no build compiles reported.
 *
 * A file gets the flags of the nearest folder at or above it that has a
 * `Kbuild` or `Makefile` (the one that lists `sub/file.o`), and the
 * `subdir-ccflags-y` of the kbuild folders above that one.  Only what
 * holds in every build is taken as known: `ccflags-y`, `EXTRA_CFLAGS`,
 * `subdir-ccflags-y` outside any `ifeq`/`ifdef` block.  A name such a
 * line gives inside a conditional block, or through `ccflags-$(CONFIG_X)`,
 * is not known (neither defined nor undefined), whatever the unconditional
 * lines say.  A value holding `$(` is not known either.  Per-object flags
 * (`CFLAGS_x.o`) and commented-out lines are not read.
 *
 * Off under --kbuild (kbuild passes the flags itself) and with
 * --no-makefile-flags.  The -D and -U of the command line win over the
 * Makefile's (normalize_decide.c seeds only names the environment does not
 * know).
 */
#ifndef ADDRLIMIT_KBFLAGS_H
#define ADDRLIMIT_KBFLAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { KB_DEF, KB_UNDEF, KB_UNKNOWN };

struct kb_define {
	char *name;
	char *value;		/* KB_DEF: the text after '=' ("1" for none) */
	int state;
};

struct kbflags {
	struct kb_define *v;	/* sorted by name, each name once */
	size_t n;
	uint64_t digest;	/* of the entries: what --cache keys a file's row on */
};

/* Read Makefiles from now on (main thread, before any worker runs). */
void kbflags_enable(bool on);
/* The flags for the file at path, or NULL when reading is off or no
 * Makefile gives any.  Thread-safe; each folder is read once per run. */
const struct kbflags *kbflags_for(const char *path);
/* The flags one Makefile's text gives (subdir: only `subdir-ccflags-y`),
 * added to *out, later lines over earlier ones; exposed for the unit test. */
void kbflags_parse(const char *text, size_t len, bool subdir, struct kbflags *out);
void kbflags_free(struct kbflags *f);
void kbflags_release(void);

#endif
