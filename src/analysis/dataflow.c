// SPDX-License-Identifier: GPL-2.0
/*
 * The dataflow driver both path walks run on (see dataflow.h): the
 * worklist, the bounded state sets and their joins, branch assumptions on
 * edges, path traces, the state and time budgets; and the helpers their
 * transfer functions share.
 */
#include "dataflow.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"

void df_init(struct df *d, const struct cfg *g, const struct df_ops *ops, void *ctx,
	     size_t budget, double deadline)
{
	memset(d, 0, sizeof(*d));
	d->g = g;
	d->ops = ops;
	d->ctx = ctx;
	d->budget = budget;
	d->deadline = deadline;
	arena_init(&d->arena);
	size_t nb = g->blocks.n ? g->blocks.n : 1;
	d->in = xcalloc(nb, sizeof(*d->in));
	if (ops->hash)
		d->marks = xcalloc(nb, sizeof(*d->marks));
	d->queued = xcalloc(nb, sizeof(bool));
	d->cur = xmalloc(ops->size);
	d->next = xmalloc(ops->size);
}

void df_release(struct df *d)
{
	size_t nb = d->g->blocks.n ? d->g->blocks.n : 1;
	for (size_t i = 0; i < nb; i++) {
		VEC_FREE(d->in[i]);
		if (d->marks)
			VEC_FREE(d->marks[i]);
	}
	free(d->in);
	free(d->marks);
	free(d->queued);
	free(d->cur);
	free(d->next);
	VEC_FREE(d->work);
	arena_release(&d->arena);
}

/*
 * df_add() with the states' hashes: eq and agree are asked only where the
 * hash (the kind) matches, which chooses what cfg_state_slot() would
 * (equal states have equal hashes, states that agree equal kinds).
 */
static void add_hashed(struct df *d, uint32_t blk, void *s)
{
	const struct df_ops *ops = d->ops;
	df_set *set = &d->in[blk];
	size_t n = set->n / ops->size;
	uint64_t *m = d->marks[blk].v;
	uint64_t h = ops->hash(s), k = ops->kind(s);
	for (size_t i = 0; i < n; i++)
		if (m[2 * i] == h && ops->eq(set->v + i * ops->size, s))
			return;
	((struct df_head *)s)->done = false;
	size_t same = 0, at = n;
	for (size_t i = 0; i < n; i++)
		if (m[2 * i + 1] == k && ops->agree(set->v + i * ops->size, s)) {
			same++;
			at = i;
		}
	if (same < ops->per_kind && n < ops->total) {
		VEC_GROW(*set, set->n + ops->size);
		memcpy(set->v + set->n, s, ops->size);
		set->n += ops->size;
		VEC_PUSH(d->marks[blk], h);
		VEC_PUSH(d->marks[blk], k);
	} else {
		at = at == n ? n - 1 : at;
		void *a = set->v + at * ops->size;
		if (!ops->join(a, s))
			return;
		((struct df_head *)a)->done = false;
		m[2 * at] = ops->hash(a);
		m[2 * at + 1] = ops->kind(a);
	}
	if (!d->queued[blk]) {
		d->queued[blk] = true;
		VEC_PUSH(d->work, blk);
	}
}

void df_add(struct df *d, uint32_t blk, void *s)
{
	const struct df_ops *ops = d->ops;
	if (ops->admit && !ops->admit(d->ctx, s))
		return;
	if (ops->hash) {
		add_hashed(d, blk, s);
		return;
	}
	df_set *set = &d->in[blk];
	size_t n = set->n / ops->size;
	for (size_t i = 0; i < n; i++)
		if (ops->eq(set->v + i * ops->size, s))
			return;
	((struct df_head *)s)->done = false;
	/* the bound is per kind of state (ops->agree): a join never mixes
	 * states that differ in more than their assumptions, so "on one path"
	 * never becomes "on all" */
	size_t at = cfg_state_slot(set->v, n, ops->size, s, ops->agree, ops->per_kind, ops->total);
	if (at == n) {
		VEC_GROW(*set, set->n + ops->size);
		memcpy(set->v + set->n, s, ops->size);
		set->n += ops->size;
	} else {
		void *a = set->v + at * ops->size;
		if (!ops->join(a, s))
			return;
		((struct df_head *)a)->done = false;
	}
	if (!d->queued[blk]) {
		d->queued[blk] = true;
		VEC_PUSH(d->work, blk);
	}
}

