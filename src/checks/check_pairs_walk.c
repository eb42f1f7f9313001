// SPDX-License-Identifier: GPL-2.0
/*
 * The walk of one function for the paired-state rules (check_pairs_int.h).
 *
 * A state holds the open items (rule, key, where it was opened), the
 * conditional acquires still waiting for the test of their result, and
 * the branch assumptions taken on the way (so `if (x) lock; ... if (x)
 * unlock;` is one path, not two).  Each block keeps a bounded set of
 * states; past the bound the newest two are joined (union of open items,
 * intersection of assumptions).
 *
 * Keys are the text of the object argument with blanks and parentheses
 * removed (`&dev->lock`).  A close whose key matches nothing open closes
 * the newest open item of its rule: aliases (`priv` and `dev->priv`) then
 * cost nothing, and a lock released that was never seen taken (the
 * caller's) is remembered for the function's summary.
 */
#include "check_pairs_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "macros.h"

/* --- small helpers ----------------------------------------------------- */

/* Text of n without blanks and parentheses. */
char *key_text(TSNode n, const char *text)
{
	char *s = node_text_nospace(n, text);
	size_t w = 0;
	for (size_t i = 0; s[i]; i++)
		if (s[i] != '(' && s[i] != ')')
			s[w++] = s[i];
	s[w] = 0;
	return s;
}

static uint16_t key_intern(struct run *r, char *k)
{
	for (size_t i = 0; i < r->keys.n; i++)
		if (!strcmp(r->keys.v[i], k)) {
			free(k);
			return (uint16_t)i;
		}
	if (r->keys.n >= 0xfffe) {
		free(k);
		return 0;
	}
	VEC_PUSH(r->keys, k);
	return (uint16_t)(r->keys.n - 1);
}

/* An assignment to an lvalue kills the conditions that read it. */
static void kill_lvalue(struct run *r, struct pstate *s, TSNode lhs)
{
	char *k = df_written_key(lhs, r->fr->text);
	if (!k)
		return;
	assumes_kill(&s->hd.as, r->g, k, strlen(k), false);
	/* a pending acquire whose result lived there is decided: taken */
	uint16_t kk = 0;
	for (size_t i = 1; i < r->keys.n; i++)
		if (!strcmp(r->keys.v[i], k))
			kk = (uint16_t)(i + 1);
	for (int i = 0; kk && i < s->npend;) {
		if (s->p[i].var == kk) {
			memmove(&s->p[i], &s->p[i + 1], (size_t)(s->npend - i - 1) * sizeof(struct pend));
			s->npend--;
		} else {
			i++;
		}
	}
	free(k);
}

static void held_del(struct pstate *s, int i);

/* `cur = op` while op->lock is held: op is not NULL, so neither is cur and
 * a later `if (!cur)` is not taken. */
static void assume_holder(struct run *r, struct pstate *s, TSNode lhs, TSNode rhs)
{
	rhs = strip_parens(rhs);
	if (!s->nheld || ts_node_is_null(lhs) || !node_is(rhs, S_identifier))
		return;
	const char *rp = node_ptr(rhs, r->fr->text);
	size_t rn = node_len(rhs);
	bool holds = false;
	int held_at = -1;
	for (int i = 0; i < s->nheld && !holds; i++) {
		const char *kr;
		size_t kn = s->h[i].key && !s->h[i].owed ? pairs_key_root(r->keys.v[s->h[i].key], &kr) : 0;
		holds = kn == rn && !memcmp(kr, rp, rn) && r->keys.v[s->h[i].key][kn + (kr - r->keys.v[s->h[i].key])] == '-';
		held_at = i;
	}
	if (!holds)
		return;
	/* `op->file[1].vnode = vnode` with vnode->lock held: the locked object
	 * is handed to another one, whose owner releases it (afs_rmdir()
	 * passes op on and afs_put_operation() unlocks; 6.1).  Not when that
	 * object is the caller's (a parameter's field: `file->private_data =
	 * dev` in an ->open): the caller keeps it, and the lock with it, so
	 * the store hands nothing over (usb-skeleton's skel_open()). */
	TSNode l = strip_parens(lhs);
	if (node_is(l, S_field_expression) || node_is(l, S_subscript_expression)) {
		TSNode root = l;
		for (int guard = 0; guard < 16 && (node_is(root, S_field_expression) ||
						   node_is(root, S_subscript_expression));
		     guard++)
			root = strip_parens(node_field(root, "argument"));
		/* (`tp->timer.data = (unsigned long)tp`: the object stored
		 * into itself is handed to no other) */
		bool self = node_is(root, S_identifier) && node_len(root) == rn &&
			    !memcmp(node_ptr(root, r->fr->text), rp, rn);
		if (!self && (!node_is(root, S_identifier) ||
			      df_param_index(&r->params, node_ptr(root, r->fr->text), node_len(root)) < 0)) {
			if (s->h[held_at].rule < 32)	/* its release here is no longer ours to judge */
				r->unsure_rules |= 1u << s->h[held_at].rule;
			held_del(s, held_at);
		}
		return;
	}
	char *k = node_text_nospace(strip_parens(lhs), r->fr->text);
	df_assume_key(r->g, &s->hd.as, k, true);
	/* `locked = lruvec`: a later unlock_lruvec(locked) releases it */
	if (node_is(l, S_identifier))
		s->h[held_at].alias = key_intern(r, k);
	else
		free(k);
}

/*
 * `walk.nbytes > 0` (atom "walk.nbytes<=0") after `if (!walk.nbytes)
 * return;`: a length tested for zero and then for being positive is a
 * count, so one test decides the other.
 */
static int implied(void *ctx, const void *sv, int atom)
{
	struct run *r = ctx;
	const struct pstate *s = sv;
	const char *k = r->g->atoms.v[atom].key;
	size_t n = strlen(k);
	if (n < 4 || strcmp(k + n - 3, "<=0"))
		return -1;
	for (int i = 0; i < s->hd.as.n; i++) {
		const char *o = r->g->atoms.v[s->hd.as.v[i].atom].key;
		if (strlen(o) == n - 3 && !strncmp(o, k, n - 3))
			return !s->hd.as.v[i].pol;	/* x nonzero: x<=0 false; x zero: true */
	}
	return -1;
}

/* A loop test `K > 0` (loop tests carry no atom) decided by what the path
 * knows of K: tested zero / non-zero, or `K > 0` tested by an `if`. */
