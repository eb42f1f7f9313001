// SPDX-License-Identifier: GPL-2.0
/*
 * The token check's releases deeper than their acquire and its jumps
 * (locktok_int.h): a `goto` carrying the locks held to its label, a
 * `return` with nothing held, a lock dropped and taken again, a release
 * before the way out of the stretch (`return`, `goto`, or `break` and
 * `continue` out of a loop the locks were taken in), a release in both
 * arms of an `if`.  What it cannot follow is left to the parse.
 */
#include "locktok_int.h"

#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "util.h"

/* `goto L;` at v[i] (v[i + 1] the label, v[i + 2] the `;`) with the locks
 * held[0, nheld): remembered for the label; false for a jump back to a
 * label passed (a retry loop) with something held, or too many jumps. */
bool lt_record_jump(struct lt *s, size_t i, const struct lheld *held, int nheld)
{
	/* back to a label passed: land() already refused it if anything was
	 * held there, so only the jump's own locks matter */
	for (size_t k = 0; k < s->labels.n; k++)
		if (lt_same_word(s, s->labels.v[k], i + 1))
			return nheld == 0;
	if (s->nj == MAX_JUMPS)
		return false;
	struct jump *j = &s->j[s->nj++];
	j->label = i + 1;
	j->nheld = nheld;
	j->landed = false;
	lt_held_copy(j->h, held, nheld);
	return true;
}

/* `goto L;` carrying the locks held[0, nheld) to L, or `return <plain>;`
 * with nothing held, at v[k]; *end: its `;`. */
bool lt_leave(struct lt *s, size_t k, const struct lheld *held, int nheld, size_t *end)
{
	if (tok_is(s->t, &s->v[k], "goto")) {
		if (k + 2 >= s->n || s->v[k + 1].k != 'w' || s->v[k + 2].k != ';' ||
		    !lt_record_jump(s, k, held, nheld))
			return false;
		*end = k + 2;
		return true;
	}
	if (!tok_is(s->t, &s->v[k], "return") || nheld)
		return false;
	size_t e = k + 1;
	long d = 0;
	for (; e < s->n && !(d == 0 && s->v[e].k == ';'); e++)
		if (s->v[e].k == '(' || s->v[e].k == '[' || s->v[e].k == '{')
			d++;
		else if (s->v[e].k == ')' || s->v[e].k == ']' || s->v[e].k == '}')
			d--;
	if (e >= s->n || !lt_args_plain(s, k, e))
		return false;
	*end = e;
	return true;
}

/* The release statement of a plain lock rule (lock-held-return, no
 * window) at v[i]: the key of its lock, *ri its rule, *cp its `)`; NULL
 * when it is none. */
static char *release_key(const struct lt *s, size_t i, int *ri, size_t *cp)
{
	int ci;
	bool open;
	if (s->v[i].k != 'w' || !rules_lookup(s->t + s->v[i].at, s->v[i].len, ri, &ci, &open) ||
	    open)
		return NULL;
	const struct rule *r = &rules_get()->v.v[*ri];
	if (r->check != C_LOCK_HELD_RETURN || r->allow.n)
		return NULL;
	size_t root, rootlen;
	return lt_call_key(s, i, &r->close.v[ci], ';', cp, &root, &rootlen);
}

/*
 * `mutex_unlock(&d->lock); bus_probe_device(dev); mutex_lock(&d->lock);`
 * inside a loop or a branch: a lock held from outside the block dropped
 * and taken again on the same object, with plain statements in between
 * (no block, label, jump, break or continue, nothing that takes part, no
 * call named to unlock or read as a release): what is held after it is
 * what was held before.  *next: the `)` of the acquire.
 */
bool lt_release_and_retake(struct lt *s, size_t i, size_t *next)
{
	int ri;
	size_t cp;
	char *key = release_key(s, i, &ri, &cp);
	if (!key)
		return false;
	const struct rule *r = &rules_get()->v.v[ri];
	int found = lt_held_find(s, ri, key, NULL);
	bool ok = false;
	long paren = 0;
	for (size_t j = cp + 2; found >= 0 && j < s->n; j++) {
		const struct tok *x = &s->v[j];
		paren += lt_paren_step(x);
		if (x->k == '{' || x->k == '}' || x->k == ':')
			break;
		if (x->k != 'w')
			continue;
		int rj, cj;
		bool oj;
		if (rules_lookup(s->t + x->at, x->len, &rj, &cj, &oj)) {
			/* the acquire again: a statement of its own, same rule, same
			 * object, taken always */
			const struct rule_call *a = oj ? &r->open.v[cj] : NULL;
			if (!oj || rj != ri || a->acq != ACQ_ALWAYS || !lt_stmt_start(s, j, paren))
				break;
			size_t cq, r2, r2len;
			char *again = lt_call_key(s, j, a, ';', &cq, &r2, &r2len);
			ok = again && !strcmp(again, key);
			free(again);
			if (ok)
				*next = cq + 1;
			break;
		}
		if (lt_takes_part(s, x) || lt_jump_word(s->t, x) || tok_is(s->t, x, "break") ||
		    tok_is(s->t, x, "continue") || tok_has(s->t, x, "unlock") ||
		    hands_over(s, j) || root_assigned(s, j) || stores_lock(s, j) ||
		    (lt_release_word(s->t, x) && names_held(s, j)))
			break;
	}
	free(key);
	return ok;
}

