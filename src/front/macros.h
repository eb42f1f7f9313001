/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statement macros that hide control flow.  Vendor code wraps error
 * handling in macros (`gcmkONERROR(f())` is `status = f(); if (error)
 * goto OnError;`); the analysis does not expand macros, so it reads their
 * definitions from the scanned files and the headers beside them and
 * lets the CFG treat a call of one as a jump that may be taken.
 */
#ifndef ADDRLIMIT_MACROS_H
#define ADDRLIMIT_MACROS_H

#include "util.h"

/* CM_INCLUDE is no macro: `#include "other.c"`, the file's name in name
 * (a file that includes a C file sees its macros).  CM_WRAP is none
 * either: a static inline lock wrapper (macros_wrap.c), arg its calls.
 * Nor are the last two, which jump nowhere but tell what a jump's test
 * means: CM_SIGN, a one-parameter macro that tests its argument's sign
 * (`#define gcmIS_ERROR(status) (status < 0)`; param: the CS_* signs it
 * is true for), and CM_NEG, a named constant with a negative value (an
 * enumerator `gcvSTATUS_INVALID_ARGUMENT = -1`, `#define E_FAIL (-1)`).
 * CM_AFIELD is no macro at all: a struct or union member declared as an
 * array, named "tag.member" (macros_decl.c).  CM_API is an object-like
 * `#define NAME TARGET` whose target is a routine of the API table that
 * raises the limit itself (A_KDS_ACCESS: KernelSU's `#define
 * ksu_strncpy_from_user_nofault probe_kernel_read` for old kernels), arg
 * the target; every arm of a conditional counts, as the kernel it is built
 * for may pick that one.  CM_NORET is a function declared or defined never
 * to return (`__noreturn`, `ATTRIB_NORET`, `__attribute__((noreturn))`). */
enum ctl_kind { CM_NONE, CM_BREAK, CM_RETURN, CM_GOTO, CM_ALIAS, CM_INCLUDE, CM_WRAP,
		CM_SIGN, CM_NEG, CM_AFIELD, CM_API, CM_NORET };

/* The signs of a value, as a set. */
enum { CS_NEG = 1, CS_ZERO = 2, CS_POS = 4, CS_ANY = 7 };

struct ctl_macro {
	const char *name;
	const char *arg;	/* CM_GOTO: the label; CM_ALIAS: the macro it calls;
				 * CM_WRAP: its calls, one "name(args)" a line,
				 * parameter K written $K; CM_RETURN: the constant
				 * it returns (`gcvSTATUS_INVALID_ARGUMENT`, `-1`),
				 * or NULL */
	const char *test;	/* CM_GOTO: the test that guards the jump, without
				 * spaces (`gcmIS_ERROR(status)`), or NULL; CM_RETURN:
				 * the parameter whose truth makes it return, or NULL */
	uint8_t tparam;		/* ... 1 + the parameter whose value it tests (itself
				 * or through `status = func;`), or 0 */
	uint8_t kind;		/* enum ctl_kind */
	uint8_t param;		/* CM_GOTO to a label the caller passes: its
				 * parameter's index + 1 (arg is then NULL); else 0;
				 * CM_WRAP: 1 for a macro's (may release), 0 for a
				 * static inline function's; CM_RETURN: 1 when it
				 * returns only when a magic-number sanity test of a
				 * parameter fails (OSS's VALIDATE_STATE): no jump */
	uint8_t inert;		/* CM_WRAP, once sealed: a macro whose replay does
				 * nothing (`#define udelay(n) __udelay(n)`, no rule
				 * or wrapper called, no release): the walk treats
				 * it as a wrapper all the same (no release read from
				 * its name), but a body naming it takes no part */
	uint32_t owner;		/* in a table: 0 for a header's (seen by every file),
				 * else 1 + the index of the C file defining it */
};

typedef VEC(struct ctl_macro) ctl_macro_list;

/* Add the function-like #defines of text whose body jumps (or calls
 * another macro), and, with wrappers, its lock wrappers (CM_WRAP: static
 * inline functions and macros; only the pair rules ask for them,
 * pair_checks_on()), to out; names and arguments live in arena a. */
void macros_scan(const char *text, size_t len, bool wrappers, struct arena *a,
		 ctl_macro_list *out);

/* The CM_WRAP entries of text (macros_wrap.c): static inline functions
 * whose body is a straight line of calls, one of them a rule's open or
 * close (rules_get() must be set). */
