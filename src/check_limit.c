// SPDX-License-Identifier: GPL-2.0
/*
 * Address-limit dataflow (see check_limit.h).
 *
 * The limit is a set of possible values {ENTRY, USER, KERNEL, OTHER}:
 * ENTRY is whatever the caller had, OTHER a value we cannot name (a
 * parameter, an untracked field).  Each program point keeps a bounded set
 * of states; a state also maps the lvalues that hold a saved limit
 * (`old_fs`, `ctx->saved_fs`) to their value and carries the branch
 * assumptions taken on the way, so a path that raised under `if (x)`
 * restores under the next `if (x)`.  When a point holds too many states
 * the newest two are joined (union of limits, intersection of
 * assumptions): precision is lost, a fault never is.
 */
#include "check_limit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LV_ENTRY = 1, LV_USER = 2, LV_KERNEL = 4, LV_OTHER = 8 };

#define MAX_VARS 8
#define MAX_ASSUME 24
#define MAX_STATES 24
#define MAX_TRACE 48

enum trace_kind { T_RAISE, T_SET, T_EDGE };

struct trace {
	const struct trace *prev;
	uint32_t off;
	uint8_t kind;
	uint8_t edge_kind;
	uint16_t len;			/* steps up to here */
	const char *text;
};

struct var {
	uint16_t key;			/* index into the lvalue table */
	uint8_t val;			/* LV_* set */
};

struct assume {
	uint16_t atom;
	uint8_t pol;
};

struct state {
	uint8_t limit;			/* LV_* set */
	uint8_t nvars;
	uint8_t nassume;
	bool done;			/* transferred since last change */
	uint32_t unsaved_raise;		/* 1 + offset of a raise without save, or 0 */
	struct var vars[MAX_VARS];	/* sorted by key */
	struct assume as[MAX_ASSUME];	/* sorted by atom */
	const struct trace *trace;	/* path since the window opened; not compared */
};

struct exit_rec {
	uint32_t off;
	uint8_t limit;
	const struct trace *trace;
};

struct run {
	struct limit_ctx *ctx;
	const char *text;
	struct arena arena;		/* traces */
	VEC(struct state) *in;		/* per block */
	VEC(uint32_t) work;
	bool *queued;
	VEC(char *) lvals;		/* interned lvalue keys */
	VEC(struct exit_rec) exits;
	size_t transfers;
	int depth;
	/* de-duplication of reports at one site */
	VEC(uint64_t) reported;
};

bool limit_relevant(const char *text, size_t start, size_t end)
{
	static const char *const needles[] = { "set_fs", "force_uaccess_" };
	for (size_t i = 0; i < ARRAY_SIZE(needles); i++)
		if (memmem(text + start, end - start, needles[i], strlen(needles[i])))
			return true;
	return false;
}

/* --- small helpers ----------------------------------------------------- */

static bool name_is(const char *p, size_t len, const char *s)
{
	return p && strlen(s) == len && memcmp(p, s, len) == 0;
}

static int lval_key(struct run *r, TSNode n, bool create)
{
	n = strip_parens(n);
	if (!(node_is(n, S_identifier) || node_is(n, S_field_expression) ||
	      node_is(n, S_subscript_expression) || node_is(n, S_pointer_expression)))
		return -1;
	char *k = node_text_nospace(n, r->text);
	for (size_t i = 0; i < r->lvals.n; i++) {
		if (!strcmp(r->lvals.v[i], k)) {
			free(k);
			return (int)i;
		}
	}
	if (!create || r->lvals.n >= UINT16_MAX) {
		free(k);
		return -1;
	}
	VEC_PUSH(r->lvals, k);
	return (int)(r->lvals.n - 1);
}

static struct var *var_find(struct state *s, int key)
{
	for (int i = 0; i < s->nvars; i++)
		if (s->vars[i].key == key)
			return &s->vars[i];
	return NULL;
}