/*
 * `break;` or `continue;` at v[j] leaves the innermost loop, and every lock
 * held was taken inside that loop's body: the next iteration, or the code
 * after the loop, is reached with none of them.  A `break` whose innermost
 * loop-or-switch is a switch stays in the loop; a loop or switch without
 * braces between the loop's `{` and the jump would be the one it leaves,
 * so there is none (a do-while's `} while (c);` is no such loop).
 */
static bool loop_exit(const struct lt *s, size_t j)
{
	if (j + 1 >= s->n || s->v[j + 1].k != ';')
		return false;
	bool brk = tok_is(s->t, &s->v[j], "break");
	for (int f = s->nf; f-- > 0;) {
		if (s->f[f].kind == FR_SWITCH && brk)
			return false;
		if (s->f[f].kind != FR_LOOP)
			continue;
		for (int k = 0; k < s->nheld; k++)
			if (s->h[k].depth < s->f[f].depth)
				return false;
		for (size_t i = s->f[f].open + 1; i < j; i++) {
			const struct tok *x = &s->v[i];
			if (x->k != 'w')
				continue;
			if (tok_is(s->t, x, "do") && (i + 1 >= j || s->v[i + 1].k != '{'))
				return false;
			if (!tok_is(s->t, x, "for") && !tok_is(s->t, x, "switch") &&
			    !tok_is(s->t, x, "while"))
				continue;
			if (i + 1 >= j || s->v[i + 1].k != '(')
				return false;
			size_t cp = close_paren(s, i + 1);
			if (cp + 1 < j && s->v[cp + 1].k == ';' && s->v[i - 1].k == '}' &&
			    tok_is(s->t, x, "while"))
				continue;
			if (cp + 1 >= j || s->v[cp + 1].k != '{')
				return false;
		}
		return true;
	}
	return false;
}

/*
 * `if (err) { mutex_unlock(&d->lock); return err; }`: the release of a
 * lock at v[i], deeper than it was taken, then the releases of every other
 * lock held and a `return` or `goto` (the path leaves with nothing held,
 * the others go on holding them); or `break` or `continue` out of a loop
 * every lock was taken in (loop_exit()).  *next: the `;` that ends the jump.
 */
bool lt_release_and_leave(struct lt *s, size_t i, size_t *next)
{
	bool gone[MAX_TOK_HELD] = { false };
	int ngone = 0;
	size_t j = i;
	for (;;) {
		int ri, ci;
		bool open;
		if (s->v[j].k != 'w' || !rules_lookup(s->t + s->v[j].at, s->v[j].len, &ri, &ci, &open))
			break;
		size_t cp;
		char *key = release_key(s, j, &ri, &cp);
		if (!key)
			return false;
		int found = lt_held_find(s, ri, key, gone);
		free(key);
		if (found < 0)
			return false;
		gone[found] = true;
		ngone++;
		j = cp + 2;
		if (j >= s->n)
			return false;
	}
	if (ngone != s->nheld)
		return false;
	/* statements that cannot take a lock or jump, before the way out
	 * (`kfree(p); return -ENOMEM;`): no block, label, rule call, wrapper,
	 * function of the file that takes part or control macro */
	long paren = 0;
	for (;; j++) {
		if (j >= s->n)
			return false;
		const struct tok *x = &s->v[j];
		paren += lt_paren_step(x);
		if (x->k == '{' || x->k == '}' || x->k == ':')
			return false;
		if (x->k != 'w')
			continue;
		if ((tok_is(s->t, x, "return") || tok_is(s->t, x, "goto")) && lt_stmt_start(s, j, paren))
			break;
		if ((tok_is(s->t, x, "break") || tok_is(s->t, x, "continue")) &&
		    lt_stmt_start(s, j, paren)) {
			if (!loop_exit(s, j))
				return false;
			*next = j + 1;
			s->dead_depth = s->depth + 1;
			return true;
		}
		if (lt_takes_part(s, x) || lt_jump_word(s->t, x))
			return false;
	}
	if (!lt_leave(s, j, NULL, 0, next))
		return false;
	s->dead_depth = s->depth + 1;
	return true;
}