static int loop_test_implied(struct run *r, const struct pstate *s, TSNode c)
{
	c = strip_parens(c);
	if (!node_is(c, S_binary_expression) || !node_text_is(node_field(c, "operator"), r->fr->text, ">"))
		return -1;
	TSNode rhs = strip_parens(node_field(c, "right"));
	if (!node_is(rhs, S_number_literal) || !node_text_is(rhs, r->fr->text, "0"))
		return -1;
	char *k = node_text_nospace(node_field(c, "left"), r->fr->text);
	size_t n = strlen(k);
	int out = -1;
	for (int i = 0; i < s->hd.as.n && out < 0; i++) {
		const char *o = r->g->atoms.v[s->hd.as.v[i].atom].key;
		if (!strcmp(o, k))
			out = s->hd.as.v[i].pol;		/* non-zero count: positive */
		else if (!strncmp(o, k, n) && !strcmp(o + n, "<=0"))
			out = !s->hd.as.v[i].pol;
	}
	free(k);
	return out;
}

/* --- states ------------------------------------------------------------ */


/* (The states of the driver's hooks are passed as void *.) */
static bool state_eq(const void *av, const void *bv)
{
	const struct pstate *a = av, *b = bv;
	if (a->nheld != b->nheld || a->npend != b->npend || a->nvcl != b->nvcl ||
	    !assumes_eq(&a->hd.as, &b->hd.as) || memcmp(a->vc, b->vc, a->nvcl * sizeof(struct vcl)))
		return false;
	for (int i = 0; i < a->nheld; i++)
		if (!held_eq(&a->h[i], &b->h[i]) || a->h[i].count != b->h[i].count ||
		    a->h[i].cskip != b->h[i].cskip)
			return false;
	for (int i = 0; i < a->npend; i++)
		if (a->p[i].var != b->p[i].var || a->p[i].acq != b->p[i].acq ||
		    !held_eq(&a->p[i].h, &b->p[i].h))
			return false;
	return true;
}

static int held_find(const struct pstate *s, const struct held *h)
{
	for (int i = 0; i < s->nheld; i++)
		if (held_eq(&s->h[i], h))
			return i;
	return -1;
}

static bool same_items(const void *av, const void *bv)
{
	const struct pstate *a = av, *b = bv;
	if (a->nheld != b->nheld)
		return false;
	for (int i = 0; i < a->nheld; i++)
		if (held_find(b, &a->h[i]) < 0)
			return false;
	return true;
}

static void held_add(struct pstate *s, struct held h)
{
	if (s->nheld == MAX_HELD) {
		/* the oldest item is forgotten: a report may be lost, never invented */
		memmove(&s->h[0], &s->h[1], (MAX_HELD - 1) * sizeof(struct held));
		s->nheld--;
		s->mixed = true;
	}
	s->h[s->nheld++] = h;
}

static void held_del(struct pstate *s, int i)
{
	memmove(&s->h[i], &s->h[i + 1], (size_t)(s->nheld - i - 1) * sizeof(struct held));
	s->nheld--;
}

static void pend_del(struct pstate *s, int i)
{
	memmove(&s->p[i], &s->p[i + 1], (size_t)(s->npend - i - 1) * sizeof(struct pend));
	s->npend--;
}

/* Join b into a (union of open items, common assumptions). */
static bool state_join(void *av, const void *bv)
{
	struct pstate *a = av;
	const struct pstate *b = bv;
	struct pstate o = *a;
	for (int i = 0; i < b->nheld; i++) {
		int at = held_find(a, &b->h[i]);
		if (at < 0)
			held_add(a, b->h[i]);
		else	/* held with no skipped release on one of them: so it is */
			a->h[at].cskip &= b->h[i].cskip;
	}
	/* what both paths know of a returned variable */
	uint8_t nv = 0;
	for (int i = 0; i < a->nvcl; i++)
		for (int k = 0; k < b->nvcl; k++)
			if (a->vc[i].var == b->vc[k].var && a->vc[i].cls == b->vc[k].cls)
				a->vc[nv++] = a->vc[i];
	a->nvcl = nv;
	for (int i = 0; i < a->npend;) {
		bool both = false;
		for (int k = 0; k < b->npend; k++)
			both |= a->p[i].var == b->p[k].var && held_eq(&a->p[i].h, &b->p[k].h);
		if (both)
			i++;
		else
			pend_del(a, i);
	}
	assumes_meet(&a->hd.as, &b->hd.as);
	if (!a->hd.trace)
		a->hd.trace = b->hd.trace;
	if (!a->free_trace)
		a->free_trace = b->free_trace;
	if (a->drop_off != b->drop_off || a->drop_key != b->drop_key || a->drop_rule != b->drop_rule)
		a->drop_off = 0;
	a->mixed |= b->mixed || !same_items(&o, b);
	return !state_eq(a, &o);
}

/* A state entering a block (the driver's admit hook): a path is kept only
 * while something is open. */
static bool admit(void *ctx, void *sv)
{
	struct pstate *ns = sv;
	(void)ctx;
	if (!ns->nheld)
		ns->hd.trace = NULL;
	return true;
}

/* --- opening and closing ------------------------------------------------ */


char *held_name(const struct run *r, const struct held *h)
{
	const struct rule *ru = pairs_rule(r, h->rule);
	if (h->key)
		return xasprintf("%s '%s'", ru->what, r->keys.v[h->key]);
	return xstrdup(ru->what);
}

