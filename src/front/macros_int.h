/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the declaration scan (macros_decl.c) gives the control-macro scan
 * (macros.c).
 */
#ifndef ADDRLIMIT_MACROS_INT_H
#define ADDRLIMIT_MACROS_INT_H

#include "macros.h"

/* macros_decl.c: a CM_NEG entry for name[0..len). */
void macros_push_neg(struct arena *a, ctl_macro_list *out, const char *name, size_t len);
/* The value of a constant expression v[0, n) when it is a plain number,
 * negated or not, maybe in parentheses or after a cast: 1 and *val set,
 * or 0. */
int macros_literal(const char *v, size_t n, long long *val);
/* What the declarations of text say: the negative enumerators of every
 * enum (CM_NEG) and the array members of every struct and union
 * (CM_AFIELD), into out (macros_decl.c). */
void macros_decls_scan(const char *text, size_t len, struct arena *a, ctl_macro_list *out);

/* Does squeezed test t hold a magic-number sanity test, `->magic!=CONST`? */
bool macros_magic_mismatch(const char *t);
/* The X of path's `arch/X/` (its last such part), in a, or NULL. */
const char *macros_path_arch(const char *path, struct arena *a);

#endif