static void var_del(struct state *s, int key)
{
	for (int i = 0; i < s->nvars; i++) {
		if (s->vars[i].key == key) {
			memmove(&s->vars[i], &s->vars[i + 1], (size_t)(s->nvars - i - 1) * sizeof(struct var));
			s->nvars--;
			return;
		}
	}
}

static void var_set(struct state *s, int key, uint8_t val)
{
	struct var *v = var_find(s, key);
	if (v) {
		v->val = val;
		return;
	}
	if (s->nvars == MAX_VARS)
		return;	/* too many saved limits: forget the new one */
	int i = s->nvars;
	while (i > 0 && s->vars[i - 1].key > key) {
		s->vars[i] = s->vars[i - 1];
		i--;
	}
	s->vars[i].key = (uint16_t)key;
	s->vars[i].val = val;
	s->nvars++;
}

static int assume_get(const struct state *s, int atom)
{
	for (int i = 0; i < s->nassume; i++)
		if (s->as[i].atom == atom)
			return s->as[i].pol;
	return -1;
}

static void assume_add(struct state *s, int atom, bool pol)
{
	if (assume_get(s, atom) >= 0)
		return;
	if (s->nassume == MAX_ASSUME) {
		/* forget the oldest-numbered atom: only precision is lost */
		memmove(&s->as[0], &s->as[1], (MAX_ASSUME - 1) * sizeof(struct assume));
		s->nassume--;
	}
	int i = s->nassume;
	while (i > 0 && s->as[i - 1].atom > atom) {
		s->as[i] = s->as[i - 1];
		i--;
	}
	s->as[i].atom = (uint16_t)atom;
	s->as[i].pol = pol;
	s->nassume++;
}

static void kill_key(struct run *r, struct state *s, const char *p, size_t len, bool deref_only);

/*
 * Writing lvalue K invalidates a condition that reads K or something
 * reached through it (`bd = x` kills `bd->on`; `bd->len -= n` does not).
 * A write through a pointer or an index kills by its base.
 */
static void kill_root(struct run *r, struct state *s, TSNode lhs)
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
		return;
	char *k = node_text_nospace(n, r->text);
	size_t w = strlen(k);
	kill_key(r, s, k, w, false);
	free(k);
}

/*
 * Kill the conditions that read key K or what is reached through it; with
 * deref_only, only what is reached through K as a pointer (`K->f`): a call
 * that is given K can change *K but not K itself.
 */
static void kill_key(struct run *r, struct state *s, const char *p, size_t len, bool deref_only)
{
	const struct cfg *g = r->ctx->g;
	for (int i = 0; i < s->nassume;) {
		const struct cfg_atom *a = &g->atoms.v[s->as[i].atom];
		bool hit = false;
		for (size_t j = 0; !a->fixed && j < a->nroots && !hit; j++) {
			const char *root = a->roots[j];
			if (strncmp(root, p, len))
				continue;
			if (deref_only)
				hit = root[len] == '-' && root[len + 1] == '>';
			else
				hit = root[len] == '\0' || root[len] == '-' || root[len] == '.' ||
				      root[len] == '[';
		}
		if (hit) {
			memmove(&s->as[i], &s->as[i + 1], (size_t)(s->nassume - i - 1) * sizeof(struct assume));
			s->nassume--;
		} else {
			i++;
		}
	}
}

static bool state_eq(const struct state *a, const struct state *b)
{
	return a->limit == b->limit && a->unsaved_raise == b->unsaved_raise &&
	       a->nvars == b->nvars && a->nassume == b->nassume &&
	       !memcmp(a->vars, b->vars, a->nvars * sizeof(struct var)) &&
	       !memcmp(a->as, b->as, a->nassume * sizeof(struct assume));
}

