/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the preprocessor would know: macros from -D and -U, from the files
 * named by -include (and what they include, e.g. kconfig.h's
 * generated/autoconf.h), and LINUX_VERSION_CODE from <linux/version.h>
 * under the -I folders.  With it, `#if` conditions whose value follows
 * from these are decided, and the arms that are not compiled are blanked
 * before parsing (normalize.c), as the compiler would drop them.
 *
 * Without any of these options the environment is empty: a condition is
 * decided by its literals (`#if 0`) and by what the file itself defines
 * above it (`#define USE_CAL_FILE 1` ... `#ifdef USE_CAL_FILE`); any other
 * stays undecided, and both arms are analysed, path by path.
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

/*
 * What one file says of its macros above a line: its own `#define`s and
 * `#undef`s, read in order by normalize_decide.c (a `#define` after an `#if`
 * does not count for it), over the environment.  A definition in an arm
 * that is not decided leaves the name unknown; an `#include` may define
 * what the file undefined, so those names become unknown again (the
 * headers themselves are read only through -include, as above).  One per
 * file, owned by the thread that normalises it.
 */
struct pp_local;
struct pp_local *pp_local_new(void);
void pp_local_free(struct pp_local *l);
/* `#define NAME VALUE` (an object-like macro; vlen 0 for none), or a
 * function-like one (fn_like: defined, its uses not evaluated). */
void pp_local_define(struct pp_local *l, const char *name, size_t len, const char *value,
		     size_t vlen, bool fn_like);
/* `#undef NAME`. */
void pp_local_undef(struct pp_local *l, const char *name, size_t len);
/* A `#define` or `#undef` of NAME in an arm that is not decided. */
void pp_local_unknown(struct pp_local *l, const char *name, size_t len);
/* A commented-out `// #define NAME` (or one in a block comment) of a name
 * the file has not defined or undefined: the file's author switched the
 * feature off, so NAME is not defined unless -D says it is (DEBUG and
 * VERBOSE_DEBUG, which kbuild may pass, and CONFIG_ options, excepted). */
void pp_local_off(struct pp_local *l, const char *name, size_t len);
/* An `#include`: the names the file undefined may be defined again. */
void pp_local_include(struct pp_local *l);

/* The value of an `#if`/`#elif` expression (the text after the keyword),
 * with what `l` (may be NULL) says over the environment: 1 true, 0
 * false, -1 not known. */
int ppenv_eval(const struct pp_local *l, const char *expr, size_t len);
/* `#ifdef NAME`: 1 defined, 0 not, -1 not known. */
int ppenv_defined(const struct pp_local *l, const char *name, size_t len);

#endif
