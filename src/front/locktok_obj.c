// SPDX-License-Identifier: GPL-2.0
/*
 * The token check's reading of what a statement does to a held lock's
 * object (locktok_int.h): a call named like a release handed it, its root
 * reassigned, the object handed on, its address stored.  Each mirrors the
 * pair walk's reading (check_pairs_walk.c), erring on the side of the
 * parse.
 */
#include "locktok_int.h"

#include <stdlib.h>
#include <string.h>

#include "relevance.h"
#include "rules.h"
#include "util.h"

/* The arguments of the call whose `(` is v[open] and `)` v[close], split
 * at the commas outside brackets: the token spans [at[k], end[k]) of the
 * first max; how many there are in all (none for `f()`). */
int call_args(const struct lt *s, size_t open, size_t close, size_t *at, size_t *end, int max)
{
	if (close == open + 1)
		return 0;
	int n = 0;
	long d = 0;
	size_t from = open + 1;
	for (size_t j = open + 1; j <= close; j++) {
		char k = s->v[j].k;
		if (j < close && (k == '(' || k == '[' || k == '{'))
			d++;
		else if (j < close && (k == ')' || k == ']' || k == '}'))
			d--;
		else if ((k == ',' && !d) || j == close) {
			if (n < max) {
				at[n] = from;
				end[n] = j;
			}
			n++;
			from = j + 1;
		}
	}
	return n;
}

/* The text of the tokens v[at, end) without parentheses into b (emptied
 * first), as the walk's key_text() gives an argument. */
void span_text(const struct lt *s, size_t at, size_t end, struct strbuf *b)
{
	b->len = 0;
	b->buf[0] = 0;
	for (size_t j = at; j < end; j++)
		if (s->v[j].k != '(' && s->v[j].k != ')')
			strbuf_add(b, s->t + s->v[j].at, s->v[j].len);
}

/* Does the lock key k hang off the object a, both without blanks and
 * parentheses ("acm" or "&acm->mutex" for "&acm->mutex"; not
 * "acm->control", a sibling of the lock)?  As check_pairs_walk.c's
 * hangs_off(), which decides whether the walk reads the call as the release. */
static bool hangs_off(const char *k, const char *a, size_t n)
{
	while (*k == '&' || *k == '*')
		k++;
	while (n && (*a == '&' || *a == '*')) {
		a++;
		n--;
	}
	if (!n || strncmp(k, a, n))
		return false;
	return !k[n] || k[n] == '.' || k[n] == '[' || (k[n] == '-' && k[n + 1] == '>');
}

/*
 * Does the call at v[i] (a name the walk may read as a release) hand it,
 * among its first four arguments, an object a held lock hangs off?  That
 * is when the walk takes it for the release (check_pairs_walk.c's
 * release_by_name()): an argument whose text, without blanks and
 * parentheses, the lock's key starts with (`foo_put(d)`, `foo_put(&d->
 * lock)` with d->lock held; not `nla_put_u32(skb, X, d->n)`).  When one
 * of its first six arguments is a function of the file alone (a callback
 * that may release any lock of the object: `kref_put(&d->ref, d_free)`),
 * any argument naming the lock's root is enough.  `unlock` in a name is more
 * (check_pairs_flow.c reads it as releasing any lock), and the caller
 * treats it apart.
 */
bool names_held(const struct lt *s, size_t i)
{
	if (i + 1 >= s->n || s->v[i + 1].k != '(')
		return false;	/* not a call: no release */
	size_t at[6], end[6];
	int n = call_args(s, i + 1, close_paren(s, i + 1), at, end, 6);
	n = n < 6 ? n : 6;
	/* a function of the file alone among the first six arguments: the
	 * root rule */
	bool cb = false;
	for (int a = 0; a < n && !cb; a++)
		cb = end[a] == at[a] + 1 && s->v[at[a]].k == 'w' &&
		     (!s->file || name_set_has(s->file->fns, scan_name_hash(s->t + s->v[at[a]].at,
									       s->v[at[a]].len)));
	struct strbuf b;
	strbuf_init(&b);
	bool found = false;
	for (int a = 0; a < n && a < 4 && !found; a++) {
		if (!cb) {
			span_text(s, at[a], end[a], &b);
			for (int k = 0; k < s->nheld && !found; k++)
				found = hangs_off(s->h[k].key, b.buf, b.len);
			continue;
		}
		for (size_t j = at[a]; j < end[a] && !found; j++)
			for (int k = 0; k < s->nheld && !found && s->v[j].k == 'w'; k++)
				found = s->h[k].rootlen == s->v[j].len &&
					!memcmp(s->t + s->h[k].root, s->t + s->v[j].at, s->v[j].len);
	}
	strbuf_release(&b);
	return found;
}

/* Is the word v[i] the root of a held lock's key, assigned (`d = d->next`
 * with d->lock held: the same text then names another object)? */
