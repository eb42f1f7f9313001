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
#include "util.h"

#define MAX_TOK_HELD 4
#define MAX_FRAMES 64

static inline bool tok_is(const char *t, const struct tok *x, const char *w)
{
	size_t n = strlen(w);
	return x->k == 'w' && x->len == n && !memcmp(t + x->at, w, n);
}

static inline bool tok_has(const char *t, const struct tok *x, const char *w)
{
	return x->k == 'w' && memmem(t + x->at, x->len, w, strlen(w)) != NULL;
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

#endif