void wrappers_scan(const char *text, size_t len, struct arena *a, ctl_macro_list *out);
/* The body b[0, n) of the macro name[0, name_len) with parameters ps[0,
 * pn) that calls a release (a rule's close, or a name that says unlock or
 * release) or its own implementation __NAME(): its CM_WRAP calls, each
 * line "~name(args)" for a release (parameters $K; only releases are
 * replayed) and "__NAME(args)" for the implementation (replayed whole), or
 * NULL. */
const char *wrappers_macro(const char *name, size_t name_len, const char *b, size_t n,
			   const char *ps, size_t pn, struct arena *a);
/* One argument of a wrapper's recorded call: its length from t[*at], up
 * to the `,` or `)` that ends it (*at goes past a `,`). */
size_t wrap_arg(const char *t, size_t *at);
/* The recorded argument a[0, n) with each $K replaced by argv[K] (the
 * caller's argument, without blanks and parentheses) and parentheses
 * dropped, as a lock's key; NULL when K is not passed. */
char *wrap_subst(const char *a, size_t n, char **argv, int argc);

/*
 * The control macros a CFG consults: the definitions of every scanned file
 * and of the headers beside them, copied (the table owns its strings) and
 * sorted by name.  Built once before the first pass, so that both walks
 * give a function the same graph; read-only after ctl_macros_seal, and
 * then shared by the workers.
 */
struct ctl_macros {
	struct arena arena;	/* owns the names and arguments in v */
	ctl_macro_list v;	/* sorted by name once sealed */
	/* A macro defined in a C file is that file's (and the files' that
	 * #include it): vendor drivers reuse short names (SET, CHECK) that
	 * jump in one file and only compute in another.  Files are numbered
	 * as the run's inputs; views[i] is the table seen from file i. */
	VEC(const char *) files;	/* each file's name (its last path part) */
	VEC(const char *) arch;		/* ... the X of its path's arch/X/, or NULL */
	ctl_macro_list incl;		/* CM_INCLUDE entries, with their owner */
	struct ctl_macros *views;	/* one per file once sealed, or NULL */
	bool *own;			/* ... per file: it defines or includes macros
					 * of its own (its view is not only the headers') */
	uint32_t *hidx;			/* once sealed: 1 + the first index in v of each
					 * name, by hash (open addressing) */
	size_t hcap, hfor;		/* ... its size (a power of 2), and v.n it indexes */
	uint32_t *incl_at;		/* once sealed: file i's includes are incl_by[
					 * incl_at[i - 1] .. incl_at[i]) (i from 1) */
	uint32_t *incl_by;		/* ... indices into incl, by owner */
	const struct ctl_macros *base;	/* a view: the table it looks into */
	uint32_t self;			/* ... from file self - 1 */
	/* once sealed: the first two characters of the live wrappers' names,
	 * a bit each (live_pair_at()): most words of a body are none */
	uint64_t live_pairs[64];
	bool sealed;
};

void ctl_macros_init(struct ctl_macros *t);
/* Append copies of l's definitions (before ctl_macros_seal): a header's,
 * seen by every file. */
void ctl_macros_add(struct ctl_macros *t, const ctl_macro_list *l);
/* The same for input file number `file` at path: a C file's macros are
 * its own; other files (a header given as input) are everyone's.  Call it
 * for every input file, in order, even those that define none. */
/* The CM_NORET entries l->v[from..] read from the file at path, scoped to
 * its architecture when it lies under arch/X/ (their arg: X). */
void macros_scope_arch(ctl_macro_list *l, size_t from, const char *path, struct arena *a);
void ctl_macros_add_file(struct ctl_macros *t, const ctl_macro_list *l, size_t file,
			 const char *path);
/* The sealed table as input file number `file` sees it (t itself for a
 * file it does not know, or when t is NULL or a view). */
const struct ctl_macros *ctl_macros_view(const struct ctl_macros *t, size_t file);
/* Does view t see only the headers' macros (a file that defines and
 * includes none of its own)?  Every such view answers every look-up
 * alike, so an answer found through one holds for all of them. */
bool ctl_macros_shared(const struct ctl_macros *t);
/* A digest of what every shared view of the sealed table t answers: its
 * headers' entries (owner 0) in the table's order; never 0. */
uint64_t ctl_macros_shared_digest(const struct ctl_macros *t);
/* Sort the table for look-ups; no more additions after. */
void ctl_macros_seal(struct ctl_macros *t);
void ctl_macros_release(struct ctl_macros *t);

/* Is name a control macro of sealed table t (may be NULL: none)?  For
 * CM_GOTO sets *label, or, when the label is what the caller passes
 * (`#define CHECK(x, out) if (x) goto out`), *label to NULL and *param to
 * that argument's index (a macro reached through another one that jumps to
 * its caller's label is CM_NONE: the argument cannot be followed).  The name
 * is recorded in the calling thread's macro_uses, if one is set. */
