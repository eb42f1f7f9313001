// SPDX-License-Identifier: GPL-2.0
/*
 * Locks settled from the tokens (locktok.h).  One pass over the body's
 * tokens keeps the locks held (rule, argument text, block depth) and the
 * open blocks (a loop's or a switch's body, or another); anything that
 * could make a path leave a lock held, release what it did not take or let
 * the walk guess (see check_pairs_walk.c: releases read from a callee's
 * name, locked objects handed on) makes the body unsettled.  Each test
 * errs on the side of the parse: a false "unsettled" costs a parse, a
 * false "settled" a finding.
 */
#include "locktok.h"
#include "locktok_int.h"

#include <string.h>

#include "lexer.h"
#include "locktok_lex.h"
#include "locktok_wrap.h"
#include "rules.h"
#include "util.h"

/* The innermost frame of a kind in `kinds` (bits 1 << FR_*) lies inside
 * every lock held: a break (or continue, or case label) for it stays
 * within the stretch. */
static bool inner_frame_ok(const struct lt *s, unsigned kinds)
{
	for (int i = s->nf; i-- > 0;) {
		if (!(kinds & (1u << s->f[i].kind)))
			continue;
		for (int k = 0; k < s->nheld; k++)
			if (s->f[i].depth <= s->h[k].depth)
				return false;
		return true;
	}
	return false;
}

/* What the frame opened by the `{` at v[i] is. */
static uint8_t frame_kind(const struct lt *s, size_t i)
{
	if (i && tok_is(s->t, &s->v[i - 1], "do"))
		return FR_LOOP;
	if (!i || s->v[i - 1].k != ')')
		return FR_BLOCK;
	long d = 0;
	for (size_t j = i; j-- > 0;) {	/* back to the `(` of that `)` */
		if (s->v[j].k == ')') {
			d++;
		} else if (s->v[j].k == '(' && --d == 0) {
			if (!j)
				break;
			const struct tok *w = &s->v[j - 1];
			if (tok_is(s->t, w, "for") || tok_is(s->t, w, "while"))
				return FR_LOOP;
			return tok_is(s->t, w, "switch") ? FR_SWITCH : FR_BLOCK;
		}
	}
	return FR_BLOCK;
}

static void held_free(struct lt *s)
{
	for (int k = 0; k < s->nheld; k++)
		free(s->h[k].key);
	s->nheld = 0;
}

/* Take or give back the lock named by the rule call at v[i], followed by
 * the token end; an acquire must take the lock as acq says (the caller
 * deals with its failure); false when it does not settle. */
static bool rule_call_as(struct lt *s, size_t i, int ri, int ci, bool open, char end, uint8_t acq,
			 size_t *next)
{
	const struct rule *r = &rules_get()->v.v[ri];
	const struct rule_call *c = open ? &r->open.v[ci] : &r->close.v[ci];
	if (r->check != C_LOCK_HELD_RETURN || r->allow.n || (open && c->acq != acq))
		return false;
	size_t cp, root, rootlen;
	char *key = lt_call_key(s, i, c, end, &cp, &root, &rootlen);
	if (!key)
		return false;
	int found = lt_held_find(s, ri, key, NULL);
	bool ok;
	if (open) {
		ok = found < 0 && s->nheld < MAX_TOK_HELD;
		if (ok) {
			s->h[s->nheld++] = (struct lheld){ (uint16_t)ri, s->depth, key, root, rootlen };
			key = NULL;
		}
	} else {
		ok = found >= 0 && s->h[found].depth == s->depth;
		if (ok) {
			free(s->h[found].key);
			s->h[found] = s->h[--s->nheld];
		}
	}
	free(key);
	*next = cp + 1;
	return ok;
}

/* The same for a statement `name(args);` that takes the lock always. */
static bool rule_call(struct lt *s, size_t i, int ri, int ci, bool open, size_t *next)
{
	return rule_call_as(s, i, ri, ci, open, ';', ACQ_ALWAYS, next);
}

/* Is the token v[i], inside a conditional group of the body, one the walk
 * does nothing with?  Each arm is walked after the other as if both were
 * compiled, which is only right when none of them takes or releases a
 * lock, jumps, opens or closes a block or names anything that takes part:
 * then whichever arms the parse sees (check_pairs: each a branch), the
 * locks held are the same. */