/* Join b into a; returns true when a changed. */
static bool state_join(struct state *a, const struct state *b)
{
	struct state o = *a;
	a->limit |= b->limit;
	if (!a->unsaved_raise)
		a->unsaved_raise = b->unsaved_raise;
	for (int i = 0; i < b->nvars; i++) {
		struct var *v = var_find(a, b->vars[i].key);
		if (v)
			v->val |= b->vars[i].val;
		else
			var_set(a, b->vars[i].key, b->vars[i].val | LV_OTHER);
	}
	for (int i = 0; i < a->nvars; i++)
		if (!var_find((struct state *)b, a->vars[i].key))
			a->vars[i].val |= LV_OTHER;
	for (int i = 0; i < a->nassume;) {
		if (assume_get(b, a->as[i].atom) != a->as[i].pol) {
			memmove(&a->as[i], &a->as[i + 1], (size_t)(a->nassume - i - 1) * sizeof(struct assume));
			a->nassume--;
		} else {
			i++;
		}
	}
	if (!a->trace || (b->trace && b->trace->len > a->trace->len))
		a->trace = b->trace ? b->trace : a->trace;
	return !state_eq(a, &o);
}

static const struct trace *push_trace(struct run *r, const struct trace *prev, uint8_t kind,
				      uint8_t edge_kind, uint32_t off, const char *text)
{
	if (prev && prev->len >= MAX_TRACE)
		return prev;
	struct trace *t = arena_alloc(&r->arena, sizeof(*t));
	t->prev = prev;
	t->kind = kind;
	t->edge_kind = edge_kind;
	t->off = off;
	t->len = (uint16_t)(prev ? prev->len + 1 : 1);
	t->text = text;
	return t;
}

static const char *arena_text(struct run *r, TSNode n, size_t max)
{
	char *s = node_text_folded(n, r->text, max);
	const char *t = arena_strndup(&r->arena, s, strlen(s));
	free(s);
	return t;
}

/* --- reporting --------------------------------------------------------- */

static struct pos pos_at(const struct source *src, uint32_t off)
{
	struct pos p = { .off = off };
	source_pos(src, off, &p.line, &p.col);
	p.col_cp = source_col_cp(src, off);
	return p;
}

static char *edge_note(uint8_t kind, const char *label)
{
	const char *l = label ? label : "";
	switch (kind) {
	case E_TRUE:
		return xasprintf("condition '%s' is true", l);
	case E_FALSE:
		return xasprintf("condition '%s' is false", l);
	case E_CASE:
		return xasprintf("taking 'case %s:'", l);
	case E_DEFAULT:
		return xstrdup("taking 'default:'");
	case E_NOCASE:
		return xasprintf("no case of 'switch (%s)' matches", l);
	case E_GOTO:
		return xasprintf("jumping to '%s'", l);
	case E_BREAK:
		return xstrdup("leaving by 'break'");
	case E_CONTINUE:
		return xstrdup("taking 'continue'");
	case E_FAULT:
		return xasprintf("a fault jumps to '%s'", l);
	case E_PP_TRUE:
		return xasprintf("preprocessor condition '%s' holds", l);
	case E_PP_FALSE:
		return xasprintf("preprocessor condition '%s' does not hold", l);
	default:
		return xstrdup("continuing");
	}
}

static bool already(struct run *r, int id, uint32_t off)
{
	uint64_t k = ((uint64_t)id << 32) | off;
	for (size_t i = 0; i < r->reported.n; i++)
		if (r->reported.v[i] == k)
			return true;
	VEC_PUSH(r->reported, k);
	return false;
}

static void report(struct run *r, enum check_id id, uint32_t off, const struct trace *tr,
		   char *msg, const char *final_note)
{
	if (already(r, id, off)) {
		free(msg);
		return;
	}
	const struct source *src = r->ctx->src;
	struct finding f = { .id = id, .at = pos_at(src, off), .msg = msg,
			     .func = xstrdup(r->ctx->g->name) };
	size_t n = 0;
	for (const struct trace *t = tr; t; t = t->prev)
		n++;
	const struct trace **v = xmalloc((n + 1) * sizeof(*v));
	size_t k = n;
	for (const struct trace *t = tr; t; t = t->prev)
		v[--k] = t;
	for (size_t i = 0; i < n; i++) {
		const struct trace *t = v[i];
		struct step s = { .at = pos_at(src, t->off) };
		if (t->kind == T_RAISE)
			s.msg = xasprintf("address limit raised to KERNEL_DS by '%s'", t->text);
		else if (t->kind == T_SET)
			s.msg = xasprintf("address limit set by '%s'", t->text);
		else
			s.msg = edge_note(t->edge_kind, t->text);
		VEC_PUSH(f.steps, s);
	}
	free(v);
	if (final_note) {
		struct step s = { .at = f.at, .msg = xstrdup(final_note) };
		VEC_PUSH(f.steps, s);
	}
	findings_add(r->ctx->out, &f);
}