/*
 * Preprocessor conditions over the same names: `#if defined(A) ||
 * defined(B)` is true on a path that took `#ifdef A`, false where it took
 * both `#ifdef A` and `#ifdef B` false; `&&` likewise.  Only a plain
 * `||` or `&&` of `defined(N)` / `!defined(N)` terms is read.  Each term's
 * atom (its `#defined(N)` key), or -1 for a term the key does not hold.
 */
#define PP_TERMS 8
static int pp_terms(const struct cfg *g, const char *key, int32_t *atom, bool *neg, char *op)
{
	if (key[0] != '#' || !(strstr(key, "||") || strstr(key, "&&")))
		return 0;
	*op = strstr(key, "||") ? '|' : '&';
	if (strstr(key, *op == '|' ? "&&" : "||"))
		return 0;
	int n = 0;
	for (const char *p = key + 1; *p;) {
		const char *e = strstr(p, *op == '|' ? "||" : "&&");
		size_t len = e ? (size_t)(e - p) : strlen(p);
		bool nt = len > 0 && *p == '!';
		const char *q = p + nt;
		size_t ql = len - nt;
		if (n == PP_TERMS || ql < 10 || memcmp(q, "defined(", 8) || q[ql - 1] != ')')
			return 0;
		atom[n] = -1;
		for (size_t i = 0; i < g->atoms.n && atom[n] < 0; i++) {
			const char *k = g->atoms.v[i].key;
			if (g->atoms.v[i].fixed && k[0] == '#' && strlen(k + 1) == ql &&
			    !memcmp(k + 1, q, ql))
				atom[n] = (int32_t)i;
		}
		neg[n++] = nt;
		p = e ? e + 2 : p + len;
	}
	return n;
}

/* The value the terms' atoms decide for the compound atom, or -1. */
static int pp_implied(const struct cfg *g, const struct cfg_assumes *as, int atom)
{
	int32_t t[PP_TERMS];
	bool neg[PP_TERMS];
	char op;
	int n = pp_terms(g, g->atoms.v[atom].key, t, neg, &op);
	if (!n)
		return -1;
	int unknown = 0;
	for (int i = 0; i < n; i++) {
		int v = t[i] < 0 ? -1 : assumes_get(as, t[i]);
		if (v < 0) {
			unknown++;
			continue;
		}
		v ^= neg[i];
		if (op == '|' && v)
			return 1;
		if (op == '&' && !v)
			return 0;
	}
	return unknown ? -1 : op == '&';
}

/* After the compound atom took pol: the terms that decides (|| false:
 * each term false; && true: each true). */
static void pp_spread(const struct cfg *g, struct cfg_assumes *as, int atom, bool pol)
{
	int32_t t[PP_TERMS];
	bool neg[PP_TERMS];
	char op;
	int n = pp_terms(g, g->atoms.v[atom].key, t, neg, &op);
	if (!n || (op == '|') == pol)
		return;
	for (int i = 0; i < n; i++)
		if (t[i] >= 0 && assumes_get(as, t[i]) < 0)
			assumes_add(as, t[i], pol ^ neg[i]);
}

/* The edges out of b for the state in d->cur. */
static void take_edges(struct df *d, const struct cfg_block *b)
{
	const struct df_ops *ops = d->ops;
	for (size_t i = 0; i < b->succs.n; i++) {
		const struct cfg_edge *e = &b->succs.v[i];
		memcpy(d->next, d->cur, ops->size);
		struct df_head *h = (struct df_head *)d->next;
		if (ops->edge && !ops->edge(d->ctx, e, d->next))
			continue;
		if (e->atom >= 0) {
			int have = assumes_get(&h->as, e->atom);
			if (have < 0 && ops->implied)
				have = ops->implied(d->ctx, d->next, e->atom);
			bool pp = d->g->atoms.v[e->atom].fixed;
			if (have < 0 && pp)
				have = pp_implied(d->g, &h->as, e->atom);
			if (have < 0 && pp)
				have = assumes_kconfig(d->g, &h->as, e->atom);
			else if (have < 0)
				have = assumes_range(d->g, &h->as, e->atom);
			if (have >= 0 && have != e->polarity)
				continue;	/* contradicts a condition this path took */
			assumes_add(&h->as, e->atom, e->polarity);
			assumes_imply(d->g, &h->as, e->atom, e->polarity);
			if (pp)
				pp_spread(d->g, &h->as, e->atom, e->polarity);
		}
		if (ops->traced(d->next) && e->kind != E_NEXT && e->kind != E_LOOP && e->off)
			h->trace = df_step(d, h->trace, DF_STEP_EDGE, e->kind, e->off, e->label);
		df_add(d, e->to->id, d->next);
	}
}