static void do_open(struct run *r, struct pstate *s, uint16_t rule, uint16_t key, uint32_t off,
		    uint8_t acq, uint16_t var, const char *text)
{
	struct held h = { rule, key, off, true, 0, false, 0 };
	if (s->drop_rule == rule && s->drop_key == key)
		s->drop_off = 0;	/* taken again */
	int debt = held_find(s, &h);
	if (debt >= 0) {
		/* drop, sleep, take again: the caller's lock is back */
		held_del(s, debt);
		return;
	}
	h.owed = false;
	/* local_irq_disable() after local_irq_save(flags): already off */
	for (int i = 0; !key && i < s->nheld; i++)
		if (s->h[i].rule == rule && s->h[i].key && !s->h[i].owed)
			return;
	int have = held_find(s, &h);
	if (have >= 0 && key) {
		uint32_t rk = (uint32_t)rule << 16 | key;
		bool known = false;
		for (size_t i = 0; i < r->retaken.n; i++)
			known |= r->retaken.v[i] == rk;
		if (!known)
			VEC_PUSH(r->retaken, rk);
	}
	if (have >= 0) {
		/* an object is held or not (a loop came round); a switch nests:
		 * kmap_atomic() inside pagefault_disable() */
		if (!key && s->h[have].count < 8)
			s->h[have].count++;
		s->h[have].cskip = false;
		return;
	}
	if (key) {
		/* mutex_lock(m) with m a pointer: a later `if (m)` is taken */
		const char *k = r->keys.v[key];
		if (k[0] != '&')
			df_assume_key(r->g, &s->hd.as, k, true);
		/* mutex_lock(&res->lock): a later `if (res)` is taken too */
		const char *root;
		size_t rn = pairs_key_root(k, &root);
		if (rn && root[rn] == '-' && root[rn + 1] == '>') {
			char *rk = xstrndup(root, rn);
			df_assume_key(r->g, &s->hd.as, rk, true);
			free(rk);
		}
	}
	held_add(s, h);
	if (acq != ACQ_ALWAYS && s->npend < MAX_PEND)
		s->p[s->npend++] = (struct pend){ var, acq, h };
	s->hd.trace = df_step(&r->d, s->hd.trace, T_OPEN, 0, off, text);
}

/* lock-release-unheld leaves the object key of rule alone: the walk
 * guessed at it (all of the rule's objects when key is 0). */
static void unsure_key(struct run *r, uint16_t rule, uint16_t key)
{
	if (!key) {
		if (rule < 32)
			r->unsure_rules |= 1u << rule;
		return;
	}
	uint32_t v = (uint32_t)rule << 16 | key;
	for (size_t k = 0; k < r->unsure_keys.n; k++)
		if (r->unsure_keys.v[k] == v)
			return;
	VEC_PUSH(r->unsure_keys, v);
}

static void do_close(struct run *r, struct pstate *s, uint16_t rule, uint16_t key)
{
	int at = -1;
	for (int i = s->nheld; i-- > 0;)
		if (s->h[i].rule == rule && s->h[i].key == key && !s->h[i].owed) {
			at = i;
			break;
		}
	if (at < 0)	/* (an alias: not `&open_mutex` for `&acm->mutex`) */
		for (int i = s->nheld; i-- > 0;)
			if (s->h[i].rule == rule && !s->h[i].owed &&
			    (!key || !s->h[i].key || pairs_may_alias(r->keys.v[s->h[i].key], r->keys.v[key]))) {
				at = i;
				break;
			}
	if (at >= 0 && s->h[at].key != key && pairs_rule(r, rule)->check == C_LOCK_HELD_RETURN) {
		/* an alias is a guess: lock-release-unheld leaves both alone, and
		 * the callers theirs (the one closed may still be held) */
		unsure_key(r, rule, s->h[at].key);
		unsure_key(r, rule, key);
		if (rule < 32)
			r->guessed_close |= 1u << rule;
	}
	if (at >= 0 && s->h[at].count) {
		s->h[at].count--;
		return;
	}
	if (at >= 0) {
		for (int i = 0; i < s->npend;)
			if (held_eq(&s->p[i].h, &s->h[at]))
				pend_del(s, i);
			else
				i++;
		held_del(s, at);
		return;
	}
	/* the caller's: a helper that releases what its caller took, or a
	 * function that drops its caller's lock for a while */
	struct held debt = { rule, key, 0, true, 0, false, 0 };
	if (held_find(s, &debt) < 0)
		held_add(s, debt);
	if (r->closes.n < 16) {
		struct pair_item it = { .rule = rule, .close = true,
					.key = key ? r->keys.v[key] : NULL };
		for (size_t i = 0; i < r->closes.n; i++)
			if (r->closes.v[i].rule == rule &&
			    !r->closes.v[i].key == !it.key && (!it.key || !strcmp(r->closes.v[i].key, it.key)))
				return;
		VEC_PUSH(r->closes, it);
	}
}

/* A release inside a macro: of exactly that object when it is held (not,
 * as do_close, the newest of its rule: IAGFREE_UNLOCK(imap) is not the
 * commit mutex taken since), else the caller's. */
static void close_exact(struct run *r, struct pstate *s, uint16_t rule, uint16_t key)
{
	bool other = false;
	for (int i = s->nheld; i-- > 0;) {
		if (s->h[i].rule != rule || s->h[i].owed)
			continue;
		if (!key || s->h[i].key == key) {
			do_close(r, s, rule, s->h[i].key);
			return;
		}
		other = true;
	}
	if (!other) {
		do_close(r, s, rule, key);	/* the caller's: recorded for the summary */
		return;
	}
	struct held debt = { .rule = rule, .key = key, .owed = true };
	if (held_find(s, &debt) < 0)
		held_add(s, debt);
}

/* The key of argument k of call, or 0. */
static uint16_t arg_key(struct run *r, TSNode call, int k)
{
	if (k < 0)
		return 0;
	TSNode args = node_field(call, "arguments");
	if ((uint32_t)k >= ts_node_named_child_count(args))
		return 0;
	return key_intern(r, key_text(ts_node_named_child(args, (uint32_t)k), r->fr->text));
}

/* A summary key "$K..." with parameter K replaced by the call's argument. */
static uint16_t result_var(struct run *r, TSNode call);

static uint16_t translate_key(struct run *r, TSNode call, const char *key)
{
	if (!key)
		return 0;
	if (key[0] != '$' && !(key[0] == '&' && key[1] == '$') && !(key[0] == '*' && key[1] == '$'))
		return key_intern(r, xstrdup(key));
	const char *d = strchr(key, '$');
	if (d[1] == 'R') {
		/* the lock of the object the callee returns: of the variable
		 * its result goes to here (`b = mca_cannibalize(...)`) */
		uint16_t v = result_var(r, call);
		if (!v)
			return 0;
		char *out = xasprintf("%.*s%s%s", (int)(d - key), key, r->keys.v[v - 1], d + 2);
		return key_intern(r, out);
	}
	char *end;
	long k = strtol(d + 1, &end, 10);
	TSNode args = node_field(call, "arguments");
	if (k < 0 || (uint32_t)k >= ts_node_named_child_count(args))
		return 0;
	char *a = key_text(ts_node_named_child(args, (uint32_t)k), r->fr->text);
	char *out;
	if (a[0] == '&' && !strncmp(end, "->", 2))	/* &(&x->y)->z is &x->y.z */
		out = xasprintf("%.*s%s.%s", (int)(d - key), key, a + 1, end + 2);
	else
		out = xasprintf("%.*s%s%s", (int)(d - key), key, a, end);
	free(a);
	return key_intern(r, out);
}

