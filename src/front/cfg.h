/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Control-flow graphs, one per function definition.  A block holds a
 * list of elements (expressions, declarations, conditions, returns) in
 * evaluation order and a list of out-edges.  Edges that come from a
 * condition carry an atom: the condition in a canonical text form, so
 * that a path which took `if (x)` one way takes the next `if (x)` the
 * same way (correlated branches).  `#if` arms are branches whose atoms
 * are never invalidated.
 *
 * Everything lives in the arena given to cfg_build and dies with it.
 */
#ifndef ADDRLIMIT_CFG_H
#define ADDRLIMIT_CFG_H

#include <stdio.h>
#include "parse.h"

enum elem_kind {
	EL_EXPR,	/* an expression evaluated for its effects */
	EL_DECL,	/* a declaration with its initialisers */
	EL_COND,	/* an atomic branch condition (effects, then the branch) */
	EL_RETURN,	/* a return statement: the path leaves the function */
	EL_END,		/* the closing brace: falling off the end */
	EL_NORETURN,	/* a call that never returns (BUG, panic, BUG_ON's BUG) */
};

enum edge_kind {
	E_NEXT, E_TRUE, E_FALSE, E_CASE, E_DEFAULT, E_NOCASE, E_GOTO,
	E_BREAK, E_CONTINUE, E_LOOP, E_FAULT, E_PP_TRUE, E_PP_FALSE,
	E_MACRO,	/* a statement macro that may leave the function (label: its name) */
};

struct cfg_block;

struct cfg_elem {
	TSNode node;		/* the statement or expression */
	uint8_t kind;		/* enum elem_kind */
};

struct cfg_edge {
	struct cfg_block *to;
	int32_t atom;		/* index into cfg.atoms, or -1 */
	bool polarity;		/* the atom's value on this edge */
	uint8_t kind;		/* enum edge_kind */
	uint8_t sign;		/* a statement macro's jump decided by the sign of its
				 * argument sign_arg (`gcmkONERROR(f())`): the CS_*
				 * signs (macros.h) of that value on this edge, or 0 */
	uint8_t sign_arg;
	uint32_t off;		/* source offset the edge is reported at */
	const char *label;	/* condition, case or label text, for notes (an
				 * iterator macro's arguments after ITER_LABEL) */
};

struct cfg_block {
	uint32_t id;				/* index in cfg.blocks */
	VEC(struct cfg_elem) elems;
	VEC(struct cfg_edge) succs;
};

struct cfg_atom {
	const char *key;	/* canonical condition text */
	const char **roots;	/* identifiers whose assignment invalidates it */
	size_t nroots;
	bool fixed;		/* preprocessor condition: never invalidated */
	int32_t nz_base;	/* `v<0` or `v<=0`: 1 + the atom `v` when the function
				 * tests it too (an error test implies `if (v)`), else 0 */
	bool nz_pol;		/* ... this atom's value that makes v non-zero */
	bool nz_has;		/* some atom's nz_base is this one */
	/* A comparison of one value with a non-negative integer literal
	 * (`mode == 3`, `n < 8`, `len >= 1`, a case label, or the value
	 * alone: `v` is `v != 0`), when another atom compares the same value
	 * too: the first atom of that group, else -1 (cfg_link_atoms). */
	int32_t cmp_group;
	uint8_t cmp_op;		/* CMP_* below: the atom is `lhs OP cmp_k` */
	int64_t cmp_k;
	const char *cmp_lhs;	/* the value's text without spaces, or NULL */
	/* A preprocessor condition on one Kconfig symbol (kconfig.h): which,
	 * and what it says of it (KC_*), else kc_kind KC_NONE. */
	int32_t kc_sym;
	uint8_t kc_kind;
	/* A case label's atom: the switches (their conditions' offsets) it is
	 * a label of, a few; two labels of one switch are different values */
	uint8_t ncase_sw;
	uint32_t case_sw[4];
};
/* CMP_EQS: `lhs == LABEL`, a case label that is not a literal (`_IOW(...)`) */
enum { CMP_NONE, CMP_NZ, CMP_EQ, CMP_LT, CMP_LE, CMP_EQS };
/* IS_ENABLED(CONFIG_X); defined(CONFIG_X), `#if CONFIG_X`, IS_BUILTIN (X=y);
 * defined(CONFIG_X_MODULE), IS_MODULE (X=m) */
enum { KC_NONE, KC_EN, KC_Y, KC_M };

struct cfg_range {
	uint32_t start, end;	/* a lowered sub-expression's bytes */
};

struct cfg {
	struct arena *arena;		/* owns everything below */
	const char *text;		/* normalised source */
	const char *name;		/* function name */
	TSNode fn;			/* the function_definition */
	VEC(struct cfg_block *) blocks;
	struct cfg_block *entry;
	VEC(struct cfg_atom) atoms;
	VEC(struct cfg_range) lowered;	/* sorted after cfg_build */
	const char *incomplete;		/* why the graph is partial, or NULL */
	const struct ctl_macros *macros;	/* the control macros it was built with, or NULL */
};