static void transfer(struct df *d, const struct cfg_block *b)
{
	const struct df_ops *ops = d->ops;
	for (size_t i = 0; i < b->elems.n; i++)
		if (!ops->elem(d->ctx, &b->elems.v[i], d->cur))
			return;
	if (ops->branch)
		ops->branch(d->ctx, b, d->cur);
	take_edges(d, b);
}

bool df_run(struct df *d, const void *init)
{
	const struct df_ops *ops = d->ops;
	const struct cfg *g = d->g;
	if (g->entry) {
		memcpy(d->next, init, ops->size);
		df_add(d, g->entry->id, d->next);
	}
	while (d->work.n) {
		uint32_t b = d->work.v[--d->work.n];
		d->queued[b] = false;
		for (size_t i = 0; i < d->in[b].n / ops->size; i++) {
			struct df_head *h = (struct df_head *)(d->in[b].v + i * ops->size);
			if (h->done)
				continue;
			h->done = true;
			if (++d->transfers > d->budget) {
				d->budget_hit = true;
				return false;
			}
			if (d->deadline > 0 && !(d->transfers & 1023) && mono_seconds() > d->deadline) {
				d->budget_hit = d->time_hit = true;
				return false;
			}
			/* a copy: the block's set may grow while it is transferred */
			memcpy(d->cur, h, ops->size);
			transfer(d, g->blocks.v[b]);
		}
	}
	return true;
}

/* --- traces -------------------------------------------------------------- */

const struct df_trace *df_step(struct df *d, const struct df_trace *prev, uint8_t kind,
			       uint8_t edge_kind, uint32_t off, const char *text)
{
	if (prev && prev->len >= DF_MAX_TRACE)
		return prev;
	struct df_trace *t = arena_alloc(&d->arena, sizeof(*t));
	t->prev = prev;
	t->kind = kind;
	t->edge_kind = edge_kind;
	t->off = off;
	t->len = (uint16_t)(prev ? prev->len + 1 : 1);
	t->text = text;
	return t;
}

const struct df_trace *df_note(struct df *d, const struct df_trace *prev, uint8_t kind,
			       const char *file, struct pos at, const char *text)
{
	if (prev && prev->len >= DF_MAX_TRACE)
		return prev;
	struct df_trace *t = (struct df_trace *)df_step(d, prev, kind, 0, at.off, text);
	t->file = file;
	t->at = at;
	return t;
}

const struct df_trace **df_steps(const struct df_trace *tr, size_t *n)
{
	size_t k = 0;
	for (const struct df_trace *t = tr; t; t = t->prev)
		k++;
	const struct df_trace **v = xmalloc((k + 1) * sizeof(*v));
	*n = k;
	for (const struct df_trace *t = tr; t; t = t->prev)
		v[--k] = t;
	return v;
}

const char *df_text(struct df *d, TSNode n, size_t max)
{
	char *s = node_text_folded(n, d->g->text, max);
	const char *t = arena_strndup(&d->arena, s, strlen(s));
	free(s);
	return t;
}

/* --- shared by the transfer functions ------------------------------------- */

enum df_rc df_ret_class(TSNode n, const char *text)
{
	n = strip_parens(n);
	if (ts_node_is_null(n))
		return DF_RC_UNK;
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), text, "-"))
		return DF_RC_NEG;
	if (node_is(n, S_number_literal)) {	/* the grammar reads `-1` as one literal */
		if (text[ts_node_start_byte(n)] == '-')
			return DF_RC_NEG;
		return node_text_is(n, text, "0") ? DF_RC_ZERO : DF_RC_POS;
	}
	/* TRUE and FALSE: the boolean macros of vendor code, 1 and 0 */
	if (node_is(n, S_true) || (node_is(n, S_identifier) && node_text_is(n, text, "TRUE")))
		return DF_RC_POS;
	if (node_is(n, S_false) || node_is(n, S_null) ||
	    (node_is(n, S_identifier) && node_text_is(n, text, "FALSE")))
		return DF_RC_ZERO;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, text, &len);
		if (name_is(name, len, "PTR_ERR") || name_is(name, len, "ERR_PTR"))
			return DF_RC_NEG;
	}
	return DF_RC_UNK;
}

