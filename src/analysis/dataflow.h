/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The path-sensitive walk both checks run over a function's CFG (cfg.h):
 * a worklist of blocks, each holding a bounded set of states that are
 * joined past the bound, branch assumptions (a path that took `if (x)` one
 * way takes the next `if (x)` the same way), traces for the path notes of
 * a report, and the two budgets (--state-budget, --time-budget).  A check
 * supplies its state type and what a statement, a branch and an edge do to
 * it (struct df_ops); the driver decides what runs when and stops when a
 * budget runs out, so both checks bound their work the same way.
 *
 * Also here, once: the helpers both checks' transfer functions share (the
 * sign of a returned value, parameters by name, assumptions from `x = 1`,
 * the expression walk with its hooks).
 */
#ifndef ADDRLIMIT_DATAFLOW_H
#define ADDRLIMIT_DATAFLOW_H

#include "cfg.h"
#include "diag.h"
#include "facts.h"

/* One step of a path, newest first; lives in the run's arena. */
struct df_trace {
	const struct df_trace *prev;	/* the step before, or NULL */
	uint32_t off;			/* where, in this function's text */
	uint8_t kind;			/* the check's own step kinds */
	uint8_t edge_kind;		/* enum edge_kind, for a branch step */
	uint16_t len;			/* steps up to here */
	const char *text;		/* the check's text for the step */
	const char *file;		/* a step in another file (a callee), or NULL */
	struct pos at;			/* ... and where there */
};

/* The kind of a branch step the driver adds (a check's own kinds are below). */
#define DF_STEP_EDGE 0xff

/* Paths longer than this keep their first steps only. */
#define DF_MAX_TRACE 48

/* Every check's state starts with this (the driver reads and writes it). */
struct df_head {
	bool done;			/* transferred since it last changed */
	struct cfg_assumes as;		/* branch assumptions of the path */
	const struct df_trace *trace;	/* the path to report; never compared */
};

/* What a check does; ctx is the check's own run, passed back to each call. */
struct df_ops {
	size_t size;			/* sizeof the state (struct df_head first) */
	size_t per_kind;		/* states that agree kept apart before a join */
	size_t total;			/* states a block keeps in all */
	bool (*eq)(const void *a, const void *b);	/* equal states */
	bool (*agree)(const void *a, const void *b);	/* equal but for assumptions */
	bool (*join)(void *a, const void *b);		/* join b into a; true when a changed */
	/* Before a state enters a block: false drops it (NULL: keep all). */
	bool (*admit)(void *ctx, void *s);
	/* One element of a block; false when the path ends there. */
	bool (*elem)(void *ctx, const struct cfg_elem *e, void *s);
	/* After the elements, before the edges (NULL: nothing to prepare). */
	void (*branch)(void *ctx, const struct cfg_block *b, const void *s);
	/* Taking edge e from the state s (a copy); false when it is no path. */
	bool (*edge)(void *ctx, const struct cfg_edge *e, void *s);
	/* An atom's value the path's other assumptions imply, or -1 (NULL: none). */
	int (*implied)(void *ctx, const void *s, int atom);
	/* Does the state keep a path (branch steps are added to its trace)? */
	bool (*traced)(const void *s);
	/* Optional, both or neither: a hash that equal states (eq) share, and
	 * one that states that agree share; df_add() then asks eq and agree of
	 * the block's states whose hash matches only, not of every one (a
	 * block keeps ~20 states, and most of a walk's time went there). */
	uint64_t (*hash)(const void *s);
	uint64_t (*kind)(const void *s);
};

typedef VEC(unsigned char) df_set;

/* One run of the driver over one function. */
struct df {
	const struct cfg *g;		/* the function */
	const struct df_ops *ops;
	void *ctx;			/* the check's run */
	struct arena arena;		/* traces and texts; dies with df_release */
	size_t budget;			/* state transfers allowed (--state-budget) */
	double deadline;		/* mono_seconds() to stop at, or 0 (--time-budget) */
	bool budget_hit;		/* a budget ran out: results are partial */
	bool time_hit;			/* ... and it was the deadline */
	size_t transfers;		/* transfers so far */
	df_set *in;			/* per block: its states, ops->size bytes each */
	VEC(uint64_t) *marks;		/* per block, with ops->hash: each state's hash
					 * and kind, two words a state, in order */
	VEC(uint32_t) work;		/* blocks with states not yet transferred */
	bool *queued;			/* per block: on the worklist */
	unsigned char *cur, *next;	/* the state in transfer, the state on an edge */
};