bool root_assigned(const struct lt *s, size_t i)
{
	if (i + 1 >= s->n || s->v[i + 1].k != '=' ||
	    (i + 2 < s->n && s->v[i + 2].k == '=' && s->v[i + 2].at == s->v[i + 1].at + 1))
		return false;
	if (i && s->v[i - 1].k != ';' && s->v[i - 1].k != '{' && s->v[i - 1].k != '}' &&
	    s->v[i - 1].k != '(' && s->v[i - 1].k != ',')
		return false;	/* `x->d = ...`, `*d = ...`: a field or what it points to */
	for (int k = 0; k < s->nheld; k++)
		if (s->h[k].rootlen == s->v[i].len &&
		    !memcmp(s->t + s->h[k].root, s->t + s->v[i].at, s->v[i].len))
			return true;
	return false;
}

/* Is v[e] the start of an assignment's value: after an `=` that is no
 * comparison, through casts (`t.data = (unsigned long) d`)? */
static bool assigned(const struct lt *s, size_t e)
{
	while (e >= 3 && s->v[e - 1].k == ')') {
		size_t j = e - 2;
		while (j > 0 && (s->v[j].k == 'w' || s->v[j].k == '*'))
			j--;
		if (j == e - 2 || s->v[j].k != '(')
			break;
		e = j;
	}
	if (!e || s->v[e - 1].k != '=')
		return false;
	/* (not `==`, `!=`, `<=`, `>=`) */
	return !(e >= 2 && strchr("=!<>", s->v[e - 2].k) && s->v[e - 2].at + 1 == s->v[e - 1].at);
}

/* Is the word v[i] the root of a held lock's key, alone after an `=` (the
 * locked object handed to another one, or to a local the walk follows)? */
bool hands_over(const struct lt *s, size_t i)
{
	if (!i || i + 1 >= s->n || (s->v[i + 1].k != ';' && s->v[i + 1].k != ','))
		return false;	/* (the walk follows a value that is the name alone) */
	/* through casts: `t.data = (unsigned long) d;` */
	if (!assigned(s, i))
		return false;
	for (int k = 0; k < s->nheld; k++)
		if (s->h[k].rootlen == s->v[i].len &&
		    !memcmp(s->t + s->h[k].root, s->t + s->v[i].at, s->v[i].len))
			return true;
	return false;
}

/* Is the word v[i] the root of a held lock's key whose address is stored
 * (`q->lock = &core->lock` with it held: the lock goes to whoever completes
 * the work, and the analysis stops following it: check_pairs_flow.c's
 * lock_stored())? */
bool stores_lock(const struct lt *s, size_t i)
{
	/* (through casts: `= (void *)&d->lock`) */
	if (i < 2 || s->v[i - 1].k != '&' || !assigned(s, i - 1))
		return false;
	struct strbuf b;
	strbuf_init(&b);
	long d = 0;
	for (size_t j = i - 1; j < s->n; j++) {
		const struct tok *x = &s->v[j];
		d += lt_paren_step(x);
		if (d < 0 || (!d && (x->k == ';' || x->k == ',')))
			break;
		if (x->k != '(' && x->k != ')')
			strbuf_add(&b, s->t + x->at, x->len);
	}
	char *text = strbuf_detach(&b);
	strbuf_release(&b);
	bool found = false;
	for (int k = 0; k < s->nheld && !found; k++)
		found = s->h[k].key && !strcmp(s->h[k].key, text);
	free(text);
	return found;
}

/* Words the walk reads as the release of a held lock when a callee out of
 * view has one in its name (check_pairs_walk.c's release_by_name()). */
bool lt_release_word(const char *t, const struct tok *x)
{
	static const char *const words[] = { "unlock", "release", "_put", "_end", "_exit",
					     "_done", "_finish", "_leave", "_unref" };
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (tok_has(t, x, words[i]))
			return true;
	return false;
}

/* Words that leave the stretch between an acquire and its release. */
bool lt_jump_word(const char *t, const struct tok *x)
{
	static const char *const words[] = { "return", "goto", "longjmp", "siglongjmp",
					     "__builtin_longjmp", "asm", "__asm__", "__asm" };
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (tok_is(t, x, words[i]))
			return true;
	return false;
}

/* The argument `arg` of the call whose `(` is v[open] and `)` v[close]:
 * its tokens' text without parentheses (NULL when there is no such
 * argument, or it holds a conditional, an assignment, ++ or --). */