void df_params_init(struct df_params *p, TSNode fn, const char *text)
{
	p->n = function_params(fn, text, p->v, MAX_PARAMS);
	for (int i = 0; i < p->n; i++)
		if (!p->v[i].name)
			p->v[i].len = 0;
}

int df_param_index(const struct df_params *ps, const char *p, size_t len)
{
	/* (an unnamed parameter has len 0 and no name: nothing names it) */
	for (int i = 0; len && i < ps->n; i++)
		if (ps->v[i].len == len && !memcmp(ps->v[i].name, p, len))
			return i;
	return -1;
}

void df_assume_key(const struct cfg *g, struct cfg_assumes *as, const char *key, bool pol)
{
	for (size_t i = 0; i < g->atoms.n; i++)
		if (!g->atoms.v[i].fixed && !strcmp(g->atoms.v[i].key, key))
			assumes_add(as, (int)i, pol);
}

/* Is n all capitals, digits and underscores (an errno or constant macro)? */
static bool const_macro(TSNode n, const char *text)
{
	if (!node_is(n, S_identifier))
		return false;
	const char *p = node_ptr(n, text);
	for (size_t i = 0; i < node_len(n); i++)
		if (!((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9') || p[i] == '_'))
			return false;
	return true;
}

/*
 * The truth of an assigned value: literal_truth(), and the vendor spellings
 * `TRUE`/`FALSE` and `-ENOMEM` (minus a constant macro or a nonzero
 * number, never zero): `rc = -ENOMEM; goto out; … if (rc)` and
 * `err = TRUE; break; … if (err == TRUE)` take the arm they set; and an
 * object's address (`mcxt = &dev_cxt; … if (mcxt == NULL || ...)`), true.
 */
static int assigned_truth(TSNode n, const char *text)
{
	n = strip_parens(n);
	if (node_is(n, S_identifier) && node_text_is(n, text, "TRUE"))
		return 1;
	if (node_is(n, S_identifier) && node_text_is(n, text, "FALSE"))
		return 0;
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), text, "-")) {
		TSNode x = strip_parens(node_field(n, "argument"));
		if (const_macro(x, text) || literal_truth(x, text) == 1)
			return 1;
	}
	if (node_is(n, S_pointer_expression) && node_text_is(node_field(n, "operator"), text, "&"))
		return 1;
	return literal_truth(n, text);
}

/* Does the path assume the atom whose text is key (any of them) true? */
static bool assumed_true(const struct cfg *g, const struct cfg_assumes *as, const char *key)
{
	for (size_t i = 0; i < g->atoms.n; i++)
		if (!strcmp(g->atoms.v[i].key, key) && assumes_get(as, (int)i) == 1)
			return true;
	return false;
}

/* `err = PTR_ERR(p)` on a path that took `if (IS_ERR(p))` true: err is an
 * error, non-zero (1), else -1. */
static int ptr_err_truth(const struct cfg *g, const struct cfg_assumes *as, TSNode n,
			 const char *text)
{
	n = strip_parens(n);
	if (!node_is(n, S_call_expression) ||
	    !node_text_is(node_field(n, "function"), text, "PTR_ERR"))
		return -1;
	TSNode args = node_field(n, "arguments");
	if (ts_node_named_child_count(args) != 1)
		return -1;
	char *a = node_text_nospace(strip_parens(ts_node_named_child(args, 0)), text);
	char *k = xasprintf("IS_ERR(%s)", a);	/* (atoms drop likely()/unlikely()) */
	int t = assumed_true(g, as, k) ? 1 : -1;
	free(k);
	free(a);
	return t;
}

/*
 * `t = FROM_FILE;` (a constant in capitals, or a number): the tests of t
 * against a constant take the arm that value decides, `t == FROM_FILE`
 * true, `t == FROM_BLOB` false, `t != FROM_BLOB` true (goodix's
 * gt1x_update_prepare() raises where it sets update_type to
 * UPDATE_TYPE_FILE and restores where update_type is not
 * UPDATE_TYPE_HEADER).  Two constants of different names are taken for
 * different values.
 */