/* --- transfer ---------------------------------------------------------- */

/* The limit value an expression denotes, or -1 when it is not one. */
static int value_of(struct run *r, const struct state *s, TSNode n)
{
	n = strip_parens(n);
	const char *text = r->text;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, text, &len);
		if (name_is(name, len, "get_fs") || name_is(name, len, "force_uaccess_begin"))
			return s->limit;
		if (name_is(name, len, "get_ds"))
			return LV_KERNEL;
		return -1;
	}
	if (node_is(n, S_identifier)) {
		if (node_text_is(n, text, "KERNEL_DS"))
			return LV_KERNEL;
		if (node_text_is(n, text, "USER_DS"))
			return LV_USER;
	}
	int key = lval_key(r, n, false);
	if (key >= 0) {
		struct var *v = var_find((struct state *)s, key);
		if (v)
			return v->val;
	}
	return -1;
}

static const char *var_holding_entry(struct run *r, const struct state *s)
{
	for (int i = 0; i < s->nvars; i++)
		if (s->vars[i].val == LV_ENTRY)
			return r->lvals.v[s->vars[i].key];
	return NULL;
}

static bool any_var_has_entry(const struct state *s)
{
	for (int i = 0; i < s->nvars; i++)
		if (s->vars[i].val & LV_ENTRY)
			return true;
	return false;
}

/* set_fs(v) and the calls that amount to it. */
static void apply_set(struct run *r, struct state *s, int v, TSNode call, bool restore_var,
		      bool check_save)
{
	uint32_t off = ts_node_start_byte(call);
	uint8_t prev = s->limit;
	if (v < 0)
		v = LV_OTHER;
	if (v & LV_KERNEL) {
		if (prev != LV_KERNEL) {
			if ((prev & (LV_ENTRY | LV_USER)) && !any_var_has_entry(s) && !s->unsaved_raise)
				s->unsaved_raise = off + 1;
			if (!(prev & LV_KERNEL))
				s->trace = NULL;
			s->trace = push_trace(r, s->trace, T_RAISE, 0, off, arena_text(r, call, 60));
		}
	} else if (prev & LV_KERNEL) {
		if (v == LV_USER && check_save) {
			const char *saved;
			if (s->unsaved_raise) {
				report(r, C_DS_NO_SAVE, s->unsaved_raise - 1, NULL,
				       xstrdup("address limit raised without saving the previous value; "
					       "the later set_fs(USER_DS) assumes the caller ran with USER_DS"),
				       NULL);
			} else if ((saved = var_holding_entry(r, s))) {
				const struct trace *t = push_trace(r, s->trace, T_SET, 0, off,
								   arena_text(r, call, 60));
				report(r, C_DS_NO_SAVE, off, t,
				       xasprintf("restores USER_DS instead of the saved limit '%s'", saved),
				       NULL);
			}
		}
	}
	if (!(v & LV_KERNEL)) {
		s->trace = NULL;
		s->unsaved_raise = 0;
	} else if (restore_var && (v & LV_ENTRY)) {
		s->unsaved_raise = 0;
	}
	s->limit = (uint8_t)v;
}

static void walk(struct run *r, struct state *s, TSNode n, bool root);