static bool pp_neutral(const struct lt *s, size_t i)
{
	const struct tok *x = &s->v[i];
	if (x->k == '{' || x->k == '}' || x->k == ':')
		return false;
	if (x->k != 'w')
		return true;
	int ri, ci;
	bool o;
	return !rules_lookup(s->t + x->at, x->len, &ri, &ci, &o) && !lt_takes_part(s, x) &&
	       !lt_jump_word(s->t, x) && !tok_is(s->t, x, "break") && !tok_is(s->t, x, "continue") &&
	       !tok_is(s->t, x, "case") && !tok_is(s->t, x, "default") &&
	       !tok_has(s->t, x, "unlock") && !lt_release_word(s->t, x) &&
	       !(s->nheld && (hands_over(s, i) || root_assigned(s, i) || stores_lock(s, i)));
}

/* The conditional directives before token v[i] (i == n: after the last):
 * groups nest, an arm or an end has its group, none falls inside
 * parentheses; *pp the groups open. */
static bool pp_marks(const struct lt *s, size_t i, size_t *mi, int *pp, long paren)
{
	for (; *mi < s->npm && s->pm[*mi].at == i; (*mi)++) {
		char k = s->pm[*mi].k;
		if (paren || (k != 'i' && !*pp))
			return false;
		*pp += k == 'i' ? 1 : k == 'n' ? -1 : 0;
	}
	return true;
}

static bool walk_body(struct lt *s, const struct ctl_macros *ctl, const struct name_set *tainted,
		      const size_t *goto_at, size_t ngoto);

/* Is the word v[i] a statement label (`out_unlock:`), not `default:`, a
 * case's value or a bit-field? */
static bool label_at(const struct lt *s, size_t i, long paren)
{
	return !paren && s->v[i].k == 'w' && i + 1 < s->n && s->v[i + 1].k == ':' &&
	       !(i + 2 < s->n && s->v[i + 2].k == ':') && (!i || strchr(";{}", s->v[i - 1].k)) &&
	       !tok_is(s->t, &s->v[i], "default") && !tok_is(s->t, &s->v[i], "case");
}

static bool held_same(const struct lheld *a, int na, const struct lheld *b, int nb)
{
	if (na != nb)
		return false;
	for (int x = 0; x < na; x++) {
		int y = 0;
		while (y < nb && !(a[x].rule == b[y].rule && a[x].depth == b[y].depth &&
				   !strcmp(a[x].key, b[y].key)))
			y++;
		if (y == nb)
			return false;
	}
	return true;
}

/* The label at v[i]: what every jump to it holds must be what the path
 * falling into it holds (or, after dead code, what they all hold, which
 * the walk then takes on); every jump to it a forward one when anything
 * is held on either side.  goto_at lists every `goto`'s label word. */
static bool land(struct lt *s, size_t i, const size_t *goto_at, size_t ngoto)
{
	size_t total = 0, seen = 0;
	bool any_held = s->nheld > 0 && !s->dead_depth;
	const struct jump *first = NULL;
	for (size_t k = 0; k < ngoto; k++)
		total += lt_same_word(s, goto_at[k], i);
	for (int k = 0; k < s->nj; k++) {
		struct jump *j = &s->j[k];
		if (!lt_same_word(s, j->label, i))
			continue;
		seen++;
		any_held |= j->nheld > 0;
		if (!first)
			first = j;
	}
	VEC_PUSH(s->labels, i);
	if (s->dead_depth) {
		/* reached only by its jumps: all with the same locks */
		if (!first || seen != total)
			return false;
		for (int k = 0; k < s->nj; k++)
			if (lt_same_word(s, s->j[k].label, i) &&
			    !held_same(s->j[k].h, s->j[k].nheld, first->h, first->nheld))
				return false;
		held_free(s);
		lt_held_copy(s->h, first->h, first->nheld);
		s->nheld = first->nheld;
		s->dead_depth = 0;
	} else if (any_held) {
		if (seen != total)
			return false;	/* a jump back to it */
		for (int k = 0; k < s->nj; k++)
			if (lt_same_word(s, s->j[k].label, i) &&
			    !held_same(s->j[k].h, s->j[k].nheld, s->h, s->nheld))
				return false;
	}
	for (int k = 0; k < s->nj; k++)
		if (lt_same_word(s, s->j[k].label, i))
			s->j[k].landed = true;
	return true;
}