struct ctl_macros;

/* Build the graph of `fn` (a function_definition).  A call of one of the
 * statement macros in `macros` (macros.h; NULL for none) is a jump that
 * may be taken; every walk of a run passes the same table, so a function
 * gets the same graph in each.  Never fails: what it cannot model is
 * recorded in g->incomplete. */
void cfg_build(struct cfg *g, struct arena *arena, const char *text, TSNode fn,
	       const char *name, const struct ctl_macros *macros);
void cfg_release(struct cfg *g);

/* The struct or union tag, or the typedef name, of the type the variable
 * id (a local, a parameter or a file-scope variable of g's function) is
 * declared with (`struct k_info *p`: "k_info"), its length in *tl; NULL
 * when it is not declared with one (cfg_types.c). */
const char *cfg_var_type(const struct cfg *g, TSNode id, size_t *tl);

/* Was `n` lowered into its own blocks (so an element walk skips it)? */
bool cfg_is_lowered(const struct cfg *g, TSNode n);

/* Print the reachable blocks of g (for --dump-cfg and golden tests). */
void cfg_dump(const struct cfg *g, FILE *out, const char *path,
	      void (*pos)(const void *ctx, size_t off, unsigned *line, unsigned *col),
	      const void *ctx);

/*
 * The branch assumptions a path carries: each atom it tested and the value
 * it took, sorted by atom.  Bounded: past CFG_MAX_ASSUME the oldest-numbered
 * atom is forgotten (only precision is lost).
 */
#define CFG_MAX_ASSUME 24
struct cfg_assume {
	uint16_t atom;
	uint8_t pol;
};
struct cfg_assumes {
	uint8_t n;
	struct cfg_assume v[CFG_MAX_ASSUME];
};
/* The value atom took on this path: 0 or 1, or -1 when untested. */
int assumes_get(const struct cfg_assumes *a, int atom);
void assumes_add(struct cfg_assumes *a, int atom, bool pol);
/* Forget the non-preprocessor atoms that read lvalue p[0..len) or what is
 * reached through it; with deref_only, only through it as a pointer. */
void assumes_kill(struct cfg_assumes *a, const struct cfg *g, const char *p, size_t len,
		  bool deref_only);
/* Forget the non-preprocessor atoms that keep(atom, ctx) does not keep. */
void assumes_forget(struct cfg_assumes *a, const struct cfg *g,
		    bool (*keep)(const struct cfg_atom *at, void *ctx), void *ctx);
/* After assuming atom to be pol: what that implies of the atoms linked
 * to it by nz_base (`err < 0` true: `err` true; `err` false: `err < 0`
 * false), added where the path assumes nothing of them yet. */
void assumes_imply(const struct cfg *g, struct cfg_assumes *a, int atom, bool pol);
/* The value the path's other comparisons of the same value decide for
 * atom (cmp_group >= 0): `mode == 3` true makes `mode >= 1` true and
 * `mode == 1` false, `n < 4` and `n >= 2` true make `n == 5` false; 0 or
 * 1, or -1 when they leave it open. */
int assumes_range(const struct cfg *g, const struct cfg_assumes *a, int atom);
/* The value what Kconfig says symbols need decides for the preprocessor
 * atom (kc_kind set), given the path's other such atoms: `#ifdef
 * CONFIG_INET` false makes `IS_ENABLED(CONFIG_IPV6)` false where IPV6
 * needs INET; 0 or 1, or -1. */
int assumes_kconfig(const struct cfg *g, const struct cfg_assumes *a, int atom);
/* Keep in a only what b assumes alike (the join of two paths). */
void assumes_meet(struct cfg_assumes *a, const struct cfg_assumes *b);
bool assumes_eq(const struct cfg_assumes *a, const struct cfg_assumes *b);

/*
 * Where a new state goes in a block's bounded set of states (both
 * analyses): n to append it, else the index of the state to join it with.
 * States that agree (agree(a, b): equal but for branch assumptions) are
 * joined among themselves past per_kind of them, so a join never mixes
 * different facts; past total states in all, the newest is joined anyway.
 */
size_t cfg_state_slot(const void *states, size_t n, size_t size, const void *ns,
		      bool (*agree)(const void *a, const void *b), size_t per_kind, size_t total);

/* What a path step says for taking an edge of this kind (caller frees). */
#define ITER_LABEL '\001'
char *edge_note(uint8_t kind, const char *label);

/* Is `name` a call that never returns (A_NORETURN in the API table, or
 * declared so where t, the control macros' table or NULL, saw it)? */
bool is_noreturn_call(const struct ctl_macros *t, const char *name, size_t len);

#endif