static void on_call(struct run *r, struct state *s, TSNode call)
{
	size_t len;
	const char *name = call_name(call, r->text, &len);
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	/* the callee may write through any pointer it is given */
	for (uint32_t i = 0; i < nargs && s->nassume; i++) {
		TSNode a = strip_parens(ts_node_named_child(args, i));
		if (!node_is(a, S_identifier) && !node_is(a, S_field_expression))
			continue;
		char *k = node_text_nospace(a, r->text);
		size_t w = strlen(k);
		kill_key(r, s, k, w, true);
		free(k);
	}
	if (!name)
		return;
	if (name_is(name, len, "set_fs") && nargs == 1) {
		TSNode a = ts_node_named_child(args, 0);
		int v = value_of(r, s, a);
		apply_set(r, s, v, call, lval_key(r, a, false) >= 0, true);
	} else if (name_is(name, len, "force_uaccess_begin")) {
		/* it returns the old limit for force_uaccess_end: nothing is lost */
		apply_set(r, s, LV_USER, call, false, false);
	} else if (name_is(name, len, "force_uaccess_end") && nargs == 1) {
		TSNode a = ts_node_named_child(args, 0);
		apply_set(r, s, value_of(r, s, a), call, true, true);
	}
}

/* 1 or 0 for a literal truth value (`1`, `true`, `0`, `NULL`), else -1. */
static int literal_truth(struct run *r, TSNode n)
{
	n = strip_parens(n);
	if (node_is(n, S_true))
		return 1;
	if (node_is(n, S_false) || node_is(n, S_null) ||
	    (node_is(n, S_identifier) && node_text_is(n, r->text, "NULL")))
		return 0;
	if (node_is(n, S_number_literal)) {
		const char *p = node_ptr(n, r->text);
		size_t len = node_len(n);
		for (size_t i = 0; i < len; i++) {
			if (p[i] >= '1' && p[i] <= '9')
				return 1;
			if (p[i] == '.' || p[i] == 'x' || p[i] == 'X')
				return -1;
		}
		return 0;
	}
	return -1;
}

/* `flag = true` decides the later `if (flag)`: record it as taken. */
static void assume_from_literal(struct run *r, struct state *s, TSNode lhs, TSNode rhs)
{
	int truth = ts_node_is_null(rhs) ? -1 : literal_truth(r, rhs);
	if (truth < 0)
		return;
	char *k = node_text_nospace(strip_parens(lhs), r->text);
	const struct cfg *g = r->ctx->g;
	for (size_t i = 0; i < g->atoms.n; i++)
		if (!g->atoms.v[i].fixed && !strcmp(g->atoms.v[i].key, k))
			assume_add(s, (int)i, truth == 1);
	free(k);
}

static void assign(struct run *r, struct state *s, TSNode lhs, TSNode rhs, bool plain)
{
	int v = plain && !ts_node_is_null(rhs) ? value_of(r, s, rhs) : -1;
	if (!ts_node_is_null(rhs))
		walk(r, s, rhs, false);
	kill_root(r, s, lhs);
	if (plain)
		assume_from_literal(r, s, lhs, rhs);
	int key = lval_key(r, lhs, v >= 0);
	if (key < 0)
		return;
	if (v >= 0)
		var_set(s, key, (uint8_t)v);
	else
		var_del(s, key);
}

static void walk(struct run *r, struct state *s, TSNode n, bool root)
{
	if (ts_node_is_null(n))
		return;
	if (!root && cfg_is_lowered(r->ctx->g, n))
		return;
	if (++r->depth > 400) {
		r->depth--;
		return;
	}
	if (node_is(n, S_call_expression)) {
		walk(r, s, node_field(n, "arguments"), false);
		on_call(r, s, n);
	} else if (node_is(n, S_assignment_expression)) {
		TSNode op = node_field(n, "operator");
		assign(r, s, node_field(n, "left"), node_field(n, "right"),
		       node_text_is(op, r->text, "="));
	} else if (node_is(n, S_init_declarator)) {
		TSNode name = declarator_name(node_field(n, "declarator"));
		if (!ts_node_is_null(name))
			assign(r, s, name, node_field(n, "value"), true);
	} else if (node_is(n, S_update_expression)) {
		TSNode a = node_field(n, "argument");
		kill_root(r, s, a);
		int key = lval_key(r, a, false);
		if (key >= 0)
			var_del(s, key);
	} else if (node_is(n, S_pointer_expression) &&
		   node_text_is(node_field(n, "operator"), r->text, "&")) {
		kill_root(r, s, node_field(n, "argument"));
		walk(r, s, node_field(n, "argument"), false);
	} else if (node_is(n, S_declaration)) {
		/* a declarator without initialiser forgets a shadowed saved value */
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++) {
			TSNode ch = ts_node_named_child(n, i);
			if (node_is(ch, S_init_declarator)) {
				walk(r, s, ch, false);
			} else if (node_is(ch, S_identifier)) {
				int key = lval_key(r, ch, false);
				if (key >= 0)
					var_del(s, key);
				kill_root(r, s, ch);
			}
		}
	} else {
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++)
			walk(r, s, ts_node_named_child(n, i), false);
	}
	r->depth--;
}