enum ctl_kind macros_lookup(const struct ctl_macros *t, const char *name, size_t len,
			    const char **label, int *param);

/* The signs of the value of argument *arg (set) of the CM_GOTO macro name
 * that make it jump: `gcmkONERROR(func)` is `status = func; if
 * (gcmIS_ERROR(status)) goto OnError;`, so CS_NEG with *arg 0; 0 when the
 * jump is no test of an argument's sign. */
int macros_goto_sign(const struct ctl_macros *t, const char *name, size_t len, int *arg);
/* The argument of the CM_RETURN macro name whose truth makes it return
 * (`#define VOID_RETURN_IF(cond) do { if (cond) return; } while (0)`: 0),
 * or -1 when it returns on no test of an argument itself. */
int macros_return_if(const struct ctl_macros *t, const char *name, size_t len);
/* Is name[0, len) a function declared or defined never to return, in a
 * header or the file (CM_NORET)?  A header under arch/X/ says so only to
 * the files under arch/X/ (sparc's die_if_kernel() is noreturn, mips's
 * returns for a user-mode frame). */
bool macros_noreturn(const struct ctl_macros *t, const char *name, size_t len);
/* The sign of the named constant name[0, len): CS_NEG when every
 * definition the file sees is negative, else 0 (not known). */
int macros_const_sign(const struct ctl_macros *t, const char *name, size_t len);
/* Is member field[0, flen) of the struct or union type type[0, tlen) (its
 * tag, or a typedef's name) declared as an array where the file sees it? */
bool macros_array_member(const struct ctl_macros *t, const char *type, size_t tlen,
			 const char *field, size_t flen);

/* The API routine name[0, len) is an alias of (CM_API's arg), or NULL.
 * Recorded like macros_lookup. */
const char *macros_api_alias(const struct ctl_macros *t, const char *name, size_t len);
/* The names of the table's CM_API aliases, each to fn (the relevance
 * pass: a file that calls one is wanted). */
void macros_api_alias_names(const struct ctl_macros *t, void (*fn)(void *ctx, const char *name),
			    void *ctx);

/* The calls of the lock wrapper name[0, len) of a header (CM_WRAP's arg),
 * or NULL.  A C file's own functions are parsed: only headers' (and
 * headers given as input) are kept.  Recorded like macros_lookup. */
const char *macros_wrapper(const struct ctl_macros *t, const char *name, size_t len);
/* The same, NULL for an inert macro (ctl_macro.inert): for the questions
 * "does a body naming it take part in the lock rules?" (locktok.h). */
const char *macros_wrapper_live(const struct ctl_macros *t, const char *name, size_t len);
/* Is the wrapper macros_wrapper() answers for name[0, len) defined by
 * the file of view t itself (a macro of the .c file, not a header's)? */
bool macros_wrapper_own(const struct ctl_macros *t, const char *name, size_t len);
/* Both at once: macros_wrapper(), and *live whether macros_wrapper_live()
 * gives it too (one look-up). */
const char *macros_wrapper_both(const struct ctl_macros *t, const char *name, size_t len,
				bool *live);
/* The names of the table's static inline lock wrappers, and with macros
 * also the macros that release or call their own __NAME() (not the inert
 * ones), each to fn, for the relevance pass. */
void macros_wrapper_names(const struct ctl_macros *t, bool macros,
			  void (*fn)(void *ctx, const char *name),
			  void *ctx);

/*
 * The names a file's CFGs looked up in the table, whatever the answer:
 * the first pass of a file depends on the table through these alone, so
 * the --cache keeps them with the file's row and parses the file again
 * when the run's table answers one of them otherwise (a macro edited in a
 * header or in another file, a name that became a macro).  Zeroed is
 * empty.
 */
struct macro_uses {
	struct strbuf names;	/* the names, each ended by a NUL (buf NULL: none yet) */
	VEC(size_t) at;		/* where each name starts in names; sorted by name and
				 * unique after macro_uses_finish */
};

/* From now on this thread's look-ups are recorded in u (NULL: no more). */
void macro_uses_record(struct macro_uses *u);
/* Add name[0..len) to u (the recorder's, and the cache's reader's). */
void macro_uses_add(struct macro_uses *u, const char *name, size_t len);
/* Sort u's names and drop the repeated ones. */
void macro_uses_finish(struct macro_uses *u);
/* The i-th name of u. */
static inline const char *macro_uses_name(const struct macro_uses *u, size_t i)
{
	return u->names.buf + u->at.v[i];
}
void macro_uses_release(struct macro_uses *u);

#endif
