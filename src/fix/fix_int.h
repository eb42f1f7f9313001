/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of --fix share, private to src/fix/ (fix.h is the public
 * contract).  One function's migration is a struct fn_fix that the parts
 * fill in turn:
 *
 *   fix_window.c   finds the window: raises, restores, saves, declarations
 *                  of the saved limit, other uses of the limit, tests
 *   fix_rewrite.c  the calls inside it: which need the raised limit, and
 *                  their rewrites to the kernel-pointer API
 *   fix_edit.c     the edits themselves (byte ranges of the raw text) and
 *                  the reason a window cannot be rewritten
 *   fix.c          the driver: per function, the edits, --compat guards,
 *                  the unified diff
 *
 * Kernel API names are asked of the table (kernel/api.h); the names the fix
 * writes out (kernel_read, kern_path, ...) are output text.
 */
#ifndef ADDRLIMIT_FIX_INT_H
#define ADDRLIMIT_FIX_INT_H

#include "api.h"
#include "fix.h"

/* A kernel version as KERNEL_VERSION() computes it. */
#define KV(a, b, c) (((a) << 16) + ((b) << 8) + (c))

/* One function under migration.  Nodes are of the file's tree; edits are
 * byte ranges of src->raw and never overlap (the first one wins). */
struct fn_fix {
	const struct source *src;
	const char *t;			/* normalised text (same offsets as raw) */
	TSNode fn, body;
	char *var;			/* the saved limit's variable, or NULL */
	VEC(TSNode) raises, restores, saves, decls, uses;
	VEC(TSNode) tests;		/* `if (uaccess_kernel()) ...;` (no else) */
	edit_list edits;
	int version;			/* KERNEL_VERSION the new code needs (0: any) */
	struct strbuf what;		/* "vfs_read → kernel_read, ..." */
	char *why_not;			/* why it cannot be rewritten, or NULL */
	TSNode why_at;
	uint32_t lo, hi;		/* from the first raise to the last restore */
	const TSNode *file_fns;		/* every function of the file (callees) */
	size_t nfile_fns;
	bool dry;			/* classifying a call in an old-kernel #if arm */
	bool lowering;			/* set_fs(USER_DS) around use_mm(): user accesses stay */
	bool kthread_h;			/* kthread_use_mm() needs <linux/kthread.h> */
	VEC(char *) dropvars;		/* option values the typed helpers no longer read */
	bool guarded_need;		/* ... and one of them needs the raised limit */
};

/* --- fix_edit.c: edits of one function ---------------------------------- */

/* Can c be part of a C identifier? */
bool fix_is_id_char(char c);

/* The raw text of n; the caller frees it. */
char *fix_raw_of(const struct fn_fix *f, TSNode n);

/* Replace raw[a, b) by text (owned by the edit from now on).  An edit that
 * overlaps an earlier one is dropped: the first rewrite wins. */
void fix_edit(struct fn_fix *f, uint32_t a, uint32_t b, char *text);

/* The window cannot be rewritten, because of why (owned): the first reason
 * is kept, at node at. */
void fix_cannot(struct fn_fix *f, TSNode at, char *why);

/* The rewrite needs kernel `version` (0: any) and is described by what
 * (copied) in the setfs-migrate note. */
void fix_need(struct fn_fix *f, int version, const char *what);

/* n without the `__user` casts around it: `(char __user *)buf` → buf. */
TSNode fix_strip_user_casts(const struct fn_fix *f, TSNode n);

/* Is n such a cast? */
bool fix_is_user_cast(const struct fn_fix *f, TSNode n);

/* Does any argument of the argument list carry a `__user` mark? */
bool fix_user_cast_arg(const struct fn_fix *f, TSNode args);

/* The raw text of argument i without its user casts (nested casts lose
 * the `__user` and `__force` words); the caller frees it. */
char *fix_arg_text(const struct fn_fix *f, TSNode args, uint32_t i);

/* The same as edits of the argument in place, so the call keeps its layout. */
void fix_clean_arg(struct fn_fix *f, TSNode arg);

/* The statement the call is the whole of, or a null node. */
TSNode fix_call_statement(TSNode call);

/* Is parent a block a statement can be removed from (not the body of an
 * if without braces)? */
bool fix_in_block(TSNode parent);

/* Remove a statement or declaration: its whole line when it is alone on
 * it, else its bytes.  False (and fix_cannot) when it is the body of a
 * statement without braces. */
bool fix_remove_stmt(struct fn_fix *f, TSNode st);

/* --- fix_window.c: finding the window ----------------------------------- */

/* Collect the function's raises, restores, saves, declarations of the
 * saved limit, other uses of the limit and tests of KERNEL_DS. */
void fix_window_find(struct fn_fix *f);

/* A restore that is `set_fs(USER_DS)` followed by use_mm(): the window is
 * a lowering (user accesses stay), its first restore becomes the raise. */
void fix_window_lowering(struct fn_fix *f);

/* The first use of the saved limit's variable (f->var) outside its saves,
 * declarations, raises and restores, or a null node. */
TSNode fix_window_var_use(struct fn_fix *f);

/* The variable a save statement or declaration stores the limit into
 * (the caller frees it), or NULL. */
char *fix_saved_var(const struct fn_fix *f, TSNode st);

/* Is n inside an arm of `#if LINUX_VERSION_CODE ...` (or of a configure
 * probe): code for old kernels the driver already ported? */
bool fix_version_guarded(TSNode n, const char *t);

/* --- fix_rewrite.c: the calls inside the window ------------------------- */

/* Classify every call of the window (and use_mm()/unuse_mm() anywhere in
 * the body) and rewrite those that need the raised limit, or say why not. */
void fix_calls(struct fn_fix *f);

#endif
