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
 *    `do_each_thread(g, t) { ... } while_each_thread(g, t);` becomes
 *    `do { ... } while (g, t);` (`} while_each_*(...);` closes a `do`);
 *  - a type passed as a macro argument (`container_of(p, struct x, m)`,
 *    `min_t(unsigned int, a, b)`) becomes the placeholder identifier `_`;
 *  - then, on a token list (the second stage: normalize_cond.c,
 *    normalize_tokens.c, normalize_stmts.c; see normalize_int.h):
 *    conditional groups that split a statement, an argument list or an
 *    initialiser are
 *    flattened (one arm: its directives blanked; several: all arms in a row
 *    when the brackets allow, initialiser elements joined by a ',' written
 *    into the directive between them; else, when each arm is whole
 *    statements then the same opening (`for (...) {`), all the statements
 *    and the last arm's opening; else one arm when the others hold the same
 *    control structure and the same limit/lock/uaccess calls (a struct
 *    tag such as `dlm_lock_result` is no lock call); otherwise
 *    left alone), and `#if 0` code with unbalanced brackets is blanked;
 *    `case 1 ... 5:`; digit-led token-pasted names
 *    (`10000baseT_Full`); macros inside string concatenations and asm
 *    templates (`KERN_ERR PFX "x"`, `__stringify(x)`); `offsetof` with a
 *    member path; `typeof(x) v;` and other macros used as a declaration's
 *    type; `.field =` and empty or operator arguments of macro calls;
 *    storage-class and attribute macros in function heads and parameters
 *    (`STATIC int f(IN OUT T p)`); macro calls and bare macro words with no
 *    ';' (the indentation of the next line tells a statement from a loop
 *    header); table macros with no ',' in an initialiser; macros taking
 *    statements (`PP_ASSERT_WITH_CODE(c, "m", return -1);` becomes
 *    `if(c){ "m"; return -1;}`); `define_machine(x) {`, `MACHINE_START`,
 *    `BPF_CALL_n`; explicit-register and late `__attribute__` declarations.
 *
 * Comments and strings are left untouched, but for a comment inside a
 * `#define` with more of the definition after it; preprocessor lines only
 * as above (conditional directives of flattened groups, `#define` inside an
 * initialiser or argument list) and a GNU `args...` parameter's dots,
 * always blanked, never moved.
 */
#ifndef ADDRLIMIT_NORMALIZE_H
#define ADDRLIMIT_NORMALIZE_H

#include "load.h"

/* Fill src->text and src->user_marks from src->raw. */
void normalize(struct source *src);

/*
 * normalize() in two halves, for text whose function bodies are to be
 * left out of the parse (elide.h): normalize_early() fills src->text and
 * src->user_marks with everything up to the conditional groups (so the
 * brackets balance as the parser will see them); normalize_late() does
 * the token rewrites after them on t[0, n), bodies blanked or not.  On
 * text nothing was blanked in, the two give what normalize() gives.
 */
void normalize_early(struct source *src);
void normalize_late(char *t, size_t n);

/* The kind of the directive at t[a, e): 'i' #if*, 'e' #elif*, 'l' #else,
 * 'n' #endif, 'o' any other (normalize_cond.c; the token check's lexer
 * reads directives with it too). */
char norm_pp_kind(const char *t, size_t a, size_t e);

/* Is `name` (n bytes) an annotation macro that normalisation blanks? */
bool is_annotation(const char *name, size_t n);

#endif