static void assume_equalities(const struct cfg *g, struct cfg_assumes *as, const char *k,
			      TSNode v, const char *text)
{
	size_t kl = strlen(k), vl = node_len(v);
	const char *vp = node_ptr(v, text);
	for (size_t i = 0; i < g->atoms.n; i++) {
		const char *a = g->atoms.v[i].key;
		size_t al = strlen(a);
		if (g->atoms.v[i].fixed || al < kl + 3)
			continue;
		/* `k==C`, `k!=C`, or `C==k`, `C!=k` */
		const char *c;
		size_t cl;
		bool eq;
		if (!memcmp(a, k, kl) && (a[kl] == '=' || a[kl] == '!') && a[kl + 1] == '=') {
			eq = a[kl] == '=';
			c = a + kl + 2;
			cl = al - kl - 2;
		} else if (!strcmp(a + al - kl, k) && al >= kl + 3 && a[al - kl - 1] == '=' &&
			   (a[al - kl - 2] == '=' || a[al - kl - 2] == '!')) {
			eq = a[al - kl - 2] == '=';
			c = a;
			cl = al - kl - 2;
		} else {
			continue;
		}
		bool cname = cl > 0 && !(c[0] >= '0' && c[0] <= '9');
		for (size_t j = 0; j < cl && cname; j++)
			cname = (c[j] >= 'A' && c[j] <= 'Z') || (c[j] >= '0' && c[j] <= '9') || c[j] == '_';
		bool cnum = cl > 0 && c[0] >= '0' && c[0] <= '9';
		if (!cname && !cnum)
			continue;
		bool same = cl == vl && !memcmp(c, vp, cl);
		/* a number and a name may be the same value: only same kinds */
		if (!same && cnum != node_is(v, S_number_literal))
			continue;
		assumes_add(as, (int)i, same == eq);
	}
}

void df_assume_literal(const struct cfg *g, struct cfg_assumes *as, const char *text, TSNode lhs,
		       TSNode rhs)
{
	TSNode v = ts_node_is_null(rhs) ? rhs : strip_parens(rhs);
	size_t nl;
	const char *name;
	if (ts_node_is_null(v) || ts_node_is_null(lhs) || !g->atoms.n) {
		/* (no test to decide) */
	} else if (const_macro(v, text) || node_is(v, S_number_literal)) {
		char *k = node_text_nospace(strip_parens(lhs), text);
		assume_equalities(g, as, k, v, text);
		free(k);
	} else if (node_is(v, S_call_expression) && (name = call_name(v, text, &nl)) &&
		   api_is(name, nl, A_NONNEG)) {
		/* `len = scnprintf(...)`: a length, so `len < 0` is false */
		char *k = node_text_nospace(strip_parens(lhs), text);
		char *lt = xasprintf("%s<0", k), *ge = xasprintf("%s>=0", k), *gt = xasprintf("0>%s", k);
		df_assume_key(g, as, lt, false);
		df_assume_key(g, as, gt, false);
		df_assume_key(g, as, ge, true);
		free(lt);
		free(ge);
		free(gt);
		free(k);
	}
	int truth = ts_node_is_null(rhs) || ts_node_is_null(lhs) ? -1 : assigned_truth(rhs, text);
	if (truth < 0 && !ts_node_is_null(lhs) && !ts_node_is_null(rhs))
		truth = ptr_err_truth(g, as, rhs, text);
	if (truth < 0)
		return;
	char *k = node_text_nospace(strip_parens(lhs), text);
	df_assume_key(g, as, k, truth == 1);
	/* a flag set to TRUE or FALSE (the grammar reads them as true and
	 * false), tested against them */
	if (node_text_is(v, text, "TRUE") || node_text_is(v, text, "FALSE")) {
		char *kt = xasprintf("%s==TRUE", k), *kf = xasprintf("%s==FALSE", k);
		df_assume_key(g, as, kt, truth == 1);
		df_assume_key(g, as, kf, truth == 0);
		free(kt);
		free(kf);
	}
	free(k);
}