/* Set d up for g (the arena is usable at once); run it with df_run. */
void df_init(struct df *d, const struct cfg *g, const struct df_ops *ops, void *ctx,
	     size_t budget, double deadline);

/* Walk from the entry with the state init until nothing changes or a budget
 * runs out; returns false when it ran out (d->budget_hit). */
bool df_run(struct df *d, const void *init);

/* Add state s (ops->size bytes, changed in place by admit) to block blk. */
void df_add(struct df *d, uint32_t blk, void *s);

/* Free what d holds, its arena too. */
void df_release(struct df *d);

/* A step after prev, in d's arena (prev itself once the path is long). */
const struct df_trace *df_step(struct df *d, const struct df_trace *prev, uint8_t kind,
			       uint8_t edge_kind, uint32_t off, const char *text);

/* A step in another file (a callee's); text is kept as given. */
const struct df_trace *df_note(struct df *d, const struct df_trace *prev, uint8_t kind,
			       const char *file, struct pos at, const char *text);

/* The steps of tr oldest first, in an array the caller frees; *n: how many. */
const struct df_trace **df_steps(const struct df_trace *tr, size_t *n);

/* n's text folded to max bytes, in d's arena. */
const char *df_text(struct df *d, TSNode n, size_t max);

/* The sign of a returned value: -EINVAL, -x, -1, PTR_ERR(p), ERR_PTR(e) are
 * negative; 0, false, NULL zero; 1, true positive; else unknown. */
enum df_rc { DF_RC_UNK, DF_RC_NEG, DF_RC_ZERO, DF_RC_POS };
enum df_rc df_ret_class(TSNode n, const char *text);

/* A function's parameters (a parameter without a name has len 0). */
struct df_params {
	struct param v[MAX_PARAMS];
	int n;
};
void df_params_init(struct df_params *p, TSNode fn, const char *text);
/* The parameter named p[0..len), or -1. */
int df_param_index(const struct df_params *ps, const char *p, size_t len);

/* Assume every non-preprocessor atom whose text is key to be pol. */
void df_assume_key(const struct cfg *g, struct cfg_assumes *as, const char *key, bool pol);

/* `flag = true` decides the later `if (flag)`: assume it so when rhs is a
 * literal truth value. */
void df_assume_literal(const struct cfg *g, struct cfg_assumes *as, const char *text, TSNode lhs,
		       TSNode rhs);

/* The text of what an assignment to lhs writes (`p` for `p[i]` or `*p`),
 * which kills the assumptions that read it; NULL when it is no variable or
 * field.  The caller frees it. */
char *df_written_key(TSNode lhs, const char *text);

/*
 * The expression walk of a statement, in evaluation order, with hooks for
 * what a check tracks.  Sub-expressions the CFG lowered into blocks of their
 * own are skipped (their blocks run them).  A hook left NULL costs nothing:
 * the walk goes on into the sub-expressions as for any node.
 */
struct df_walk_ops {
	/* A call, after its arguments. */
	void (*call)(void *ctx, void *s, TSNode call);
	/* `lhs = rhs`, `lhs op= rhs` (plain: `=`) or a declarator with its value
	 * (decl; lhs NULL for one without a name): walks rhs itself. */
	void (*assign)(void *ctx, void *s, TSNode lhs, TSNode rhs, bool plain, bool decl);
	/* `x++`, `--x`. */
	void (*update)(void *ctx, void *s, TSNode lvalue);
	/* `&x`, before x is walked. */
	void (*address)(void *ctx, void *s, TSNode lvalue);
	/* `T x;` without initialiser; NULL: a declaration is walked as any node. */
	void (*bare_decl)(void *ctx, void *s, TSNode id);
};

struct df_memo;

struct df_walker {
	const struct cfg *g;		/* its lowered ranges */
	const char *text;
	const struct df_walk_ops *ops;
	void *ctx;			/* passed to the hooks */
	int depth;			/* recursion guard */
	/* the hooks each walk from outside called, by node: a statement is
	 * walked once per state that reaches it (six and a half times on
	 * average over linux-6.1's lock functions) and which hooks its walk
	 * calls, with which nodes, does not depend on the state; so the
	 * second walk replays the first's calls (created on the first walk;
	 * df_walker_release() frees it) */
	struct df_memo *memo;
	struct df_rec *rec;		/* the walk being recorded, or NULL */
};

/* Walk n (root: a CFG element, walked even when lowered). */
void df_walk(struct df_walker *w, void *s, TSNode n, bool root);
/* Free what the walks remembered (the walker can walk again). */
void df_walker_release(struct df_walker *w);

#endif