/* Does the file t #define a function-like macro name[0, len)?  (One of
 * its own that is no wrapper shadows a header's wrapper for the walk:
 * check_pairs_sum.c's pairs_own_macro().) */
static bool own_macro(const char *t, const char *name, size_t len)
{
	for (const char *p = t, *q; (q = lex_next_define(t, &p));)
		if (!strncmp(q, name, len) && q[len] == '(')
			return true;
	return false;
}

/* Does each of calls[0, n) that takes a lock take one that is neither held
 * nor taken by an earlier one still open, each that gives one back give
 * back one an earlier one took, and nothing stay taken at the end? */
static bool balanced_calls(const struct lt *s, const struct lt_wrap_call *calls, int n)
{
	bool open[LT_WRAP_CALLS] = { false };
	bool ok = n <= LT_WRAP_CALLS;
	for (int c = 0; ok && c < n; c++) {
		const struct lt_wrap_call *w = &calls[c];
		int took = -1;
		for (int k = 0; k < c && took < 0; k++)
			if (open[k] && calls[k].rule == w->rule && !strcmp(calls[k].key, w->key))
				took = k;
		if (w->open) {
			for (int k = 0; ok && k < s->nheld; k++)
				ok = !(s->h[k].rule == w->rule && !strcmp(s->h[k].key, w->key));
			ok = ok && took < 0;
			open[c] = true;
		} else {
			ok = took >= 0;
			if (ok)
				open[took] = false;
		}
	}
	for (int c = 0; ok && c < n; c++)
		ok = !open[c];
	return ok;
}

/*
 * A header's lock wrapper called as a statement `inode_lock(inode);` with
 * plain arguments: the lock calls it makes (lt_wrapper_calls()) taken or
 * released as rule_call_as() does, each on the object built from the
 * call's arguments (as the walk's key), the root of the key the first
 * word of the argument it is built from.  Inside an expression, a wrapper
 * that gives back what it takes (balanced_calls()) and nothing more.
 * *next: the `)` of the call (the `;` of a statement).
 */
