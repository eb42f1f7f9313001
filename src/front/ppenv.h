/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the preprocessor would know: macros from -D and -U, from the files
 * named by -include (and what they include, e.g. kconfig.h's
 * generated/autoconf.h), and LINUX_VERSION_CODE from <linux/version.h>
 * under the -I folders.  With it, `#if` conditions whose value follows
 * from these are decided, and the arms that are not compiled are blanked
 * before parsing (normalize.c), as the compiler would drop them.
 *
 * Without any of these options the environment is empty and every
 * condition stays undecided: both arms are analysed, path by path.
 */
#ifndef ADDRLIMIT_PPENV_H
#define ADDRLIMIT_PPENV_H

#include "util.h"

struct opts;

/* Build the environment from the options (once, before any worker runs).
 * A file named by -include that cannot be read is an error: returns -1
 * after printing why. */
int ppenv_init(const struct opts *o);
void ppenv_release(void);
/* Is there anything to decide with? */
bool ppenv_active(void);

/* The value of an `#if`/`#elif` expression (the text after the keyword):
 * 1 true, 0 false, -1 not known. */
int ppenv_eval(const char *expr, size_t len);
/* `#ifdef NAME`: 1 defined, 0 not, -1 not known. */
int ppenv_defined(const char *name, size_t len);

#endif
