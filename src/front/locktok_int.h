/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The token check's walk state and token helpers, shared by locktok.c (the
 * walk) and locktok_obj.c (what a statement does to a held object).
 */
#ifndef ADDRLIMIT_LOCKTOK_INT_H
#define ADDRLIMIT_LOCKTOK_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "locktok.h"
#include "locktok_lex.h"
#include "rules.h"
#include "util.h"

#define MAX_TOK_HELD 4
#define MAX_FRAMES 64

static inline bool tok_is(const char *t, const struct tok *x, const char *w)
{
	size_t n = strlen(w);
	return x->k == 'w' && x->len == n && !memcmp(t + x->at, w, n);
}

/* How token x changes the depth of parentheses and brackets: +1, -1 or 0. */
static inline long lt_paren_step(const struct tok *x)
{
	return (x->k == '(' || x->k == '[') - (x->k == ')' || x->k == ']');
}

static inline bool tok_has(const char *t, const struct tok *x, const char *w)
{
	return x->k == 'w' && name_has(t + x->at, x->len, w, strlen(w));
}

struct lheld {
	uint16_t rule;
	uint32_t depth;		/* the block depth it was taken at */
	char *key;		/* its argument without blanks and parentheses */
	size_t root, rootlen;	/* the identifier the key starts with */
};

enum { FR_BLOCK, FR_LOOP, FR_SWITCH };

struct frame {
	uint32_t depth;		/* the depth inside it */
	uint8_t kind;
	size_t open;		/* the index of its `{` */
};

#define MAX_JUMPS 32

/* A `goto L;` seen: the locks held when it jumps (copies), and whether
 * the label came after it with the same locks held. */
struct jump {
	size_t label;		/* the index of L's word after `goto` */
	struct lheld h[MAX_TOK_HELD];
	int nheld;
	bool landed;
};

struct lt {
	const char *t;
	const struct tok *v;
	size_t n;
	const struct ctl_macros *ctl;
	const struct name_set *tainted;
	const struct locktok_file *file;	/* the file's own functions and macros, or NULL */
	struct lheld h[MAX_TOK_HELD];
	int nheld;
	struct frame f[MAX_FRAMES];
	int nf;
	uint32_t depth;
	/* the code after a `return` or `goto` of a block's own (not an `if`'s
	 * arm) is reached only through a label: dead_depth is 1 + that block's
	 * depth, 0 when the walk is live */
	uint32_t dead_depth;
	struct jump j[MAX_JUMPS];
	int nj;
	VEC(size_t) labels;	/* the labels passed (their word's index) */
	const struct ppmark *pm;	/* the conditional directives, by token */
	size_t npm;
	/* a conditional acquire whose `if` arm is a block (cond_acquire()):
	 * taken at the arm's `{` (pend_at: it holds the lock) or after its
	 * `}` (it is the failure, and leaves); 0 when none is pending */
	size_t pend_at, pend_call;
	int pend_rule, pend_ci;
	uint8_t pend_acq;
	char pend_end;
	bool pend_after;
};

/* The index of the `close` that closes the `open` at v[i], or n. */
static inline size_t close_match(const struct lt *s, size_t i, char open, char close)
{
	long d = 0;
	for (size_t j = i; j < s->n; j++) {
		if (s->v[j].k == open)
			d++;
		else if (s->v[j].k == close && --d == 0)
			return j;
	}
	return s->n;
}

/* The index of the `)` that closes the `(` at v[i], or n. */
static inline size_t close_paren(const struct lt *s, size_t i)
{
	return close_match(s, i, '(', ')');
}

/* locktok_obj.c (each described there) */
int call_args(const struct lt *s, size_t open, size_t close, size_t *at, size_t *end, int max);
void span_text(const struct lt *s, size_t at, size_t end, struct strbuf *b);
bool names_held(const struct lt *s, size_t i);
bool root_assigned(const struct lt *s, size_t i);
bool hands_over(const struct lt *s, size_t i);
bool stores_lock(const struct lt *s, size_t i);

/* locktok_obj.c, the words of the walk: is x a word read as a release of a
 * held lock (a callee out of view named so), one that leaves the stretch
 * (`return`, `goto`, ...); the key of a call's argument `arg` (its tokens'
 * text without parentheses; NULL without one, or with a conditional, an
 * assignment, ++ or --), the identifier it starts with in *root; does the
 * `:` at v[i] end a label; does v[i] begin a statement of its own; is x a
 * rule call, live lock wrapper, function of the file that takes part or
 * control macro; are a call's arguments free of what the walk acts on;
 * are two tokens the same word?  lt_held_copy: copies of locks held. */
bool lt_release_word(const char *t, const struct tok *x);
bool lt_jump_word(const char *t, const struct tok *x);
char *lt_arg_key(const struct lt *s, size_t open, size_t close, int arg, size_t *root,
		 size_t *rootlen);
bool lt_label_colon(const struct lt *s, size_t i);
bool lt_stmt_start(const struct lt *s, size_t i, long paren);
bool lt_takes_part(const struct lt *s, const struct tok *x);
bool lt_args_plain(const struct lt *s, size_t open, size_t close);
bool lt_same_word(const struct lt *s, size_t a, size_t b);
void lt_held_copy(struct lheld *to, const struct lheld *from, int n);
/* The rule call c at v[i], `name(args)` followed by the token `end`, its
 * arguments plain (lt_args_plain()): the key of its lock (lt_arg_key(); ""
 * when the call names none), *cp its `)`; NULL when it is no such call. */
char *lt_call_key(const struct lt *s, size_t i, const struct rule_call *c, char end, size_t *cp,
		  size_t *root, size_t *rootlen);
/* The index of the lock rule ri holds on key (one not skip[k], when skip
 * is given), or -1: a rule holds a key once. */
int lt_held_find(const struct lt *s, int ri, const char *key, const bool *skip);

/* locktok_rel.c, releases and jumps: a `goto` at v[i] remembered for its
 * label, or a way out at v[k] (`goto`, or `return` with nothing held);
 * a release at v[i] deeper than its acquire, settled as a lock dropped and
 * taken again, a release before a way out, or a release in both arms of
 * an `if` (each: *next the last token it took). */
bool lt_record_jump(struct lt *s, size_t i, const struct lheld *held, int nheld);
bool lt_leave(struct lt *s, size_t k, const struct lheld *held, int nheld, size_t *end);
bool lt_release_and_retake(struct lt *s, size_t i, size_t *next);
bool lt_release_and_leave(struct lt *s, size_t i, size_t *next);
bool lt_release_both_arms(struct lt *s, size_t i, size_t *next);

#endif