static bool wrapper_call(struct lt *s, size_t i, long paren, size_t *next)
{
	const struct tok *x = &s->v[i];
	const char *name = s->t + x->at;
	if (i + 1 >= s->n || s->v[i + 1].k != '(' ||
	    (!macros_wrapper_own(s->ctl, name, x->len) &&
	     own_macro(s->file ? s->file->raw : s->t, name, x->len)))
		return false;
	/* inside an expression (`sn = net_generic(net, id);`, `return
	 * rhashtable_lookup_fast(...);`, a condition): only a wrapper that
	 * gives back all it takes, none of it held already, changes nothing */
	bool expr = !lt_stmt_start(s, i, paren);
	/* (not a field's function, `d->lcd_set_power(dev, 0)`, which the
	 * analysis does not sum up) */
	if (expr && i >= 2 && (s->v[i - 1].k == '.' || (s->v[i - 1].k == '>' && s->v[i - 2].k == '-')))
		return false;
	size_t cp = close_paren(s, i + 1);
	if (cp + 1 >= s->n || (!expr && s->v[cp + 1].k != ';') || !lt_args_plain(s, i + 1, cp))
		return false;
	/* the call's arguments, as the walk's key_text() gives them */
	char *argv[LT_WRAP_ARGS];
	size_t arg_at[LT_WRAP_ARGS], arg_end[LT_WRAP_ARGS];
	int argc = call_args(s, i + 1, cp, arg_at, arg_end, LT_WRAP_ARGS);
	bool ok = argc <= LT_WRAP_ARGS;
	argc = ok ? argc : 0;
	struct strbuf b;
	strbuf_init(&b);
	for (int a = 0; a < argc; a++) {
		span_text(s, arg_at[a], arg_end[a], &b);
		ok &= b.len > 0;
		argv[a] = xstrdup(b.buf);
	}
	strbuf_release(&b);
	struct lt_wrap_call calls[LT_WRAP_CALLS];
	int ncalls = 0;
	ok = ok && lt_wrapper_calls(s->ctl, name, x->len, argv, argc, calls, &ncalls);
	for (int k = 0; k < argc; k++)
		free(argv[k]);
	if (expr) {
		ok = ok && balanced_calls(s, calls, ncalls);
		for (int c = 0; c < ncalls; c++)
			free(calls[c].key);
		*next = cp;
		return ok;
	}
	for (int c = 0; c < ncalls; c++) {
		struct lt_wrap_call *w = &calls[c];
		/* the root: the first word of the argument the key is built from */
		size_t root = 0, rootlen = 0;
		for (size_t j = w->root_arg < 0 ? 0 : arg_at[w->root_arg];
		     ok && w->root_arg >= 0 && j < arg_end[w->root_arg] && !rootlen; j++) {
			const struct tok *y = &s->v[j];
			if (y->k == 'w') {
				root = y->at;
				rootlen = y->len;
			} else if (y->k != '&' && y->k != '*' && y->k != '(') {
				break;
			}
		}
		ok = ok && (rootlen || w->root_arg < 0);
		int found = ok ? lt_held_find(s, w->rule, w->key, NULL) : -1;
		if (ok && w->open) {
			ok = found < 0 && s->nheld < MAX_TOK_HELD;
			if (ok) {
				s->h[s->nheld++] = (struct lheld){ w->rule, s->depth, w->key, root,
								   rootlen };
				w->key = NULL;
			}
		} else if (ok) {
			ok = found >= 0 && s->h[found].depth == s->depth;
			if (ok) {
				free(s->h[found].key);
				s->h[found] = s->h[--s->nheld];
			}
		}
		free(w->key);
	}
	*next = cp + 1;
	return ok;
}

/* The failure arm of a conditional acquire at v[j]: `return <plain>;` (with
 * nothing else held) or `goto L;` (the jump carries what is held), bare or
 * alone in braces, with no `else`; *end: its last token. */
static bool fail_arm(struct lt *s, size_t j, size_t *end)
{
	if (j >= s->n)
		return false;
	bool brace = s->v[j].k == '{';
	size_t k = j + brace, e;
	if (k >= s->n || !lt_leave(s, k, s->h, s->nheld, &e))
		return false;
	if (brace) {
		if (e + 1 >= s->n || s->v[e + 1].k != '}')
			return false;
		e++;
	}
	if (e + 1 < s->n && tok_is(s->t, &s->v[e + 1], "else"))
		return false;
	*end = e;
	return true;
}

/* After the `)` at v[cp] of a call that returns 0 or a negative errno:
 * the tokens of a test that is true on failure, `< 0` (2) or `!= 0` (3);
 * 0 when there is none. */
static bool is_zero(const struct lt *s, size_t k)
{
	return k < s->n && s->v[k].k == 'n' && s->v[k].len == 1 && s->t[s->v[k].at] == '0';
}

static size_t errno_test(const struct lt *s, size_t cp)
{
	if (cp + 2 < s->n && s->v[cp + 1].k == '<' && is_zero(s, cp + 2))
		return 2;
	if (cp + 3 < s->n && s->v[cp + 1].k == '!' && s->v[cp + 2].k == '=' && is_zero(s, cp + 3))
		return 3;
	return 0;
}

/* Does the block v[o] ... v[c] (its braces) end with a `return ...;` or
 * `goto L;` of its own, with no `else` after it? */
static bool block_leaves(const struct lt *s, size_t o, size_t c)
{
	if (c >= s->n || c < o + 3 || s->v[c - 1].k != ';' ||
	    (c + 1 < s->n && tok_is(s->t, &s->v[c + 1], "else")))
		return false;
	if (tok_is(s->t, &s->v[c - 3], "goto") && s->v[c - 2].k == 'w')
		return true;
	/* the last statement's first token: after the previous `;`, `{` or `}` */
	size_t k = c - 1;
	long d = 0;
	while (k > o + 1) {
		char p = s->v[k - 1].k;
		if (p == ')' || p == ']')
			d++;
		else if (p == '(' || p == '[')
			d--;
		else if (!d && (p == ';' || p == '{' || p == '}'))
			break;
		k--;
	}
	return tok_is(s->t, &s->v[k], "return");
}