/* The summary of the function `call` reaches (of this file, or in the
 * whole-tree pass of another), or NULL. */
static const struct pair_sum *callee_sum(struct run *r, TSNode call, const char *name, size_t len)
{
	int i = pairs_fn_index(r->fr, name, len);
	if (i >= 0 || !r->fr->ext)
		return i >= 0 && r->fr->sums[i].known && r->fr->sums[i].n ? &r->fr->sums[i] : NULL;
	const char *path = NULL;
	const struct fn_fact *f = r->fr->ext(r->fr->ext_ctx, r->fn, ts_node_start_byte(call), &path);
	if (!f || !f->px_known || !f->npx)
		return NULL;
	struct pair_sum *sum = arena_alloc(&r->d.arena, sizeof(*sum));
	pairs_import(f, path, sum, &r->d.arena);
	return sum->n ? sum : NULL;
}

void pairs_cand(struct run *r, uint16_t rule, uint8_t need, enum check_id id, uint32_t off,
		const struct df_trace *tr, char *msg, char *held, char *callee, const char *final)
{
	if (!r->report) {
		free(msg);
		free(held);
		free(callee);
		return;
	}
	const struct source *src = r->fr->src;
	struct pair_cand c = { .fn = r->fn, .rule = rule, .need = need, .held = held,
			       .callee = callee };
	c.f.id = id;
	c.f.at = source_at(src, off);
	c.f.msg = msg;
	c.f.func = xstrdup(r->g->name);
	size_t n;
	const struct df_trace **v = df_steps(tr, &n);
	for (size_t i = 0; i < n; i++) {
		const struct df_trace *t = v[i];
		struct step s = { .at = t->file ? t->at : source_at(src, t->off),
				  .file = t->file ? xstrdup(t->file) : NULL };
		if (t->kind == DF_STEP_EDGE)
			s.msg = edge_note(t->edge_kind, t->text);
		else
			s.msg = xstrdup(t->text);
		VEC_PUSH(c.f.steps, s);
	}
	free(v);
	if (final) {
		struct step s = { .at = c.f.at, .msg = xstrdup(final) };
		VEC_PUSH(c.f.steps, s);
	}
	VEC_PUSH(r->cands, c);
}

static void check_window_call(struct run *r, struct pstate *s, TSNode call, const char *name,
			      size_t len)
{
	const struct rule *win = NULL;
	const struct held *h = NULL;
	/* (not a window the caller's release left owed: `if
	 * (!user_access_begin(...)) goto end; ... end: user_access_end();`
	 * ends no window on the failed path, and none is open after it) */
	for (int i = s->nheld; i-- > 0 && !win;)
		if (!s->h[i].owed && pairs_rule(r, s->h[i].rule)->allow.n) {
			win = pairs_rule(r, s->h[i].rule);
			h = &s->h[i];
		}
	if (!win || r->fr->no_objtool)
		return;
	uint8_t need;
	const char *callee;
	char *why = window_reason(r, win, name, len, 3, &need, &callee);
	if (!why)
		return;
	uint32_t off = ts_node_start_byte(call);
	for (size_t i = 0; i < r->seen.n; i++)
		if (r->seen.v[i] == off) {
			free(why);
			return;
		}
	VEC_PUSH(r->seen, off);
	unsigned line, col;
	source_pos(r->fr->src, h->off, &line, &col);
	/* PC_OUTLINE: the whole tree adds where the callee is defined */
	char *msg = xasprintf("call to '%.*s' inside a %s opened at line %u: %s%s", (int)len, name,
			      win->what, line, why,
			      need == PC_OUTLINE ? "" : " (objtool: call with UACCESS enabled)");
	free(why);
	pairs_cand(r, h->rule, need, C_UACCESS_CALL, off, s->hd.trace, msg, NULL,
		   need != PC_OUTLINE ? NULL : callee == name ? xstrndup(name, len) : xstrdup(callee),
		   "called with user access enabled");
}

/* --- transfer ---------------------------------------------------------- */

/* The variable a conditional acquire's result goes to: `v = call` or
 * `T v = call`; 0 when none. */
static uint16_t result_var(struct run *r, TSNode call)
{
	TSNode p = ts_node_parent(call);
	while (!ts_node_is_null(p) && node_is(p, S_parenthesized_expression))
		p = ts_node_parent(p);
	TSNode lhs = { 0 };
	if (node_is(p, S_assignment_expression))
		lhs = node_field(p, "left");
	else if (node_is(p, S_init_declarator))
		lhs = declarator_name(node_field(p, "declarator"));
	if (ts_node_is_null(lhs))
		return 0;
	lhs = strip_parens(lhs);
	if (!node_is(lhs, S_identifier) && !node_is(lhs, S_field_expression))
		return 0;
	return (uint16_t)(key_intern(r, node_text_nospace(lhs, r->fr->text)) + 1);
}

/* Does the lock key k hang off the object a ("acm" or "&acm->mutex" for
 * "&acm->mutex"; not "acm->control", a sibling of the lock)?  With near,
 * in that object, not behind a pointer of it (&dev->dev.bus->subsys.rwsem
 * is the bus's, not dev->dev's). */
static bool hangs_off(const char *k, const char *a, bool near)
{
	while (*k == '&' || *k == '*')
		k++;
	while (*a == '&' || *a == '*')
		a++;
	size_t n = strlen(a);
	if (!n || strncmp(k, a, n) || (near && k[n] && strstr(k + n + 1, "->")))
		return false;
	return !k[n] || k[n] == '.' || k[n] == '[' || (k[n] == '-' && k[n + 1] == '>');
}