static void record_exit(struct run *r, const struct state *s, uint32_t off)
{
	for (size_t i = 0; i < r->exits.n; i++) {
		struct exit_rec *e = &r->exits.v[i];
		if (e->off == off && e->limit == s->limit)
			return;
	}
	struct exit_rec e = { off, s->limit, s->trace };
	VEC_PUSH(r->exits, e);
}

static void add_state(struct run *r, uint32_t blk, struct state *ns)
{
	typeof(r->in[0]) *set = &r->in[blk];
	for (size_t i = 0; i < set->n; i++)
		if (state_eq(&set->v[i], ns))
			return;
	ns->done = false;
	if (set->n < MAX_STATES) {
		VEC_PUSH(*set, *ns);
	} else if (state_join(&set->v[set->n - 1], ns)) {
		set->v[set->n - 1].done = false;
	} else {
		return;
	}
	if (!r->queued[blk]) {
		r->queued[blk] = true;
		VEC_PUSH(r->work, blk);
	}
}

/*
 * A test of the limit itself: uaccess_kernel(), segment_eq(get_fs(), X).
 * Returns the LV_* value the test is true for, or 0 when it is not one.
 */
static int limit_test(struct run *r, TSNode n)
{
	n = strip_parens(n);
	if (!node_is(n, S_call_expression))
		return 0;
	size_t len;
	const char *name = call_name(n, r->text, &len);
	if (name_is(name, len, "uaccess_kernel"))
		return LV_KERNEL;
	if (!name_is(name, len, "segment_eq"))
		return 0;
	TSNode args = node_field(n, "arguments");
	if (ts_node_named_child_count(args) != 2)
		return 0;
	TSNode a = strip_parens(ts_node_named_child(args, 0));
	TSNode b = strip_parens(ts_node_named_child(args, 1));
	struct state probe = { .limit = 0 };
	for (int k = 0; k < 2; k++) {
		TSNode cur = k ? b : a, other = k ? a : b;
		size_t l2;
		const char *cn = node_is(cur, S_call_expression) ? call_name(cur, r->text, &l2) : NULL;
		if (name_is(cn, cn ? l2 : 0, "get_fs")) {
			int v = value_of(r, &probe, other);
			if (v == LV_KERNEL || v == LV_USER)
				return v;
		}
	}
	return 0;
}