/*
 * An acquire at v[i] that is not a statement of its own but one of the
 * shapes whose failure leaves at once: `if (mutex_lock_interruptible(&m))
 * return -EINTR;`, `if (!mutex_trylock(&m)) goto out;`, `ret =
 * down_killable(&s); if (ret) return ret;` (the tests `< 0` and `!= 0`
 * too where the call returns an errno), and `idx = srcu_read_lock(&ss);`
 * (taken always).  Or an `if` whose arm is a block: one that fails and
 * ends by leaving (`if (mutex_lock_interruptible(&m)) { ret = -EINTR;
 * goto out; }`: taken after the arm) or, for a trylock, one that holds
 * the lock (`if (spin_trylock(&l)) { ...; spin_unlock(&l); }`: taken at
 * its `{`, to be given back inside), left pending for walk_body().
 * *next: the last token taken; *close_if: the `if`'s parenthesis that
 * the walk counted is closed.
 */
static bool cond_acquire(struct lt *s, size_t i, int ri, int ci, long paren, size_t *next,
			 bool *close_if)
{
	const struct rule *r = &rules_get()->v.v[ri];
	if (ci >= (int)r->open.n || i + 1 >= s->n || s->v[i + 1].k != '(')
		return false;
	uint8_t acq = r->open.v[ci].acq;
	size_t cp = close_paren(s, i + 1), end;
	*close_if = false;
	if (i >= 2 && s->v[i - 1].k == '=' && s->v[i - 2].k == 'w' && lt_stmt_start(s, i - 2, paren)) {
		if (acq == ACQ_ALWAYS)
			return rule_call_as(s, i, ri, ci, true, ';', ACQ_ALWAYS, next);
		/* `w = acquire(...); if (w) <leave>` (or `w < 0`, `w != 0`) */
		size_t cmp = cp + 4 < s->n ? errno_test(s, cp + 4) : 0;
		if (acq != ACQ_ZERO || cp + 6 + cmp >= s->n || s->v[cp + 1].k != ';' ||
		    !tok_is(s->t, &s->v[cp + 2], "if") || s->v[cp + 3].k != '(' ||
		    !lt_same_word(s, cp + 4, i - 2) || s->v[cp + 5 + cmp].k != ')' ||
		    !fail_arm(s, cp + 6 + cmp, &end))
			return false;
		size_t dummy;
		if (!rule_call_as(s, i, ri, ci, true, ';', ACQ_ZERO, &dummy))
			return false;
		*next = end;
		return true;
	}
	/* `if (acquire(...))` (0: taken) or `if (!acquire(...))` (non-zero:
	 * taken), the failure an arm that leaves */
	bool neg = i >= 1 && s->v[i - 1].k == '!';
	size_t po = neg ? i - 2 : i - 1;	/* the if's `(` */
	if (po < 1 || po >= i || s->v[po].k != '(' || !tok_is(s->t, &s->v[po - 1], "if") ||
	    !lt_stmt_start(s, po - 1, paren - 1))
		return false;
	size_t cmp = neg || acq != ACQ_ZERO ? 0 : errno_test(s, cp);
	size_t ce = cp + cmp;	/* the condition's last token */
	char after = cmp ? s->v[cp + 1].k : ')';
	if (ce + 2 >= s->n || s->v[ce + 1].k != ')')
		return false;
	size_t dummy;
	if (acq == (neg ? ACQ_NONZERO : ACQ_ZERO) && fail_arm(s, ce + 2, &end)) {
		if (!rule_call_as(s, i, ri, ci, true, after, acq, &dummy))
			return false;
		*next = end;
		*close_if = true;
		return true;
	}
	/* an arm in braces, the acquire pending (one at a time) */
	if (s->pend_at || s->v[ce + 2].k != '{')
		return false;
	bool fails = acq == (neg ? ACQ_NONZERO : ACQ_ZERO);
	bool holds = !neg && acq == ACQ_NONZERO && !cmp;
	size_t cb = close_match(s, ce + 2, '{', '}');
	if (cb >= s->n || (fails && !block_leaves(s, ce + 2, cb)) || (!fails && !holds))
		return false;
	s->pend_at = fails ? cb : ce + 2;
	s->pend_after = fails;
	s->pend_call = i;
	s->pend_rule = ri;
	s->pend_ci = ci;
	s->pend_acq = acq;
	s->pend_end = after;
	*next = ce + 1;
	*close_if = true;
	return true;
}