/*
 * A function defined nowhere in this file (a static inline of a header:
 * spu_release(ctx), unlock_page_ctx(ctx)) whose name says it releases, given
 * the object a held lock hangs off, is taken to release it: the report
 * would otherwise rest on a body we cannot see.  Given another field of
 * that object (usb_autopm_put_interface(acm->control) with acm->mutex
 * held), it releases what that field is about, not the lock, unless it
 * is handed a function of the file as well.  A word of the name says it
 * (`_end` ends one: not xhci_queue_stop_endpoint()), and only an unlock is
 * believed of a lock behind another pointer of the object handed
 * (device_release_driver(&dev->dev) leaves &dev->dev.bus->subsys.rwsem).
 */
static void release_by_name(struct run *r, struct pstate *s, TSNode call, const char *name,
			    size_t len)
{
	static const char *const words[] = { "unlock", "release", "_put", "_end", "_exit",
					     "_done", "_finish", "_leave", "_unref" };
	if (!s->nheld)
		return;
	bool says = false, near = !name_has(name, len, "unlock", 6);
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]) && !says; i++)
		says = words[i][0] == '_' ? name_has_word(name, len, words[i], strlen(words[i]))
					  : name_has(name, len, words[i], strlen(words[i]));
	if (!says)
		return;
	TSNode args = node_field(call, "arguments");
	uint32_t na = ts_node_named_child_count(args);
	/* handed a function of the file too (kref_put(&ctx->kref,
	 * remove_context)): that callback may release any lock of the object */
	bool cb = false;
	for (uint32_t a = 0; a < na && a < 6 && !cb; a++) {
		TSNode fa = ts_node_named_child(args, a);
		cb = node_is(fa, S_identifier) &&
		     pairs_fn_index(r->fr, node_ptr(fa, r->fr->text), node_len(fa)) >= 0;
	}
	for (uint32_t a = 0; a < na && a < 4; a++) {
		char *t = key_text(ts_node_named_child(args, a), r->fr->text);
		if (cb) {	/* the object the argument hangs off */
			const char *root;
			size_t rn = pairs_key_root(t, &root);
			memmove(t, root, rn);
			t[rn] = 0;
		}
		for (int i = s->nheld; *t && i-- > 0;) {
			const struct held *h = &s->h[i];
			if (h->owed || !h->key || pairs_rule(r, h->rule)->check != C_LOCK_HELD_RETURN)
				continue;
			if (hangs_off(r->keys.v[h->key], t, near) ||
			    (h->alias && hangs_off(r->keys.v[h->alias], t, near))) {
				/* a guess: lock-release-unheld leaves the object alone */
				unsure_key(r, h->rule, h->key);
				do_close(r, s, h->rule, h->key);
			}
		}
		free(t);
	}
}

/*
 * A call out of view handed a function of this file that releases its
 * first parameter's lock, and the object: `xen_mc_callback(xen_pte_unlock,
 * ptl)` queues the unlock of ptl for later.  The lock the other argument
 * names is released (a guess, so lock-release-unheld leaves it alone).
 */
static void release_by_callback(struct run *r, struct pstate *s, TSNode call)
{
	TSNode args = node_field(call, "arguments");
	uint32_t na = ts_node_named_child_count(args);
	for (uint32_t a = 0; a < na && a < 6 && s->nheld; a++) {
		TSNode fa = ts_node_named_child(args, a);
		if (!node_is(fa, S_identifier))
			continue;
		int j = pairs_fn_index(r->fr, node_ptr(fa, r->fr->text), node_len(fa));
		const struct pair_sum *cb = j >= 0 ? &r->fr->sums[j] : NULL;
		for (int k = 0; cb && cb->known && k < cb->n; k++) {
			const struct pair_item *it = &cb->it[k];
			if (!it->close || !it->key || strcmp(it->key, "$0"))
				continue;
			for (uint32_t b = 0; b < na && b < 6; b++) {
				if (b == a)
					continue;
				uint16_t key = arg_key(r, call, (int)b);
				struct held h = { .rule = it->rule, .key = key };
				if (!key || held_find(s, &h) < 0)
					continue;
				unsure_key(r, it->rule, key);
				do_close(r, s, it->rule, key);
			}
		}
	}
}

/* Open rule's object key at call; a conditional open (acq) waits for the
 * test of the call's result; via: the helper of this file that opened it. */
static void open_at(struct run *r, struct pstate *s, TSNode call, uint16_t rule, uint16_t key,
		    uint8_t acq, bool in_cond, const char *via, size_t via_len)
{
	uint16_t var = 0;
	if (acq != ACQ_ALWAYS) {
		var = result_var(r, call);
		if (!var)
			var = in_cond ? PEND_COND : 0;
	}
	struct held tmp = { rule, key, 0, false, 0, false, 0 };
	char *hn = held_name(r, &tmp);
	const char *verb = pairs_rule(r, rule)->check == C_LOCK_HELD_RETURN ? "acquired" : "opened";
	char *t = via ? xasprintf("%s %s by '%s' (%.*s() takes it and returns with it held)", hn, verb,
				  df_text(&r->d, call, 60), (int)via_len, via)
		      : xasprintf("%s %s by '%s'", hn, verb, df_text(&r->d, call, 60));
	free(hn);
	if (key && pairs_rule(r, rule)->check == C_LOCK_HELD_RETURN)
		flow_forget_shared(r, s, call);
	do_open(r, s, rule, key, ts_node_start_byte(call), var ? acq : ACQ_ALWAYS, var,
		arena_strndup(&r->d.arena, t, strlen(t)));
	free(t);
}

/* Where a callee takes what it leaves open, and the exit that leaves it
 * so: notes in the callee (in its file, for one of another file), so that
 * the path shows the helper's own missing release, not only its call. */
static const struct df_trace *helper_notes(struct run *r, const struct df_trace *tr,
					   const struct pair_item *it, const char *name, size_t len)
{
	const struct rule *ru = pairs_rule(r, it->rule);
	bool lock = ru->check == C_LOCK_HELD_RETURN;
	char *t;
	if (it->file ? it->open_at.line != 0 : it->open_off != 0) {
		t = xasprintf("%.*s() %s the %s here", (int)len, name, lock ? "takes" : "opens", ru->what);
		const char *m = arena_strndup(&r->d.arena, t, strlen(t));
		tr = it->file ? df_note(&r->d, tr, T_OPEN, it->file, it->open_at, m)
			      : df_step(&r->d, tr, T_OPEN, 0, it->open_off, m);
		free(t);
	}
	if (it->file ? it->exit_at.line != 0 : it->exit_off != 0) {
		t = xasprintf("%.*s() returns with it %s%s", (int)len, name, lock ? "held" : "open",
			      it->acq == ACQ_ALWAYS ? "" : it->acq == ACQ_ZERO ? " when it returns 0"
				: it->acq == ACQ_NOTERR ? " when it returns no error"
							: " when it returns non-zero");
		const char *m = arena_strndup(&r->d.arena, t, strlen(t));
		tr = it->file ? df_note(&r->d, tr, T_OPEN, it->file, it->exit_at, m)
			      : df_step(&r->d, tr, T_OPEN, 0, it->exit_off, m);
		free(t);
	}
	return tr;
}