/* Is the word v[j] one a stretch of plain statements may hold, with the
 * locks held: no rule call, wrapper, function of the file that takes part
 * or control macro, no jump, case label, hand-over or call the walk reads
 * as a release of one of them? */
static bool plain_word(const struct lt *s, size_t j)
{
	const struct tok *x = &s->v[j];
	return !lt_takes_part(s, x) && !lt_jump_word(s->t, x) && !tok_is(s->t, x, "break") &&
	       !tok_is(s->t, x, "continue") && !tok_is(s->t, x, "case") &&
	       !tok_is(s->t, x, "default") && !tok_has(s->t, x, "unlock") && !hands_over(s, j) &&
	       !root_assigned(s, j) && !stores_lock(s, j) &&
	       !(lt_release_word(s->t, x) && names_held(s, j));
}

/* The release statement of rule ri on `key` at v[j]: *end its `;`. */
static bool release_stmt(const struct lt *s, size_t j, int ri, const char *key, size_t *end)
{
	int rj;
	size_t cp;
	char *k = release_key(s, j, &rj, &cp);
	bool ok = k && rj == ri && !strcmp(k, key);
	free(k);
	if (ok)
		*end = cp + 1;
	return ok;
}

/* Plain statements from v[j] to the `}` that closes their block, with one
 * release statement of ri on key among them when `release` (none else);
 * *end: that `}`. */
static bool plain_arm(const struct lt *s, size_t j, int ri, const char *key, bool release,
		      size_t *end)
{
	long paren = 0;
	int released = 0;
	for (; j < s->n; j++) {
		const struct tok *x = &s->v[j];
		paren += lt_paren_step(x);
		if (x->k == '}' && !paren) {
			*end = j;
			return released == release;
		}
		if (x->k == '{' || x->k == '}' || x->k == ':')
			return false;
		if (x->k != 'w')
			continue;
		size_t e;
		if (release && lt_stmt_start(s, j, paren) && release_stmt(s, j, ri, key, &e)) {
			released++;
			j = e;
			continue;
		}
		if (!plain_word(s, j))
			return false;
	}
	return false;
}

/*
 * `if (c) { ...; spin_unlock(&d->l); ... } else { ...; spin_unlock(&d->l); ... }`:
 * the release at v[i] in the block of an `if` that stands where the lock
 * was taken (a statement of its own: no `else if`), plain statements
 * after it to the arm's end, and an `else` arm (a block, or the release
 * alone) of plain statements that releases the same lock once: after the
 * `if`, it is released on both paths.  The arm's frame is left; *next: the
 * `else` arm's last token.
 */
bool lt_release_both_arms(struct lt *s, size_t i, size_t *next)
{
	if (!s->nf || s->pend_at)
		return false;
	const struct frame *f = &s->f[s->nf - 1];
	size_t o = f->open;
	if (f->depth != s->depth || f->kind != FR_BLOCK || o < 1 || s->v[o - 1].k != ')')
		return false;
	size_t op = o - 1;	/* back to the `(` of the `if` */
	for (long d = 0;; op--) {
		d += s->v[op].k == ')' ? 1 : s->v[op].k == '(' ? -1 : 0;
		if (!d || !op)
			break;
	}
	if (op < 1 || s->v[op].k != '(' || !tok_is(s->t, &s->v[op - 1], "if") ||
	    !lt_stmt_start(s, op - 1, 0))
		return false;
	int ri;
	size_t cp;
	char *key = release_key(s, i, &ri, &cp);
	if (!key)
		return false;
	int found = lt_held_find(s, ri, key, NULL);
	if (found >= 0 && s->h[found].depth + 1 != s->depth)
		found = -1;	/* (taken elsewhere than where the `if` stands) */
	size_t c1, end = 0;
	bool ok = found >= 0 && plain_arm(s, cp + 2, ri, key, false, &c1) && c1 + 2 < s->n &&
		  tok_is(s->t, &s->v[c1 + 1], "else") &&
		  (s->v[c1 + 2].k == '{' ? plain_arm(s, c1 + 3, ri, key, true, &end)
					 : release_stmt(s, c1 + 2, ri, key, &end));
	for (size_t m = 0; ok && m < s->npm; m++)
		ok = s->pm[m].at <= i || s->pm[m].at > end;
	free(key);
	for (int k = 0; ok && k < s->nheld; k++)
		ok = k == found || s->h[k].depth < s->depth;	/* (the arm's `}` is not walked) */
	if (!ok)
		return false;
	free(s->h[found].key);
	s->h[found] = s->h[--s->nheld];
	s->nf--;
	s->depth--;
	*next = end;
	return true;
}