char *df_written_key(TSNode lhs, const char *text)
{
	TSNode n = strip_parens(lhs);
	for (int guard = 0; guard < 64; guard++) {
		if (node_is(n, S_subscript_expression))
			n = strip_parens(ts_node_named_child(n, 0));
		else if (node_is(n, S_pointer_expression))
			n = strip_parens(node_field(n, "argument"));
		else
			break;
	}
	if (!node_is(n, S_identifier) && !node_is(n, S_field_expression))
		return NULL;
	return node_text_nospace(n, text);
}

/* --- the expression walk ------------------------------------------------ */

enum { EV_CALL, EV_ASSIGN, EV_UPDATE, EV_ADDRESS, EV_BARE_DECL };

/* One hook call of a walk: which hook, its nodes, and the walk's depth
 * (above the walk's start) when it was called. */
struct df_event {
	TSNode a, b;
	uint16_t depth;
	uint8_t kind;
	bool plain, decl;
};

/* A walk being recorded: its hook calls so far and the deepest it went. */
struct df_rec {
	VEC(struct df_event) ev;
	int start, deepest;
	bool cut;	/* the recursion guard stopped it: not kept */
};

/* A recorded walk: events first .. first + n of the memo's.  A node is
 * known by its id and where it starts: a small leaf's id is its data, not
 * a pointer, the same for two equal tokens. */
struct df_slot {
	const void *id;		/* the node's id; NULL: free */
	uint32_t at;		/* its first byte */
	uint32_t first, n;
	uint16_t deepest;	/* how deep it went, above its start */
	bool root;
};

struct df_memo {
	VEC(struct df_event) ev;
	struct df_slot *slot;
	size_t cap, used;
};

static size_t memo_hash(const void *id, uint32_t at, bool root)
{
	uint64_t h = ((uint64_t)(uintptr_t)id ^ ((uint64_t)at << 1 | root)) * 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 29);
}

static struct df_slot *memo_find(struct df_memo *m, const void *id, uint32_t at, bool root)
{
	if (!m->cap)
		return NULL;
	for (size_t i = memo_hash(id, at, root) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		struct df_slot *sl = &m->slot[i];
		if (!sl->id || (sl->id == id && sl->at == at && sl->root == root))
			return sl;
	}
}

static void memo_put(struct df_memo *m, const void *id, uint32_t at, bool root,
		     const struct df_rec *rec)
{
	if (2 * (m->used + 1) > m->cap) {
		struct df_memo old = *m;
		m->cap = m->cap ? 2 * m->cap : 64;
		m->slot = xcalloc(m->cap, sizeof(*m->slot));
		for (size_t i = 0; i < old.cap; i++)
			if (old.slot[i].id)
				*memo_find(m, old.slot[i].id, old.slot[i].at, old.slot[i].root) = old.slot[i];
		free(old.slot);
	}
	struct df_slot *sl = memo_find(m, id, at, root);
	*sl = (struct df_slot){ id, at, (uint32_t)m->ev.n, (uint32_t)rec->ev.n,
				(uint16_t)(rec->deepest - rec->start), root };
	m->used++;
	VEC_GROW(m->ev, m->ev.n + rec->ev.n);
	if (rec->ev.n)
		memcpy(m->ev.v + m->ev.n, rec->ev.v, rec->ev.n * sizeof(*rec->ev.v));
	m->ev.n += rec->ev.n;
}

void df_walker_release(struct df_walker *w)
{
	if (!w->memo)
		return;
	VEC_FREE(w->memo->ev);
	free(w->memo->slot);
	free(w->memo);
	w->memo = NULL;
}

/* Call a hook at the walk's depth, outside any recording (a walk the hook
 * starts is a walk from outside, remembered by its own node). */
static void call_hook(struct df_walker *w, void *s, const struct df_event *e)
{
	const struct df_walk_ops *ops = w->ops;
	struct df_rec *rec = w->rec;
	w->rec = NULL;
	switch (e->kind) {
	case EV_CALL:
		ops->call(w->ctx, s, e->a);
		break;
	case EV_ASSIGN:
		ops->assign(w->ctx, s, e->a, e->b, e->plain, e->decl);
		break;
	case EV_UPDATE:
		ops->update(w->ctx, s, e->a);
		break;
	case EV_ADDRESS:
		ops->address(w->ctx, s, e->a);
		break;
	default:
		ops->bare_decl(w->ctx, s, e->a);
		break;
	}
	w->rec = rec;
}