/*
 * A call of a header's static inline lock wrapper (macros_wrapper): its
 * recorded calls replayed with the caller's arguments, in order — the
 * rules' opens and closes, and other wrappers' (depth levels deep).  The
 * path names the wrapper's call.
 */
static void wrap_replay(struct run *r, struct pstate *s, TSNode call, const char *eff,
			char **argv, int argc, int depth, bool in_cond, bool rel_only)
{
	for (const char *ln = eff; *ln; ln += strcspn(ln, "\n") + (ln[strcspn(ln, "\n")] != 0)) {
		/* "~": a release inside a macro (spufs_wait(), shm_unlock()):
		 * only the releases are replayed, of exactly their object */
		bool rel = rel_only;
		if (ln[0] == '~') {
			rel = true;
			ln++;
		}
		/* "?K": a trylock wrapper's open, taken as its result says (acq K) */
		uint8_t acq = ACQ_ALWAYS;
		if (ln[0] == '?' && isdigit((unsigned char)ln[1])) {
			acq = (uint8_t)(ln[1] - '0');
			ln += 2;
		}
		size_t nl = strcspn(ln, "(\n");
		if (ln[nl] != '(')
			continue;
		char *av[8];
		int ac = 0;
		size_t at = nl + 1;
		bool bad = false;
		while (ln[at] && ln[at] != '\n' && ln[at] != ')' && ac < 8) {
			size_t st = at, len = wrap_arg(ln, &at);
			av[ac] = wrap_subst(ln + st, len, argv, argc);
			bad |= !av[ac];
			ac++;
			if (ln[at - 1] != ',' && ln[at] == ')')
				break;
		}
		int ri, ci;
		bool open;
		const char *sub;
		if (bad) {
			/* an argument the caller did not pass */
		} else if (rules_lookup(ln, nl, &ri, &ci, &open)) {
			const struct rule *ru = pairs_rule(r, ri);
			if (ru->check != C_LOCK_HELD_RETURN)
				goto next;	/* only locks (macros_wrap.c) */
			const struct rule_call *c = open ? &ru->open.v[ci] : &ru->close.v[ci];
			uint16_t key = 0;
			if (c->arg >= 0 && c->arg < ac)
				key = key_intern(r, xstrdup(av[c->arg]));
			if ((c->arg < 0 || key) && !(open && rel)) {
				if (open)
					open_at(r, s, call, (uint16_t)ri, key, acq, in_cond, NULL, 0);
				else if (rel)
					close_exact(r, s, (uint16_t)ri, key);
				else
					do_close(r, s, (uint16_t)ri, key);
			}
		} else if (depth > 0 && (sub = macros_wrapper(r->fr->ff->ctl, ln, nl))) {
			wrap_replay(r, s, call, sub, av, ac, depth - 1, in_cond, rel);
		}
next:
		for (int k = 0; k < ac; k++)
			free(av[k]);
	}
}

/* Is name[0, len) a header's lock wrapper?  Replay it (true). */
static bool wrap_call(struct run *r, struct pstate *s, TSNode call, const char *name, size_t len,
		      bool in_cond)
{
	const char *eff = macros_wrapper(r->fr->ff->ctl, name, len);
	if (!eff || (pairs_own_macro(r->fr, name, len) && !macros_wrapper_own(r->fr->ff->ctl, name, len)))
		return false;
	TSNode args = node_field(call, "arguments");
	uint32_t na = ts_node_named_child_count(args);
	char *argv[8];
	int argc = 0;
	for (uint32_t i = 0; i < na && argc < 8; i++)
		argv[argc++] = key_text(ts_node_named_child(args, i), r->fr->text);
	wrap_replay(r, s, call, eff, argv, argc, 3, in_cond, false);
	for (int k = 0; k < argc; k++)
		free(argv[k]);
	return true;
}

static void on_call(struct run *r, struct pstate *s, TSNode call, bool in_cond)
{
	size_t len;
	const char *name = call_name(call, r->fr->text, &len);
	if (!name)
		return;
	int ri, ci;
	bool open;
	if (rules_lookup(name, len, &ri, &ci, &open)) {
		const struct rule *ru = pairs_rule(r, ri);
		if (!ru->allow.n)	/* taking a lock inside a user access window is a call too */
			check_window_call(r, s, call, name, len);
		const struct rule_call *c = open ? &ru->open.v[ci] : &ru->close.v[ci];
		uint16_t key = arg_key(r, call, c->arg);
		if (open) {
			r->hooks->acquire(r, s, call, (uint16_t)ri, key, c->acq, name, len);
			open_at(r, s, call, (uint16_t)ri, key, c->acq, in_cond, NULL, 0);
		} else {
			r->hooks->release(r, s, call, (uint16_t)ri, key, name, len);
			struct held own = { (uint16_t)ri, key, 0, false, 0, false, 0 };
			bool had = key && held_find(s, &own) >= 0;
			do_close(r, s, (uint16_t)ri, key);
			if (had && held_find(s, &own) < 0) {
				s->drop_rule = (uint16_t)ri;
				s->drop_key = key;
				s->drop_off = ts_node_start_byte(call);
			}
		}
		return;
	}
	check_window_call(r, s, call, name, len);
	r->hooks->call(r, name, len);
	const struct pair_sum *sum = callee_sum(r, call, name, len);
	if (!sum) {
		if (pairs_fn_index(r->fr, name, len) < 0 && !wrap_call(r, s, call, name, len, in_cond)) {
			release_by_name(r, s, call, name, len);
			release_by_callback(r, s, call);
		}
		return;
	}
	for (int i = 0; i < sum->n; i++) {
		const struct pair_item *it = &sum->it[i];
		uint16_t key = translate_key(r, call, it->key);
		if (it->key && !key)
			continue;
		if (it->close) {
			/* a callee that drops and takes back its caller's lock sums
			 * up as a release: lock-release-unheld cannot trust it (that
			 * object's releases; an alias do_close() guesses adds its own) */
			unsure_key(r, it->rule, key);
			do_close(r, s, it->rule, key);
			continue;
		}
		s->hd.trace = helper_notes(r, s->hd.trace, it, name, len);
		r->hooks->acquire(r, s, call, it->rule, key, it->acq, NULL, 0);
		open_at(r, s, call, it->rule, key, it->acq, in_cond, name, len);
	}
}

