/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel-dialect normalisation: rewrite the few kernel idioms that plain
 * C grammars cannot read into equivalent C of the same byte length, so
 * every offset, line and column the parser reports is the user's own.
 *
 *  - annotation macros (`__user`, `__init`, `__acquires(x)`, ...) are
 *    blanked with spaces; where `__user` stood is remembered;
 *  - `SYSCALL_DEFINEn(name, type, arg, ...)` becomes
 *    `long sys_name(type  arg, ...)` (COMPAT_: `compat_sys_name`);
 *  - iterator macros in function bodies (`list_for_each_entry(...) {`,
 *    any `*for_each*`) become `while (...)` loops over a comma expression;
 *  - a type passed as a macro argument (`container_of(p, struct x, m)`,
 *    `min_t(unsigned int, a, b)`) becomes the placeholder identifier `_`.
 *
 * Comments, strings and preprocessor lines are left untouched.
 */
#ifndef ADDRLIMIT_NORMALIZE_H
#define ADDRLIMIT_NORMALIZE_H

#include "load.h"

/* Fill src->text and src->user_marks from src->raw. */
void normalize(struct source *src);

/* Is `name` (n bytes) an annotation macro that normalisation blanks? */
bool is_annotation(const char *name, size_t n);

#endif