char *lt_arg_key(const struct lt *s, size_t open, size_t close, int arg, size_t *root,
		 size_t *rootlen)
{
	int a = 0;
	long d = 0;
	struct strbuf b;
	strbuf_init(&b);
	*rootlen = 0;
	bool ok = true;
	for (size_t j = open + 1; j < close && ok; j++) {
		const struct tok *x = &s->v[j];
		if (x->k == '(' || x->k == '[' || x->k == '{')
			d++;
		else if (x->k == ')' || x->k == ']' || x->k == '}')
			d--;
		if (x->k == ',' && d == 0) {
			a++;
			continue;
		}
		if (a != arg)
			continue;
		if (x->k == '?' || x->k == '=' || ((x->k == '+' || x->k == '-') &&
						   j + 1 < close && s->v[j + 1].k == x->k))
			ok = false;
		if (x->k == 'w' && !*rootlen && !b.len) {
			*root = x->at;
			*rootlen = x->len;
		}
		if (x->k != '(' && x->k != ')')
			strbuf_add(&b, s->t + x->at, x->len);
	}
	if (!ok || a < arg || !b.len) {
		strbuf_release(&b);
		return NULL;
	}
	/* `&x->y`: the root is x all the same (key_root() skips & and *) */
	if (!*rootlen) {
		for (size_t j = open + 1; j < close; j++)
			if (s->v[j].k == 'w') {
				*root = s->v[j].at;
				*rootlen = s->v[j].len;
				break;
			} else if (s->v[j].k != '&' && s->v[j].k != '*' && s->v[j].k != '(') {
				break;
			}
	}
	char *key = strbuf_detach(&b);
	strbuf_release(&b);	/* (detach leaves it ready for more) */
	return key;
}

/* Does the `:` at v[i] end a label (`out:`, `default:`, `case X:`) rather
 * than a conditional's `? :`? */
bool lt_label_colon(const struct lt *s, size_t i)
{
	if (i >= 1 && s->v[i - 1].k == 'w' && (i < 2 || strchr(";{}:", s->v[i - 2].k)))
		return true;
	for (size_t j = i; j-- > 0 && i - j < 32;) {
		char k = s->v[j].k;
		if (k == ';' || k == '{' || k == '}' || k == '?' || k == ':')
			return false;
		if (tok_is(s->t, &s->v[j], "case"))
			return !j || strchr(";{}:", s->v[j - 1].k);
	}
	return false;
}

/* A statement of its own: after `;`, `{`, `}` or a label (not `if (x)`,
 * `else`, a comma or a conditional), at no parenthesis depth.  A jump to
 * the label lands before it. */
bool lt_stmt_start(const struct lt *s, size_t i, long paren)
{
	if (paren)
		return false;
	if (!i)
		return true;
	char p = s->v[i - 1].k;
	return p == ';' || p == '{' || p == '}' || (p == ':' && lt_label_colon(s, i - 1));
}

/* Is the word x a rule call, a live lock wrapper, a function of the file
 * that takes part or a control macro? */
bool lt_takes_part(const struct lt *s, const struct tok *x)
{
	int ri, ci;
	bool o;
	const char *label;
	int param;
	return rules_lookup(s->t + x->at, x->len, &ri, &ci, &o) ||
	       macros_wrapper_live(s->ctl, s->t + x->at, x->len) ||
	       (s->tainted && name_set_has(s->tainted, scan_name_hash(s->t + x->at, x->len))) ||
	       macros_lookup(s->ctl, s->t + x->at, x->len, &label, &param) != CM_NONE;
}

/* Are the arguments v(open, close) of a rule call free of anything the
 * walk would act on before the call itself: no call of a rule, a lock
 * wrapper, a function of the file that takes part, a control macro or a
 * name read as a release; no jump, assignment, ++ or --? */
bool lt_args_plain(const struct lt *s, size_t open, size_t close)
{
	for (size_t j = open + 1; j < close; j++) {
		const struct tok *x = &s->v[j];
		if (x->k == '=' || ((x->k == '+' || x->k == '-') && j + 1 < close &&
				    s->v[j + 1].k == x->k))
			return false;
		if (x->k == 'w' && (lt_takes_part(s, x) || lt_jump_word(s->t, x) || lt_release_word(s->t, x)))
			return false;
	}
	return true;
}

bool lt_same_word(const struct lt *s, size_t a, size_t b)
{
	return s->v[a].len == s->v[b].len && !memcmp(s->t + s->v[a].at, s->t + s->v[b].at, s->v[a].len);
}

/* Copies of the locks from[0, n) into to (their keys duplicated). */
void lt_held_copy(struct lheld *to, const struct lheld *from, int n)
{
	for (int k = 0; k < n; k++) {
		to[k] = from[k];
		to[k].key = xstrdup(from[k].key);
	}
}

char *lt_call_key(const struct lt *s, size_t i, const struct rule_call *c, char end, size_t *cp,
		  size_t *root, size_t *rootlen)
{
	*root = *rootlen = 0;
	if (i + 1 >= s->n || s->v[i + 1].k != '(')
		return NULL;
	*cp = close_paren(s, i + 1);
	if (*cp + 1 >= s->n || s->v[*cp + 1].k != end || !lt_args_plain(s, i + 1, *cp))
		return NULL;
	return c->arg < 0 ? xstrdup("") : lt_arg_key(s, i + 1, *cp, c->arg, root, rootlen);
}

int lt_held_find(const struct lt *s, int ri, const char *key, const bool *skip)
{
	for (int k = 0; k < s->nheld; k++)
		if ((!skip || !skip[k]) && s->h[k].rule == ri && !strcmp(s->h[k].key, key))
			return k;
	return -1;
}