/*
 * A statement that is a rule call's bare name: a macro written without
 * parentheses that opens a window (x86's `get_user_try { ... }
 * get_user_catch(err);` before 5.2, a stac()/clac() pair).  No arguments:
 * it opens and closes without an object.
 */
static void on_bare_name(struct run *r, struct pstate *s, TSNode id)
{
	int ri, ci;
	bool open;
	if (!rules_lookup(node_ptr(id, r->fr->text), node_len(id), &ri, &ci, &open))
		return;
	if (open)
		open_at(r, s, id, (uint16_t)ri, 0, ACQ_ALWAYS, false, NULL, 0);
	else
		do_close(r, s, (uint16_t)ri, 0);
}

/* The walk's hooks (dataflow.h): what a statement opens and closes. */
static void hook_call(void *ctx, void *s, TSNode call)
{
	struct run *r = ctx;
	on_call(r, s, call, r->in_cond);
}

static void hook_assign(void *ctx, void *sv, TSNode lhs, TSNode rhs, bool plain, bool decl)
{
	struct run *r = ctx;
	struct pstate *s = sv;
	if (decl) {
		df_walk(&r->w, s, rhs, false);
		df_assume_literal(r->g, &s->hd.as, r->fr->text, lhs, rhs);
		flow_assign(r, s, lhs, rhs, true);
		return;
	}
	/* the old value's conditions die first: the right side may start a
	 * conditional acquire whose result lands there */
	kill_lvalue(r, s, lhs);
	df_walk(&r->w, s, rhs, false);
	if (plain) {
		df_assume_literal(r->g, &s->hd.as, r->fr->text, lhs, rhs);
		assume_holder(r, s, lhs, rhs);
		flow_assign(r, s, lhs, rhs, false);
	} else {
		flow_kill(r, s, lhs);
	}
}

static void hook_kill(void *ctx, void *s, TSNode lvalue)
{
	kill_lvalue(ctx, s, lvalue);
	flow_kill(ctx, s, lvalue);
}

static const struct df_walk_ops walk_ops = {
	.call = hook_call, .assign = hook_assign, .update = hook_kill, .address = hook_kill,
};

static void record_exit(struct run *r, const struct pstate *s, uint32_t off, uint8_t rc,
			uint8_t pc, int ret_acq)
{
	for (size_t i = 0; i < r->exits.n; i++) {
		struct pexit *e = &r->exits.v[i];
		if (e->off == off && e->nheld == s->nheld && e->rclass == rc && e->pclass == pc &&
		    !memcmp(e->h, s->h, s->nheld * sizeof(struct held)))
			return;
	}
	struct pexit e = { off, rc, pc, ret_acq >= 0, (uint8_t)(ret_acq >= 0 ? ret_acq : 0), s->nheld,
			   {{0}}, s->hd.trace };
	memcpy(e.h, s->h, s->nheld * sizeof(struct held));
	VEC_PUSH(r->exits, e);
}


/* A return statement (or a statement macro that returns): the exit, and
 * whether it returns the result of a conditional acquire. */
static void on_return(struct run *r, struct pstate *s, TSNode ret)
{
	TSNode val = node_is(ret, S_return_statement) ? ts_node_named_child(ret, 0) : (TSNode){ 0 };
	uint8_t np = s->npend;
	r->in_cond = true;	/* `return trylock(...)`: the caller decides */
	df_walk(&r->w, s, ret, true);
	r->in_cond = false;
	int racq = s->npend > np ? s->p[s->npend - 1].acq : -1;
	TSNode core = { 0 };
	int zo = ts_node_is_null(val) ? -1 : pairs_zero_on(r, val, &core, 0);
	if (racq < 0 && zo >= 0 &&
	    (node_is(core, S_identifier) || node_is(core, S_field_expression))) {
		char *k = node_text_nospace(core, r->fr->text);
		for (int p = 0; p < s->npend; p++)
			if (s->p[p].var != PEND_COND && s->p[p].var &&
			    !strcmp(r->keys.v[s->p[p].var - 1], k))
				racq = s->p[p].acq;
		free(k);
	}
	/* `return !trylock()` turns the meaning round */
	if (racq >= 0 && zo == 1)
		racq = racq == ACQ_ZERO ? ACQ_NONZERO : ACQ_ZERO;
	/* (a contract only where something is held: `return VM_FAULT_LOCKED;`
	 * with the page's mapping locked, __dax_fault()) */
	if (racq < 0 && s->nheld && !ts_node_is_null(val) && pairs_says_locked(r->fr->text, val))
		racq = ACQ_NONZERO;
	uint8_t rc = df_ret_class(val, r->fr->text);
	record_exit(r, s, ts_node_start_byte(ret), rc, rc == RC_UNK ? pairs_path_class(r, s, val) : rc, racq);
}

/* The driver's hooks (dataflow.h): one element, the branch, an edge. */
static bool elem(void *ctx, const struct cfg_elem *e, void *s)
{
	struct run *r = ctx;
	if (e->kind == EL_RETURN) {
		on_return(r, s, e->node);
		return false;
	}
	if (e->kind == EL_END)
		record_exit(r, s, ts_node_start_byte(e->node), RC_UNK, RC_UNK, -1);
	if (e->kind == EL_END || e->kind == EL_NORETURN)
		return false;
	r->in_cond = e->kind == EL_COND;
	/* (tree-sitter reads `get_user_try {` as a type name) */
	if (e->kind == EL_EXPR &&
	    (node_is(e->node, S_identifier) || node_is(e->node, S_type_identifier)))
		on_bare_name(r, s, e->node);
	else
		df_walk(&r->w, s, e->node, true);
	r->in_cond = false;
	return true;
}