static void hook(struct df_walker *w, void *s, uint8_t kind, TSNode a, TSNode b, bool plain,
		 bool decl)
{
	struct df_event e = { a, b, 0, kind, plain, decl };
	if (w->rec) {
		e.depth = (uint16_t)(w->depth - w->rec->start);
		VEC_PUSH(w->rec->ev, e);
	}
	call_hook(w, s, &e);
}

static void walk(struct df_walker *w, void *s, TSNode n, bool root)
{
	if (ts_node_is_null(n))
		return;
	if (!root && cfg_is_lowered(w->g, n))
		return;
	if (++w->depth > 400) {
		w->depth--;
		if (w->rec)
			w->rec->cut = true;
		return;
	}
	if (w->rec && w->depth > w->rec->deepest)
		w->rec->deepest = w->depth;
	const struct df_walk_ops *ops = w->ops;
	TSNode none = { 0 };
	if (node_is(n, S_call_expression)) {
		walk(w, s, node_field(n, "arguments"), false);
		if (ops->call)
			hook(w, s, EV_CALL, n, none, false, false);
	} else if (node_is(n, S_assignment_expression) && !ops->assign) {
		walk(w, s, node_field(n, "left"), false);
		walk(w, s, node_field(n, "right"), false);
	} else if (node_is(n, S_init_declarator) && !ops->assign) {
		walk(w, s, node_field(n, "value"), false);
	} else if (node_is(n, S_update_expression) && !ops->update) {
		walk(w, s, node_field(n, "argument"), false);
	} else if (node_is(n, S_assignment_expression)) {
		hook(w, s, EV_ASSIGN, node_field(n, "left"), node_field(n, "right"),
		     node_text_is(node_field(n, "operator"), w->text, "="), false);
	} else if (node_is(n, S_init_declarator)) {
		hook(w, s, EV_ASSIGN, declarator_name(node_field(n, "declarator")),
		     node_field(n, "value"), true, true);
	} else if (node_is(n, S_update_expression)) {
		hook(w, s, EV_UPDATE, node_field(n, "argument"), none, false, false);
	} else if (node_is(n, S_pointer_expression) &&
		   node_text_is(node_field(n, "operator"), w->text, "&")) {
		/* what a call is given the address of, it may change */
		if (ops->address)
			hook(w, s, EV_ADDRESS, node_field(n, "argument"), none, false, false);
		walk(w, s, node_field(n, "argument"), false);
	} else if (node_is(n, S_declaration) && ops->bare_decl) {
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++) {
			TSNode ch = ts_node_named_child(n, i);
			if (node_is(ch, S_init_declarator))
				walk(w, s, ch, false);
			else if (node_is(ch, S_identifier))
				hook(w, s, EV_BARE_DECL, ch, none, false, false);
		}
	} else {
		struct kids k;
		kids_start(&k, n);
		for (TSNode ch; kids_next(&k, &ch);)
			walk(w, s, ch, false);
		kids_end(&k);
	}
	w->depth--;
}

void df_walk(struct df_walker *w, void *s, TSNode n, bool root)
{
	if (ts_node_is_null(n))
		return;
	if (!w->memo)
		w->memo = xcalloc(1, sizeof(*w->memo));
	uint32_t at = ts_node_start_byte(n);
	struct df_slot *sl = memo_find(w->memo, n.id, at, root);
	if (sl && sl->id && w->depth + sl->deepest <= 400) {
		/* (by index, from copies: a hook's own walk may grow the
		 * events and the slots) */
		int start = w->depth;
		uint32_t first = sl->first, nev = sl->n;
		for (uint32_t i = 0; i < nev; i++) {
			struct df_event e = w->memo->ev.v[first + i];
			w->depth = start + e.depth;
			call_hook(w, s, &e);
		}
		w->depth = start;
		return;
	}
	if (sl && sl->id) {	/* too deep to replay: walked as it comes */
		walk(w, s, n, root);
		return;
	}
	struct df_rec rec = { .start = w->depth, .deepest = w->depth };
	struct df_rec *outer = w->rec;
	w->rec = &rec;
	walk(w, s, n, root);
	w->rec = outer;
	if (!rec.cut)
		memo_put(w->memo, n.id, at, root, &rec);
	VEC_FREE(rec.ev);
}