/* The pending acquire of cond_acquire(), taken now (at its arm's `{`, or
 * after its `}`). */
static bool take_pending(struct lt *s)
{
	size_t dummy;
	s->pend_at = 0;
	return rule_call_as(s, s->pend_call, s->pend_rule, s->pend_ci, true, s->pend_end,
			    s->pend_acq, &dummy);
}

static bool walk(struct lt *s, const struct ctl_macros *ctl, const struct name_set *tainted)
{
	/* every `goto L;`'s label word, for land() */
	VEC(size_t) gotos = {0};
	for (size_t i = 0; i + 1 < s->n; i++)
		if (tok_is(s->t, &s->v[i], "goto") && s->v[i + 1].k == 'w')
			VEC_PUSH(gotos, i + 1);
	bool ok = walk_body(s, ctl, tainted, gotos.v, gotos.n);
	VEC_FREE(gotos);
	for (int k = 0; k < s->nj; k++) {
		ok &= s->j[k].landed;
		for (int x = 0; x < s->j[k].nheld; x++)
			free(s->j[k].h[x].key);
	}
	VEC_FREE(s->labels);
	return ok;
}

static bool walk_body(struct lt *s, const struct ctl_macros *ctl, const struct name_set *tainted,
		      const size_t *goto_at, size_t ngoto)
{
	const char *t = s->t;
	long paren = 0;
	bool dead_at_semi = false;	/* a block's own `return`: dead after its `;` */
	size_t mi = 0;	/* the next conditional directive */
	int pp = 0;	/* the conditional groups open */
	for (size_t i = 0; i < s->n; i++) {
		const struct tok *x = &s->v[i];
		bool held = s->nheld > 0;
		if (!pp_marks(s, i, &mi, &pp, paren) || (pp && !pp_neutral(s, i)))
			return false;
		switch (x->k) {
		case '(':
		case '[':
			paren++;
			continue;
		case ')':
		case ']':
			paren--;
			continue;
		case '{':
			if (s->nf == MAX_FRAMES)
				return false;
			s->depth++;
			s->f[s->nf++] = (struct frame){ s->depth, frame_kind(s, i), i };
			/* a trylock's arm: it holds the lock, and gives it back */
			if (s->pend_at == i && !s->pend_after && !take_pending(s))
				return false;
			continue;
		case '}':
			for (int k = 0; k < s->nheld; k++)
				if (s->h[k].depth == s->depth)
					return false;	/* the block ends with it held */
			if (!s->nf)
				return false;
			/* a failed acquire's arm must have left */
			bool taken_after = s->pend_at == i && s->pend_after;
			if (taken_after && s->dead_depth != s->depth + 1)
				return false;
			s->nf--;
			s->depth--;
			if (s->dead_depth > s->depth + 1)
				s->dead_depth = 0;	/* past the block that left */
			if (taken_after && !take_pending(s))
				return false;
			continue;
		case ';':
			if (dead_at_semi && !paren) {
				dead_at_semi = false;
				s->dead_depth = s->depth + 1;
			}
			continue;
		case 'w':
			break;
		default:
			continue;
		}
		/* a label (`out_unlock:`): what reaches it by a jump must hold
		 * what reaches it otherwise (land()) */
		if (label_at(s, i, paren)) {
			if (!land(s, i, goto_at, ngoto))
				return false;
			i++;
			continue;
		}
		if (s->dead_depth) {
			/* only a label or a switch's case makes it live again
			 * (holding what the switch began with: a case that
			 * returned held nothing of its own) */
			if (!tok_is(t, x, "case") && !tok_is(t, x, "default"))
				continue;
			if (held && !inner_frame_ok(s, 1u << FR_SWITCH))
				return false;	/* a jump left with a lock of the case */
			s->dead_depth = 0;
		}
		if (tok_is(t, x, "goto")) {
			if (i + 2 >= s->n || s->v[i + 1].k != 'w' || s->v[i + 2].k != ';' ||
			    !lt_record_jump(s, i, s->h, s->nheld))
				return false;
			if (lt_stmt_start(s, i, paren))
				s->dead_depth = s->depth + 1;
			i += 2;
			continue;
		}
		int ri, ci;
		bool open;
		if (rules_lookup(t + x->at, x->len, &ri, &ci, &open)) {
			size_t next;
			bool close_if;
			if (!lt_stmt_start(s, i, paren)) {
				if (!open || !cond_acquire(s, i, ri, ci, paren, &next, &close_if))
					return false;
				paren -= close_if;
				i = next;
				continue;
			}
			if (!rule_call(s, i, ri, ci, open, &next) &&
			    (open || (!lt_release_and_retake(s, i, &next) &&
				      !lt_release_and_leave(s, i, &next) &&
				      !lt_release_both_arms(s, i, &next))))
				return false;
			i = next;
			continue;
		}
		/* a header's lock wrapper is a rule call (check_pairs.c), where
		 * it is called (a field or a variable of its name, `->in_flight`,
		 * is none: the analysis replays calls) */
		if (i + 1 < s->n && s->v[i + 1].k == '(' && macros_wrapper_live(ctl, t + x->at, x->len)) {
			size_t next;
			if (!wrapper_call(s, i, paren, &next))
				return false;
			i = next;
			continue;
		}
		if (tainted && name_set_has(tainted, scan_name_hash(t + x->at, x->len)))
			return false;
		if (!held) {
			if (tok_is(t, x, "return") && lt_stmt_start(s, i, paren))
				dead_at_semi = true;
			continue;
		}
		/* a statement macro that may jump: out of the stretch (a label
		 * inside it lands only what its own gotos carry) */
		const char *label;
		int param;
		if (macros_lookup(ctl, t + x->at, x->len, &label, &param) != CM_NONE)
			return false;
		if (lt_jump_word(t, x) || tok_has(t, x, "unlock") || hands_over(s, i) ||
		    root_assigned(s, i) || stores_lock(s, i) ||
		    (lt_release_word(t, x) && names_held(s, i)))
			return false;
		if (tok_is(t, x, "break") && !inner_frame_ok(s, 1u << FR_LOOP | 1u << FR_SWITCH))
			return false;
		if (tok_is(t, x, "continue") && !inner_frame_ok(s, 1u << FR_LOOP))
			return false;
		if ((tok_is(t, x, "case") || tok_is(t, x, "default")) &&
		    !inner_frame_ok(s, 1u << FR_SWITCH))
			return false;
	}
	/* (and no acquire left pending: every arm's brace was walked) */
	return pp_marks(s, s->n, &mi, &pp, paren) && !pp && s->nheld == 0 && s->depth == 0 &&
	       !s->pend_at;
}

bool locktok_wrapped(const char *t, size_t from, size_t to, const struct ctl_macros *ctl)
{
	for (size_t i = from; i < to;) {
		if (!word_start((unsigned char)t[i]) || (i > from && word_char((unsigned char)t[i - 1]))) {
			i++;
			continue;
		}
		size_t j = i + 1;
		while (j < to && word_char((unsigned char)t[j]))
			j++;
		if (macros_wrapper_live(ctl, t + i, j - i))
			return true;
		i = j;
	}
	return false;
}

bool locktok_settled(const char *t, size_t open, size_t close, const struct ctl_macros *ctl,
		     const struct name_set *tainted, const struct locktok_file *file)
{
	if (!rules_get() || close <= open)
		return false;
	tok_list v = {0};
	ppmark_list marks = {0};
	bool ok = lt_tokenize(t, open + 1, close, &v, &marks);
	if (ok) {
		struct lt s = { .t = t, .v = v.v, .n = v.n, .ctl = ctl, .tainted = tainted,
				.file = file, .pm = marks.v, .npm = marks.n };
		ok = walk(&s, ctl, tainted);
		held_free(&s);
	}
	VEC_FREE(v);
	VEC_FREE(marks);
	return ok;
}