static void transfer(struct run *r, const struct cfg_block *blk, struct state s)
{
	const struct limit_ctx *ctx = r->ctx;
	for (size_t i = 0; i < blk->elems.n; i++) {
		const struct cfg_elem *e = &blk->elems.v[i];
		switch (e->kind) {
		case EL_EXPR:
		case EL_DECL:
		case EL_COND:
			walk(r, &s, e->node, true);
			break;
		case EL_RETURN:
			walk(r, &s, e->node, true);
			record_exit(r, &s, ts_node_start_byte(e->node));
			return;
		case EL_END:
			record_exit(r, &s, ts_node_start_byte(e->node));
			return;
		case EL_NORETURN:
			walk(r, &s, node_field(e->node, "arguments"), false);
			if (s.limit & LV_KERNEL) {
				size_t len;
				const char *name = call_name(e->node, r->text, &len);
				report(r, C_OOPS_IN_WINDOW, ts_node_start_byte(e->node), s.trace,
				       xasprintf("'%.*s' never returns and the address limit may still be KERNEL_DS here",
						 (int)(name ? len : 4), name ? name : "call"),
				       NULL);
			}
			return;
		}
	}
	int tested = 0;
	if (blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND)
		tested = limit_test(r, blk->elems.v[blk->elems.n - 1].node);
	for (size_t i = 0; i < blk->succs.n; i++) {
		const struct cfg_edge *e = &blk->succs.v[i];
		struct state ns = s;
		if (tested && (e->kind == E_TRUE || e->kind == E_FALSE)) {
			/* the caller's value may be either, so ENTRY survives both arms */
			uint8_t keep = e->kind == E_TRUE ? (uint8_t)(tested | LV_ENTRY | LV_OTHER)
							 : (uint8_t)~tested;
			ns.limit &= keep;
			if (!ns.limit)
				continue;
		}
		if (e->atom >= 0) {
			int have = assume_get(&ns, e->atom);
			if (have >= 0 && have != e->polarity)
				continue;	/* contradicts a condition this path took */
			assume_add(&ns, e->atom, e->polarity);
		}
		if ((ns.limit & LV_KERNEL) && e->kind != E_NEXT && e->kind != E_LOOP && e->off)
			ns.trace = push_trace(r, ns.trace, T_EDGE, e->kind, e->off, e->label);
		add_state(r, e->to->id, &ns);
	}
	(void)ctx;
}

static void judge_exits(struct run *r)
{
	const struct limit_ctx *ctx = r->ctx;
	bool clean = false, raised = false;
	for (size_t i = 0; i < r->exits.n; i++) {
		if (r->exits.v[i].limit & LV_KERNEL)
			raised = true;
		else
			clean = true;
	}
	if (!raised)
		return;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		if (!(e->limit & LV_KERNEL))
			continue;
		bool at_brace = r->text[e->off] == '}';
		if (ctx->entry_why) {
			report(r, C_DS_LEAK, e->off, e->trace,
			       xasprintf("%s '%s' can return to user mode with the address limit raised (KERNEL_DS)",
					 ctx->entry_why, ctx->g->name),
			       at_brace ? "falls off the end of the function with KERNEL_DS in force"
					: "returns with KERNEL_DS in force");
		} else if (clean) {
			report(r, C_DS_UNBALANCED, e->off, e->trace,
			       xasprintf("'%s' returns with the address limit raised on this path but restores it on others",
					 ctx->g->name),
			       at_brace ? "falls off the end of the function with KERNEL_DS in force"
					: "returns with KERNEL_DS in force");
		}
	}
}

bool check_limit(struct limit_ctx *ctx)
{
	const struct cfg *g = ctx->g;
	struct run r = { .ctx = ctx, .text = g->text };
	arena_init(&r.arena);
	size_t nb = g->blocks.n;
	r.in = xcalloc(nb, sizeof(*r.in));
	r.queued = xcalloc(nb, sizeof(bool));
	struct state init = { .limit = LV_ENTRY };
	add_state(&r, g->entry->id, &init);
	while (r.work.n) {
		uint32_t b = r.work.v[--r.work.n];
		r.queued[b] = false;
		for (size_t i = 0; i < r.in[b].n; i++) {
			if (r.in[b].v[i].done)
				continue;
			r.in[b].v[i].done = true;
			if (++r.transfers > ctx->budget) {
				ctx->budget_hit = true;
				goto out;
			}
			transfer(&r, g->blocks.v[b], r.in[b].v[i]);
		}
	}
	judge_exits(&r);
out:
	for (size_t i = 0; i < nb; i++)
		VEC_FREE(r.in[i]);
	free(r.in);
	free(r.queued);
	VEC_FREE(r.work);
	for (size_t i = 0; i < r.lvals.n; i++)
		free(r.lvals.v[i]);
	VEC_FREE(r.lvals);
	VEC_FREE(r.exits);
	VEC_FREE(r.reported);
	arena_release(&r.arena);
	return !ctx->budget_hit;
}