static void branch(void *ctx, const struct cfg_block *blk, const void *sv)
{
	struct run *r = ctx;
	const struct pstate *s = sv;
	bool cond = blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND;
	TSNode c = cond ? blk->elems.v[blk->elems.n - 1].node : (TSNode){ 0 };
	/* a test of a conditional acquire's result decides it on each edge */
	r->zo = -1;
	r->pend_at = -1;
	if (cond && s->npend) {
		TSNode core = { 0 };
		r->zo = pairs_zero_on(r, c, &core, 0);
		if (r->zo >= 0) {
			uint16_t var = 0;
			if (node_is(core, S_call_expression)) {
				var = PEND_COND;
				TSNode p = ts_node_parent(core);
				while (!ts_node_is_null(p) && node_is(p, S_parenthesized_expression))
					p = ts_node_parent(p);
				if (node_is(p, S_assignment_expression))
					var = result_var(r, core);
			} else {
				char *k = node_text_nospace(core, r->fr->text);
				for (size_t i = 1; i < r->keys.n && !var; i++)
					if (!strcmp(r->keys.v[i], k))
						var = (uint16_t)(i + 1);
				free(k);
			}
			for (int i = 0; i < s->npend && r->pend_at < 0; i++)
				if (var && s->p[i].var == var && s->p[i].acq != ACQ_NOTERR)
					r->pend_at = i;
		}
	}
	/* `if (helper() < 0)` where helper() of this file only returns 0: the
	 * edge that needs another value is not a path */
	r->dead_zero = -1;	/* 1: the edge where the value is zero is dead; 0: non-zero */
	if (cond) {
		TSNode core = { 0 };
		int z = pairs_zero_on(r, c, &core, 0);
		size_t len;
		const char *name = z >= 0 && node_is(core, S_call_expression)
					   ? call_name(core, r->fr->text, &len) : NULL;
		int fi = name ? pairs_fn_index(r->fr, name, len) : -1;
		if (fi >= 0 && r->fr->sums[fi].known && r->fr->sums[fi].rets) {
			uint8_t rets = r->fr->sums[fi].rets;
			if (rets == (1u << RC_ZERO))
				r->dead_zero = 0;
			else if (rets == (1u << RC_NEG))	/* (`< 0` reads positive as zero) */
				r->dead_zero = 1;
			if (r->dead_zero >= 0)
				r->dead_zero = r->dead_zero == 1 ? (z == 1 ? E_TRUE : E_FALSE)
								 : (z == 1 ? E_FALSE : E_TRUE);
		}
	}
	/* `if (m)` after mutex_lock(m): on the edge where m is NULL it is not held */
	r->null_item = -1;
	r->null_zo = -1;
	if (cond && s->nheld) {
		TSNode core = { 0 };
		r->null_zo = pairs_zero_on(r, c, &core, 0);
		if (r->null_zo >= 0 && (node_is(core, S_identifier) || node_is(core, S_field_expression))) {
			char *k = node_text_nospace(core, r->fr->text);
			for (int i = 0; i < s->nheld && r->null_item < 0; i++)
				if (s->h[i].key && !s->h[i].owed && !strcmp(r->keys.v[s->h[i].key], k))
					r->null_item = i;
			free(k);
		}
	}
	flow_branch(r, blk, s);
	r->loop_truth = -1;
	if (cond && blk->succs.n == 2 && blk->succs.v[0].atom < 0 && blk->succs.v[1].atom < 0)
		r->loop_truth = loop_test_implied(r, s, c);
}

static bool edge(void *ctx, const struct cfg_edge *e, void *sv)
{
	struct run *r = ctx;
	struct pstate *ns = sv;
	if (r->dead_zero >= 0 && e->kind == r->dead_zero)
		return false;
	flow_edge(r, e, ns);	/* before the held items move */
	if (r->loop_truth >= 0 && (e->kind == E_TRUE || e->kind == E_FALSE) &&
	    (e->kind == E_TRUE) != r->loop_truth)
		return false;
	if (r->null_item >= 0 && (e->kind == E_TRUE || e->kind == E_FALSE) &&
	    (e->kind == E_TRUE) == (r->null_zo == 1)) {
		if (ns->h[r->null_item].rule < 32)
			r->unsure_rules |= 1u << ns->h[r->null_item].rule;
		held_del(ns, r->null_item);
	}
	if (r->pend_at >= 0 && (e->kind == E_TRUE || e->kind == E_FALSE)) {
		bool zero = e->kind == E_TRUE ? r->zo == 1 : r->zo == 0;
		struct pend p = ns->p[r->pend_at];
		bool taken = p.acq == ACQ_ZERO ? zero : !zero;
		pend_del(ns, r->pend_at);
		if (!taken) {
			int h = held_find(ns, &p.h);
			if (h >= 0)
				held_del(ns, h);
		}
	}
	flow_edge_err(r, e, ns);
	/* a condition's own pending acquire ends with the condition */
	for (int k = 0; k < ns->npend;)
		if (ns->p[k].var == PEND_COND)
			pend_del(ns, k);
		else
			k++;
	/* the path from the entry, held or not, for lock-release-unheld's
	 * notes: the test that led to a first release, or past an acquire */
	if (r->fr->o->enabled[C_LOCK_RELEASE_UNHELD] && e->kind != E_NEXT && e->kind != E_LOOP &&
	    e->off)
		ns->free_trace = df_step(&r->d, ns->free_trace, DF_STEP_EDGE, e->kind, e->off, e->label);
	return true;
}

/* A path is kept while something is open. */
static bool traced(const void *s)
{
	return ((const struct pstate *)s)->nheld != 0;
}

/* the bound is per set of open items: states that hold different things
 * are never joined (a join would make "held on one path" look held on all) */
static const struct df_ops pair_ops = {
	.size = sizeof(struct pstate), .per_kind = MAX_STATES, .total = MAX_BLOCK_STATES,
	.eq = state_eq, .agree = same_items, .join = state_join, .admit = admit,
	.elem = elem, .branch = branch, .edge = edge, .implied = implied, .traced = traced,
	.hash = pstate_hash, .kind = pstate_kind,
};

bool pairs_walk(struct run *r, size_t budget, double deadline)
{
	df_init(&r->d, r->g, &pair_ops, r, budget, deadline);
	flow_init(r);
	r->w = (struct df_walker){ .g = r->g, .text = r->fr->text, .ops = &walk_ops, .ctx = r };
	struct pstate init = {0};
	return df_run(&r->d, &init);
}
