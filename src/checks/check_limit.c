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

#define MAX_VARS 8
#define MAX_STATES 24
#define MAX_BLOCK_STATES 384
#define MAX_TRACE 48

enum trace_kind { T_RAISE, T_SET, T_EDGE, T_NOTE };

struct trace {
	const struct trace *prev;
	uint32_t off;
	uint8_t kind;
	uint8_t edge_kind;
	uint16_t len;			/* steps up to here */
	const char *text;
	const char *file;		/* T_NOTE in another file, or NULL */
	struct pos at;			/* ... and where */
};

struct var {
	uint16_t key;			/* index into the lvalue table */
	lv_t val;			/* LV_* set */
};

struct state {
	lv_t limit;			/* LV_* set; 0: the path ended in a call that never returns */
	uint8_t nvars;
	bool done;			/* transferred since last change */
	uint32_t unsaved_raise;		/* 1 + offset of a raise without save, or 0 */
	uint32_t taint;			/* bit i: run.tainted[i] holds a user pointer now */
	uint32_t user_restore;		/* 1 + offset of a set_fs(USER_DS) while a saved limit waits, or 0 */
	const struct trace *ur_trace;	/* ... the path to it; not compared */
	uint16_t rc_key;		/* 1 + lvalue holding a callee's result whose sign decides */
	lv_t rc_neg, rc_nonneg;		/* ... the limit: when it is negative, when not */
	struct var vars[MAX_VARS];	/* sorted by key */
	struct cfg_assumes as;		/* branch assumptions */
	const struct trace *trace;	/* path since the window opened; not compared */
};

enum { RC_UNKNOWN, RC_NEG, RC_NONNEG };

struct exit_rec {
	uint32_t off;
	lv_t limit;
	uint8_t rclass;			/* RC_*: the sign of the value returned */
	const struct trace *trace;
	uint8_t nvars;
	struct var vars[MAX_VARS];
};

typedef VEC(const char *) name_list;

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
	/* for the summary */
	struct param params[MAX_PARAMS];
	int nparams;
	lv_t ret;
	int field_param;		/* LV_FIELD source: param index, or -1 */
	const char *field_suffix;
	uint32_t raise_off;		/* 1 + offset of the first raise here, or 0 */
	const char *raise_text;
	const char *raise_path;		/* ... or of a callee's raise */
	struct pos raise_at;
	uint8_t nwsink;
	struct wsink wsink[MAX_WSINKS];
	/* user-pointer taint: identifiers that hold user pointers, and
	 * identifiers of objects filled from user memory */
	name_list tainted;
	name_list filled;
	name_list loaded;		/* `x` of copy_from_user(&x, ...): x itself is user data */
	const uint32_t *taint_now;	/* the state's taint bits while judging, or NULL: any */
	uint32_t taint_init;		/* the sources' bits */
	const char *name;		/* the function's name, as long as summaries live */
	bool param_values;		/* value_of: a parameter stands for what the caller passed */
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

static int lval_key_str(struct run *r, char *k, bool create)
{
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

static int lval_key(struct run *r, TSNode n, bool create)
{
	n = strip_parens(n);
	if (!(node_is(n, S_identifier) || node_is(n, S_field_expression) ||
	      node_is(n, S_subscript_expression) || node_is(n, S_pointer_expression)))
		return -1;
	return lval_key_str(r, node_text_nospace(n, r->text), create);
}

/* The parameter named p[0..len), or -1. */
static int param_index(const struct run *r, const char *p, size_t len)
{
	for (int i = 0; i < r->nparams; i++)
		if (r->params[i].len == len && !memcmp(r->params[i].name, p, len))
			return i;
	return -1;
}

/* For an lvalue key `g->saved`: the parameter g is, and where "->saved" starts. */
static int param_root(const struct run *r, const char *key, const char **suffix)
{
	if (key[0] == '*') {
		/* `*old_fs = get_fs();` through a pointer parameter */
		int k = param_index(r, key + 1, strlen(key + 1));
		if (k >= 0)
			*suffix = "*";
		return k;
	}
	const char *arrow = strstr(key, "->");
	if (!arrow || arrow == key)
		return -1;
	int k = param_index(r, key, (size_t)(arrow - key));
	if (k >= 0)
		*suffix = arrow;
	return k;
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

static void var_set(struct state *s, int key, lv_t val)
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
	return assumes_get(&s->as, atom);
}

static void assume_add(struct state *s, int atom, bool pol)
{
	assumes_add(&s->as, atom, pol);
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
	assumes_kill(&s->as, r->ctx->g, p, len, deref_only);
}

static bool state_eq(const struct state *a, const struct state *b)
{
	return a->limit == b->limit && a->unsaved_raise == b->unsaved_raise && a->taint == b->taint &&
	       a->user_restore == b->user_restore && a->rc_key == b->rc_key &&
	       a->rc_neg == b->rc_neg && a->rc_nonneg == b->rc_nonneg &&
	       a->nvars == b->nvars && assumes_eq(&a->as, &b->as) &&
	       !memcmp(a->vars, b->vars, a->nvars * sizeof(struct var));
}

/* Do a and b differ at most in their branch assumptions? */
static bool same_values(const struct state *a, const struct state *b)
{
	return a->limit == b->limit && a->unsaved_raise == b->unsaved_raise && a->taint == b->taint &&
	       a->user_restore == b->user_restore && a->rc_key == b->rc_key &&
	       a->rc_neg == b->rc_neg && a->rc_nonneg == b->rc_nonneg && a->nvars == b->nvars &&
	       !memcmp(a->vars, b->vars, a->nvars * sizeof(struct var));
}

static bool same_values_v(const void *a, const void *b)
{
	return same_values(a, b);
}

/* Join b into a; returns true when a changed. */
static bool state_join(struct state *a, const struct state *b)
{
	struct state o = *a;
	a->limit |= b->limit;
	a->taint |= b->taint;
	if (a->rc_key != b->rc_key)
		a->rc_key = 0;
	a->rc_neg |= b->rc_neg;
	a->rc_nonneg |= b->rc_nonneg;
	if (!a->user_restore) {
		a->user_restore = b->user_restore;
		a->ur_trace = b->ur_trace;
	}
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
	assumes_meet(&a->as, &b->as);
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

/* A step in another file (inside a callee); text is kept as given. */
static const struct trace *push_note(struct run *r, const struct trace *prev, const char *file,
				     struct pos at, const char *text)
{
	if (prev && prev->len >= MAX_TRACE)
		return prev;
	struct trace *t = arena_alloc(&r->arena, sizeof(*t));
	t->prev = prev;
	t->kind = T_NOTE;
	t->len = (uint16_t)(prev ? prev->len + 1 : 1);
	t->text = text;
	t->file = file;
	t->at = at;
	t->off = at.off;
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

static bool already(struct run *r, int id, uint32_t off, const char *path)
{
	uint64_t k = ((uint64_t)id << 32) | off;
	k ^= path == r->ctx->path ? 0 : hash_bytes(path, strlen(path), 0) << 8;
	for (size_t i = 0; i < r->reported.n; i++)
		if (r->reported.v[i] == k)
			return true;
	VEC_PUSH(r->reported, k);
	return false;
}

/* A finding at `at` in file `path` (collected in `out`), with the path tr. */
static void report_in(struct run *r, enum check_id id, struct findings *out, const char *path,
		      struct pos at, const char *func, const struct trace *tr, char *msg,
		      const char *final_note)
{
	if (!r->ctx->report || already(r, id, at.off, path)) {
		free(msg);
		return;
	}
	const struct source *src = r->ctx->src;
	bool here = path == r->ctx->path;
	struct finding f = { .id = id, .at = at, .msg = msg, .func = xstrdup(func) };
	size_t n = 0;
	for (const struct trace *t = tr; t; t = t->prev)
		n++;
	const struct trace **v = xmalloc((n + 1) * sizeof(*v));
	size_t k = n;
	for (const struct trace *t = tr; t; t = t->prev)
		v[--k] = t;
	for (size_t i = 0; i < n; i++) {
		const struct trace *t = v[i];
		struct step s = { .at = t->kind == T_NOTE ? t->at : source_at(src, t->off) };
		if (t->kind == T_NOTE)
			s.file = t->file == path ? NULL : xstrdup(t->file);
		else if (!here)
			s.file = xstrdup(r->ctx->path);
		if (t->kind == T_RAISE)
			s.msg = xasprintf("address limit raised to KERNEL_DS by '%s'", t->text);
		else if (t->kind == T_SET)
			s.msg = xasprintf("address limit set by '%s'", t->text);
		else if (t->kind == T_NOTE)
			s.msg = xstrdup(t->text);
		else
			s.msg = edge_note(t->edge_kind, t->text);
		VEC_PUSH(f.steps, s);
	}
	free(v);
	if (final_note) {
		struct step s = { .at = f.at, .msg = xstrdup(final_note) };
		VEC_PUSH(f.steps, s);
	}
	findings_add(out, &f);
}

static void report(struct run *r, enum check_id id, uint32_t off, const struct trace *tr,
		   char *msg, const char *final_note)
{
	report_in(r, id, r->ctx->out, r->ctx->path, source_at(r->ctx->src, off), r->ctx->g->name,
		  tr, msg, final_note);
}

/* --- transfer ---------------------------------------------------------- */

/* The limit value an expression denotes, or -1 when it is not one. */
static size_t callees(struct run *r, TSNode call, const struct fn_summary **out, size_t max)
{
	const struct limit_env *env = r->ctx->env;
	if (!env)
		return 0;
	return env->callees(env->env, ts_node_start_byte(call), out, max);
}

static int value_of(struct run *r, const struct state *s, TSNode n);

/* The caller's lvalue for a callee's `param->suffix`, given the argument. */
static char *caller_key(struct run *r, TSNode arg, const char *suffix)
{
	arg = strip_parens(arg);
	char *a = node_text_nospace(arg, r->text);
	char *k;
	if (!strcmp(suffix, "*"))
		k = a[0] == '&' ? xstrdup(a + 1) : xasprintf("*%s", a);
	else if (a[0] == '&' && suffix[0] == '-')
		k = xasprintf("%s.%s", a + 1, suffix + 2);
	else
		k = xasprintf("%s%s", a, suffix);
	free(a);
	return k;
}

/* A callee's limit value, seen from the caller at `call` in state s. */
static lv_t translate(struct run *r, const struct state *s, lv_t val, TSNode call,
		      const struct fn_summary *sum)
{
	lv_t out = val & (LV_USER | LV_KERNEL | LV_OTHER);
	if (val & LV_ENTRY)
		out |= s->limit;
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	for (uint32_t k = 0; k < LV_PARAMS; k++) {
		if (!(val & (LV_P0 << k)))
			continue;
		bool pv = r->param_values;
		r->param_values = true;
		int v = k < nargs ? value_of(r, s, ts_node_named_child(args, k)) : -1;
		r->param_values = pv;
		out |= v < 0 ? LV_OTHER : (lv_t)v;
	}
	if ((val & LV_FIELD) && sum->field_suffix) {
		int v = -1;
		if (sum->field_param < nargs) {
			char *key = caller_key(r, ts_node_named_child(args, sum->field_param),
					       sum->field_suffix);
			const char *suffix;
			int root = param_root(r, key, &suffix);
			int id = lval_key_str(r, xstrdup(key), false);
			struct var *var = id >= 0 ? var_find((struct state *)s, id) : NULL;
			if (var) {
				v = var->val;
			} else if (root >= 0 && (r->field_param < 0 ||
						 (r->field_param == root &&
						  !strcmp(r->field_suffix, suffix)))) {
				/* our caller's object: pass the question on */
				r->field_param = root;
				r->field_suffix = arena_strndup(r->ctx->env->strings, suffix,
								strlen(suffix));
				v = LV_FIELD;
			}
			free(key);
		}
		out |= v < 0 ? LV_OTHER : (lv_t)v;
	}
	return out;
}

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
		const struct fn_summary *t[8];
		size_t nt = callees(r, n, t, 8);
		lv_t v = 0;
		for (size_t i = 0; i < nt; i++)
			if (t[i]->analysed && t[i]->ret)
				v |= translate(r, s, t[i]->ret, n, t[i]);
		return v ? v : -1;
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
	if (!r->param_values) {
		return -1;
	} else if (node_is(n, S_identifier)) {
		int k = param_index(r, node_ptr(n, text), node_len(n));
		if (k >= 0 && k < LV_PARAMS)
			return LV_P0 << k;
	} else if (node_is(n, S_field_expression) && r->ctx->env) {
		char *kt = node_text_nospace(n, text);
		const char *suffix;
		int k = param_root(r, kt, &suffix);
		int v = -1;
		if (k >= 0 && (r->field_param < 0 ||
			       (r->field_param == k && !strcmp(r->field_suffix, suffix)))) {
			r->field_param = k;
			r->field_suffix = arena_strndup(r->ctx->env->strings, suffix, strlen(suffix));
			v = LV_FIELD;
		}
		free(kt);
		return v;
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
	lv_t prev = s->limit;
	if (v < 0)
		v = LV_OTHER;
	if (v & LV_KERNEL) {
		if (prev != LV_KERNEL) {
			if ((prev & (LV_ENTRY | LV_USER)) && !any_var_has_entry(s) && !s->unsaved_raise)
				s->unsaved_raise = off + 1;
			if (!(prev & LV_KERNEL))
				s->trace = NULL;
			s->trace = push_trace(r, s->trace, T_RAISE, 0, off, arena_text(r, call, 60));
			if (!r->raise_off) {
				r->raise_off = off + 1;
				r->raise_text = s->trace->text;
			}
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
				/* judged at the exit: a later set_fs(saved) makes it a
				 * deliberate switch (core dumps check user ranges so) */
				s->user_restore = off + 1;
				s->ur_trace = push_trace(r, s->trace, T_SET, 0, off,
							 arena_text(r, call, 60));
			}
		}
	}
	if (!(v & LV_KERNEL)) {
		s->trace = NULL;
		s->unsaved_raise = 0;
	} else if (restore_var && (v & LV_ENTRY)) {
		s->unsaved_raise = 0;
	}
	if (restore_var && (v & LV_ENTRY))
		s->user_restore = 0;
	s->rc_key = 0;
	s->limit = (lv_t)v;
}

static void walk(struct run *r, struct state *s, TSNode n, bool root);

/* --- user-pointer taint ------------------------------------------------- */

static int list_index(const char *const *v, size_t n, const char *p, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(v[i]) == len && !memcmp(v[i], p, len))
			return (int)i;
	return -1;
}

static bool in_list(const char *const *v, size_t n, const char *p, size_t len)
{
	return list_index(v, n, p, len) >= 0;
}

/* The identifier an lvalue is rooted at (`req` for `req.sub.buf[2]`). */
static TSNode lvalue_root(TSNode n)
{
	for (int guard = 0; guard < 32; guard++) {
		n = strip_parens(n);
		if (node_is(n, S_field_expression))
			n = node_field(n, "argument");
		else if (node_is(n, S_subscript_expression))
			n = ts_node_named_child(n, 0);
		else
			break;
	}
	return n;
}

/* Does expression e carry a pointer user space chose? */
static bool carries(struct run *r, TSNode e, int depth)
{
	e = strip_parens(e);
	if (ts_node_is_null(e) || depth > 16)
		return false;
	if (node_is(e, S_identifier)) {
		int i = list_index(r->tainted.v, r->tainted.n, node_ptr(e, r->text), node_len(e));
		if (i < 0)	/* a pointer value copied in from user memory */
			return in_list(r->loaded.v, r->loaded.n, node_ptr(e, r->text), node_len(e));
		return !r->taint_now || (i < 32 && (*r->taint_now & (1u << i)));
	}
	if (node_is(e, S_field_expression) || node_is(e, S_subscript_expression)) {
		/* an address inside user memory: up->buf, up[i] */
		TSNode op = node_field(e, "operator");
		if (node_is(e, S_subscript_expression) || node_text_is(op, r->text, "->")) {
			TSNode b0 = node_is(e, S_field_expression) ? node_field(e, "argument")
								   : ts_node_named_child(e, 0);
			if (carries(r, b0, depth + 1))
				return true;
		}
		/* a value read out of an object filled from user memory */
		TSNode base = e;
		for (int guard = 0; guard < 16 && r->filled.n; guard++) {
			base = strip_parens(node_is(base, S_field_expression)
					    ? node_field(base, "argument")
					    : ts_node_named_child(base, 0));
			char *k = node_text_nospace(base, r->text);
			bool hit = in_list(r->filled.v, r->filled.n, k, strlen(k));
			free(k);
			if (hit)
				return true;
			if (!node_is(base, S_field_expression) && !node_is(base, S_subscript_expression))
				break;
		}
		return false;
	}
	if (node_is(e, S_pointer_expression)) {
		if (!node_text_is(node_field(e, "operator"), r->text, "&"))
			return false;
		TSNode a = strip_parens(node_field(e, "argument"));
		if (!node_is(a, S_field_expression) && !node_is(a, S_subscript_expression))
			return false;
		TSNode root = lvalue_root(a);
		return node_is(root, S_identifier) &&
		       in_list(r->tainted.v, r->tainted.n, node_ptr(root, r->text), node_len(root));
	}
	if (node_is(e, S_call_expression)) {
		size_t len;
		const char *name = call_name(e, r->text, &len);
		if (!(name_is(name, len, "compat_ptr") || name_is(name, len, "u64_to_user_ptr") ||
		      name_is(name, len, "untagged_addr")))
			return false;
		return carries(r, ts_node_named_child(node_field(e, "arguments"), 0), depth + 1);
	}
	if (node_is(e, S_binary_expression)) {
		TSNode op = node_field(e, "operator");
		if (!node_text_is(op, r->text, "+") && !node_text_is(op, r->text, "-"))
			return false;
		return carries(r, node_field(e, "left"), depth + 1) ||
		       carries(r, node_field(e, "right"), depth + 1);
	}
	if (node_is(e, S_conditional_expression))
		return carries(r, node_field(e, "consequence"), depth + 1) ||
		       carries(r, node_field(e, "alternative"), depth + 1);
	return false;
}

static void taint_add(struct run *r, name_list *v, TSNode id, bool *changed)
{
	if (!node_is(id, S_identifier) ||
	    in_list(v->v, v->n, node_ptr(id, r->text), node_len(id)))
		return;
	VEC_PUSH(*v, arena_strndup(&r->arena, node_ptr(id, r->text), node_len(id)));
	*changed = true;
}

/* The object `&x` or pointer `p` that copy_from_user fills: its fields are user values. */
static void filled_add(struct run *r, TSNode dst, bool *changed)
{
	dst = strip_parens(dst);
	bool obj = false;
	if (node_is(dst, S_pointer_expression) &&
	    node_text_is(node_field(dst, "operator"), r->text, "&")) {
		dst = strip_parens(node_field(dst, "argument"));
		obj = true;
	} else if (!node_is(dst, S_identifier) && !node_is(dst, S_field_expression)) {
		return;
	}
	char *k = node_text_nospace(dst, r->text);
	if (!in_list(r->filled.v, r->filled.n, k, strlen(k))) {
		VEC_PUSH(r->filled, arena_strndup(&r->arena, k, strlen(k)));
		*changed = true;
	}
	free(k);
	if (obj && node_is(dst, S_identifier) &&
	    !in_list(r->loaded.v, r->loaded.n, node_ptr(dst, r->text), node_len(dst))) {
		VEC_PUSH(r->loaded, arena_strndup(&r->arena, node_ptr(dst, r->text), node_len(dst)));
		*changed = true;
	}
}

static void taint_scan(struct run *r, TSNode n, bool *changed, int depth)
{
	if (ts_node_is_null(n) || depth > 400)
		return;
	if (node_is(n, S_init_declarator) || node_is(n, S_assignment_expression)) {
		TSNode lhs, rhs;
		if (node_is(n, S_init_declarator)) {
			lhs = declarator_name(node_field(n, "declarator"));
			rhs = node_field(n, "value");
		} else {
			lhs = strip_parens(node_field(n, "left"));
			rhs = node_field(n, "right");
		}
		if (!ts_node_is_null(rhs) && carries(r, rhs, 0))
			taint_add(r, &r->tainted, lhs, changed);
	} else if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, r->text, &len);
		TSNode args = node_field(n, "arguments");
		bool get = name_is(name, len, "get_user") || name_is(name, len, "__get_user");
		if ((get || name_is(name, len, "copy_from_user") ||
		     name_is(name, len, "__copy_from_user")) &&
		    ts_node_named_child_count(args) >= 2 &&
		    carries(r, ts_node_named_child(args, 1), 0)) {
			TSNode dst = strip_parens(ts_node_named_child(args, 0));
			if (get && node_is(dst, S_identifier))
				taint_add(r, &r->loaded, dst, changed);	/* get_user(p, &up->p) */
			else
				filled_add(r, dst, changed);
		}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		taint_scan(r, ts_node_named_child(n, i), changed, depth + 1);
}

/* Sources are the parameters ctx->user_params names; spread them flow-insensitively. */
static void taint_init(struct run *r)
{
	for (int i = 0; i < r->nparams && i < 32; i++)
		if ((r->ctx->user_params & (1u << i)) && r->params[i].len)
			VEC_PUSH(r->tainted, arena_strndup(&r->arena, r->params[i].name,
							   r->params[i].len));
	if (!r->tainted.n)
		return;
	r->taint_init = (uint32_t)((1ull << (r->tainted.n < 32 ? r->tainted.n : 32)) - 1);
	bool changed = true;
	for (int round = 0; round < 6 && changed; round++) {
		changed = false;
		taint_scan(r, node_field(r->ctx->g->fn, "body"), &changed, 0);
	}
}

/* --- calls --------------------------------------------------------------- */

static const struct call_fact *call_fact_at(struct run *r, uint32_t off)
{
	const struct fn_fact *f = r->ctx->fact;
	long i = f ? fn_call_at(f, off) : -1;
	return i < 0 ? NULL : &f->calls[i];
}

void wsinks_add(struct wsink *v, uint8_t *n, uint32_t params, const struct wsink *w)
{
	for (int k = 0; k < 32; k++) {
		if (!(params & (1u << k)))
			continue;
		bool dup = false;
		for (int i = 0; i < *n; i++)
			dup |= v[i].param == k && v[i].at.off == w->at.off && v[i].path == w->path;
		if (dup || *n == MAX_WSINKS)
			continue;
		v[*n] = *w;
		v[*n].param = (uint8_t)k;
		(*n)++;
	}
}

static void add_wsink(struct run *r, uint32_t params, const struct wsink *w)
{
	wsinks_add(r->wsink, &r->nwsink, params, w);
}

static const char *callee_text(const struct call_fact *cf, TSNode call, struct run *r)
{
	if (cf && cf->callee[0] != '.')
		return cf->callee;
	return arena_text(r, node_field(call, "function"), 40);
}

/* User pointers given to a uaccess routine, here or in a callee's window. */
static void check_user_ptrs(struct run *r, struct state *s, TSNode call,
			    const struct call_fact *cf, const struct fn_summary **t, size_t nt)
{
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	uint32_t sinkmask = cf ? sink_args(cf->callee, strlen(cf->callee), cf->fop) : 0;
	for (size_t i = 0; i < nt; i++)
		sinkmask |= t[i]->sinks;
	for (uint32_t i = 0; i < nargs && i < 32; i++) {
		TSNode a = ts_node_named_child(args, i);
		r->taint_now = &s->taint;
		bool taint = r->tainted.n && carries(r, a, 0);
		r->taint_now = NULL;
		uint32_t pm = cf && cf->argmask && i < cf->nargs && i < 64 ? cf->argmask[i] : 0;
		if ((s->limit & LV_KERNEL) && (sinkmask & (1u << i)) && (taint || pm)) {
			const char *what = callee_text(cf, call, r);
			if (taint) {
				char *at = node_text_folded(a, r->text, 40);
				const struct trace *tr = s->trace;
				for (size_t k = 0; k < nt && !(sink_args(cf ? cf->callee : NULL,
									cf ? strlen(cf->callee) : 0,
									cf && cf->fop) & (1u << i)); k++) {
					if (!(t[k]->sinks & (1u << i)) || !t[k]->sink_path)
						continue;
					char *note = xasprintf("'%s' passes it on to '%s'", t[k]->name,
							       t[k]->sink_what);
					tr = push_note(r, tr, t[k]->sink_path, t[k]->sink_at,
						       arena_strndup(&r->arena, note, strlen(note)));
					free(note);
					break;
				}
				report(r, C_USER_PTR_KERNEL_DS, ts_node_start_byte(call), tr,
				       xasprintf("user-controlled pointer '%s' reaches '%s' while the address limit may be KERNEL_DS",
						 at, what),
				       "access_ok() lets any address through while KERNEL_DS is in force");
				free(at);
			}
			if (pm && r->ctx->env) {
				struct wsink w = { .path = r->ctx->path, .out = r->ctx->out,
						   .at = source_at(r->ctx->src, ts_node_start_byte(call)),
						   .fn = r->name,
						   .what = arena_strndup(r->ctx->env->strings, what,
									 strlen(what)) };
				add_wsink(r, pm, &w);
			}
		}
		for (size_t k = 0; k < nt; k++) {
			for (int j = 0; j < t[k]->nwsink; j++) {
				const struct wsink *w = &t[k]->wsink[j];
				if (w->param != i)
					continue;
				if (taint) {
					char *at = node_text_folded(a, r->text, 40);
					char *note = xasprintf("'%s' passes the user-controlled pointer '%s' to '%s'",
							       r->ctx->g->name, at, t[k]->name);
					const struct trace *tr = push_note(
						r, NULL, r->ctx->path, source_at(r->ctx->src, ts_node_start_byte(call)),
						arena_strndup(&r->arena, note, strlen(note)));
					free(note);
					report_in(r, C_USER_PTR_KERNEL_DS, w->out, w->path, w->at, w->fn, tr,
						  xasprintf("user-controlled pointer '%s' from '%s' reaches '%s' while '%s' holds the address limit at KERNEL_DS",
							    at, r->ctx->g->name, w->what, w->fn),
						  "access_ok() lets any address through while KERNEL_DS is in force");
					free(at);
				}
				if (pm)
					add_wsink(r, pm, w);
			}
		}
	}
}

/* The lvalue a call's result lands in (`ret = f()`, `int ret = f()`), or the call itself. */
static int result_key(struct run *r, TSNode call)
{
	TSNode up = ts_node_parent(call);
	while (node_is(up, S_parenthesized_expression) || node_is(up, S_cast_expression))
		up = ts_node_parent(up);
	if (node_is(up, S_assignment_expression) &&
	    node_text_is(node_field(up, "operator"), r->text, "="))
		return lval_key(r, node_field(up, "left"), true);
	if (node_is(up, S_init_declarator)) {
		TSNode id = declarator_name(node_field(up, "declarator"));
		return ts_node_is_null(id) ? -1 : lval_key(r, id, true);
	}
	return lval_key_str(r, node_text_nospace(call, r->text), true);
}

/* A call of a function we have a summary for. */
static void apply_summaries(struct run *r, struct state *s, TSNode call,
			    const struct fn_summary **t, size_t nt)
{
	lv_t prev = s->limit, nl = 0;
	bool all_noreturn = true;
	const struct fn_summary *raiser = NULL;
	for (size_t i = 0; i < nt; i++) {
		if (!t[i]->analysed) {
			nl |= prev;
			all_noreturn = false;
			continue;
		}
		if (t[i]->noreturn)
			continue;
		all_noreturn = false;
		lv_t v = translate(r, s, t[i]->exit, call, t[i]);
		if ((v & LV_KERNEL) && !raiser)
			raiser = t[i];
		nl |= v;
	}
	uint32_t off = ts_node_start_byte(call);
	if (all_noreturn) {
		if (prev & LV_KERNEL)
			report(r, C_OOPS_IN_WINDOW, off, s->trace,
			       xasprintf("'%s' never returns and the address limit may still be KERNEL_DS here",
					 t[0]->name),
			       NULL);
		s->limit = 0;
		return;
	}
	/* limit values the callee stores through pointers it was given */
	if (nt == 1 && t[0]->analysed) {
		TSNode args = node_field(call, "arguments");
		uint32_t nargs = ts_node_named_child_count(args);
		for (int i = 0; i < t[0]->nstore; i++) {
			if (t[0]->store[i].param >= nargs)
				continue;
			lv_t v = translate(r, s, t[0]->store[i].val, call, t[0]);
			char *key = caller_key(r, ts_node_named_child(args, t[0]->store[i].param),
					       t[0]->store[i].suffix);
			int id = lval_key_str(r, key, true);
			if (id >= 0)
				var_set(s, id, v);
		}
	}
	if ((nl & LV_KERNEL) && prev != LV_KERNEL && raiser) {
		if (!(prev & LV_KERNEL))
			s->trace = NULL;
		s->trace = push_trace(r, s->trace, T_RAISE, 0, off, arena_text(r, call, 60));
		if (raiser->raise_path && raiser->raise_text) {
			char *note = xasprintf("'%s' raises it with '%s'", raiser->name, raiser->raise_text);
			s->trace = push_note(r, s->trace, raiser->raise_path, raiser->raise_at,
					     arena_strndup(&r->arena, note, strlen(note)));
			free(note);
		}
		if (!r->raise_off && !r->raise_path) {
			r->raise_path = raiser->raise_path;
			r->raise_at = raiser->raise_at;
			r->raise_text = raiser->raise_text;
		}
	} else if (!(nl & LV_KERNEL) && (prev & LV_KERNEL)) {
		s->trace = NULL;
		s->unsaved_raise = 0;
	}
	/* a callee that raises only on error returns: remember which sign
	 * of its result goes with which limit */
	s->rc_key = 0;
	if (nt == 1 && t[0]->analysed && t[0]->exit_neg != t[0]->exit_nonneg && nl != prev) {
		int key = result_key(r, call);
		if (key >= 0 && key < UINT16_MAX) {
			s->rc_key = (uint16_t)(key + 1);
			s->rc_neg = translate(r, s, t[0]->exit_neg, call, t[0]);
			s->rc_nonneg = translate(r, s, t[0]->exit_nonneg, call, t[0]);
		}
	}
	s->limit = nl;
}

static void on_call(struct run *r, struct state *s, TSNode call)
{
	size_t len;
	const char *name = call_name(call, r->text, &len);
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	/* the callee may write through any pointer it is given */
	for (uint32_t i = 0; i < nargs && s->as.n; i++) {
		TSNode a = strip_parens(ts_node_named_child(args, i));
		if (!node_is(a, S_identifier) && !node_is(a, S_field_expression))
			continue;
		char *k = node_text_nospace(a, r->text);
		size_t w = strlen(k);
		kill_key(r, s, k, w, true);
		free(k);
	}
	if (name_is(name, len, "set_fs") && nargs == 1) {
		TSNode a = ts_node_named_child(args, 0);
		r->param_values = true;
		int v = value_of(r, s, a);
		r->param_values = false;
		apply_set(r, s, v, call, lval_key(r, a, false) >= 0, true);
		return;
	} else if (name_is(name, len, "force_uaccess_begin")) {
		/* it returns the old limit for force_uaccess_end: nothing is lost */
		apply_set(r, s, LV_USER, call, false, false);
		return;
	} else if (name_is(name, len, "force_uaccess_end") && nargs == 1) {
		TSNode a = ts_node_named_child(args, 0);
		r->param_values = true;
		int v = value_of(r, s, a);
		r->param_values = false;
		apply_set(r, s, v, call, true, true);
		return;
	}
	const struct fn_summary *t[8];
	size_t nt = callees(r, call, t, 8);
	const struct call_fact *cf = call_fact_at(r, ts_node_start_byte(call));
	if (nargs && (r->tainted.n || (s->limit & LV_KERNEL) || nt))
		check_user_ptrs(r, s, call, cf, t, nt);
	if (nt)
		apply_summaries(r, s, call, t, nt);
}

/* 1 or 0 for a literal truth value (`1`, `true`, `0`, `NULL`), else -1. */
/* `flag = true` decides the later `if (flag)`: record it as taken. */
static void assume_from_literal(struct run *r, struct state *s, TSNode lhs, TSNode rhs)
{
	int truth = ts_node_is_null(rhs) ? -1 : literal_truth(rhs, r->text);
	if (truth < 0)
		return;
	char *k = node_text_nospace(strip_parens(lhs), r->text);
	const struct cfg *g = r->ctx->g;
	for (size_t i = 0; i < g->atoms.n; i++)
		if (!g->atoms.v[i].fixed && !strcmp(g->atoms.v[i].key, k))
			assume_add(s, (int)i, truth == 1);
	free(k);
}

/* `fp = filp_open(...)` is an error pointer or a file, never NULL: a later
 * `if (fp)` is taken. */
static void assume_not_null(struct run *r, struct state *s, TSNode lhs, TSNode rhs)
{
	static const char *const never_null[] = { "filp_open", "file_open_name", "open_exec" };
	rhs = strip_parens(rhs);
	size_t len;
	const char *name = node_is(rhs, S_call_expression) ? call_name(rhs, r->text, &len) : NULL;
	bool hit = false;
	for (size_t i = 0; name && i < ARRAY_SIZE(never_null); i++)
		hit |= name_is(name, len, never_null[i]);
	if (!hit)
		return;
	char *k = node_text_nospace(strip_parens(lhs), r->text);
	const struct cfg *g = r->ctx->g;
	for (size_t i = 0; i < g->atoms.n; i++)
		if (!g->atoms.v[i].fixed && !strcmp(g->atoms.v[i].key, k))
			assume_add(s, (int)i, true);
	free(k);
}

static void assign(struct run *r, struct state *s, TSNode lhs, TSNode rhs, bool plain)
{
	int v = plain && !ts_node_is_null(rhs) ? value_of(r, s, rhs) : -1;
	if (s->rc_key && lval_key(r, lhs, false) == s->rc_key - 1)
		s->rc_key = 0;
	TSNode id = strip_parens(lhs);
	int ti = r->tainted.n && node_is(id, S_identifier)
		 ? list_index(r->tainted.v, r->tainted.n, node_ptr(id, r->text), node_len(id)) : -1;
	if (ti >= 0 && ti < 32) {
		r->taint_now = &s->taint;
		bool c = !ts_node_is_null(rhs) && carries(r, rhs, 0);
		r->taint_now = NULL;
		s->taint = c ? s->taint | (1u << ti) : s->taint & ~(1u << ti);
	}
	if (!ts_node_is_null(rhs))
		walk(r, s, rhs, false);
	kill_root(r, s, lhs);
	if (plain)
		assume_from_literal(r, s, lhs, rhs);
	if (plain && !ts_node_is_null(rhs))
		assume_not_null(r, s, lhs, rhs);
	int key = lval_key(r, lhs, v >= 0);
	if (key < 0)
		return;
	if (v >= 0)
		var_set(s, key, (lv_t)v);
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

/* The sign of a returned expression: -EINVAL, -1, PTR_ERR(p) / 0, 1, true / unknown. */
static uint8_t ret_class(struct run *r, TSNode n)
{
	n = strip_parens(n);
	if (ts_node_is_null(n))
		return RC_UNKNOWN;
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), r->text, "-")) {
		TSNode a = strip_parens(node_field(n, "argument"));
		if (node_is(a, S_number_literal) || node_is(a, S_identifier))
			return RC_NEG;
		return RC_UNKNOWN;
	}
	if (node_is(n, S_number_literal))	/* the grammar reads `-1` as one literal */
		return r->text[ts_node_start_byte(n)] == '-' ? RC_NEG : RC_NONNEG;
	if (node_is(n, S_true) || node_is(n, S_false))
		return RC_NONNEG;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, r->text, &len);
		if (name_is(name, len, "PTR_ERR"))
			return RC_NEG;
	}
	return RC_UNKNOWN;
}

static void record_exit(struct run *r, const struct state *s, uint32_t off, uint8_t rclass)
{
	if (!s->limit)
		return;
	const char *saved;
	if (s->user_restore && (saved = var_holding_entry(r, s)))
		report(r, C_DS_NO_SAVE, s->user_restore - 1, s->ur_trace,
		       xasprintf("restores USER_DS instead of the saved limit '%s'", saved), NULL);
	for (size_t i = 0; i < r->exits.n; i++) {
		struct exit_rec *e = &r->exits.v[i];
		if (e->off == off && e->limit == s->limit && e->nvars == s->nvars && e->rclass == rclass &&
		    !memcmp(e->vars, s->vars, s->nvars * sizeof(struct var)))
			return;
	}
	struct exit_rec e = { off, s->limit, rclass, s->trace, s->nvars, {{0}} };
	memcpy(e.vars, s->vars, s->nvars * sizeof(struct var));
	VEC_PUSH(r->exits, e);
}

static void add_state(struct run *r, uint32_t blk, struct state *ns)
{
	if (!ns->limit)
		return;	/* the path ended in a call that never returns */
	if (!r->ctx->saw_kernel) {
		lv_t any = ns->limit | ns->rc_neg | ns->rc_nonneg;
		for (int i = 0; i < ns->nvars; i++)
			any |= ns->vars[i].val;
		r->ctx->saw_kernel = (any & LV_KERNEL) != 0;
	}
	typeof(r->in[0]) *set = &r->in[blk];
	for (size_t i = 0; i < set->n; i++)
		if (state_eq(&set->v[i], ns))
			return;
	ns->done = false;
	/* the bound is per limit/saved-values pair: a join never turns
	 * "raised on one path" into "raised here" (osi_rdwr's copy loop made 24
	 * states per point too few) */
	size_t at = cfg_state_slot(set->v, set->n, sizeof(set->v[0]), ns, same_values_v, MAX_STATES,
				   MAX_BLOCK_STATES);
	if (at == set->n) {
		VEC_PUSH(*set, *ns);
	} else {
		if (!state_join(&set->v[at], ns))
			return;
		set->v[at].done = false;
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

/* A number literal's value (decimal or hex), or -1 when it is not one. */
static long long literal_value(struct run *r, TSNode n)
{
	n = strip_parens(n);
	if (!node_is(n, S_number_literal) || node_len(n) > 20)
		return -1;
	char buf[24];
	memcpy(buf, node_ptr(n, r->text), node_len(n));
	buf[node_len(n)] = '\0';
	char *end;
	long long v = strtoll(buf, &end, 0);
	return end == buf ? -1 : v;
}

/*
 * A test of the sign of s->rc_key's value: `ret < 0`, `ret`, `!ret`,
 * `ret > 0`, `(ret = f()) < 0`, `f() == 0`...  Sets the RC_* class each
 * arm implies (RC_UNKNOWN: nothing); returns false when n is no such test.
 */
static bool sign_test(struct run *r, const struct state *s, TSNode n, uint8_t *on_true,
		      uint8_t *on_false)
{
	n = strip_parens(n);
	for (int guard = 0; guard < 4 && node_is(n, S_call_expression); guard++) {
		size_t len;
		const char *name = call_name(n, r->text, &len);
		if (!name_is(name, len, "likely") && !name_is(name, len, "unlikely"))
			break;
		n = strip_parens(ts_node_named_child(node_field(n, "arguments"), 0));
	}
	bool neg = false;
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), r->text, "!")) {
		neg = true;
		n = strip_parens(node_field(n, "argument"));
	}
	TSNode x = n, lit = {0};
	const char *op = NULL;
	if (node_is(n, S_binary_expression)) {
		static const char *const ops[] = { "<", "<=", ">", ">=", "==", "!=" };
		TSNode o = node_field(n, "operator");
		for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
			if (node_text_is(o, r->text, ops[i]))
				op = ops[i];
		if (!op)
			return false;
		x = strip_parens(node_field(n, "left"));
		lit = node_field(n, "right");
	}
	if (node_is(x, S_assignment_expression))
		x = node_field(x, "left");
	int key = node_is(x, S_call_expression)
		  ? lval_key_str(r, node_text_nospace(x, r->text), false) : lval_key(r, x, false);
	if (key < 0 || key != s->rc_key - 1)
		return false;
	uint8_t t = RC_UNKNOWN, f = RC_UNKNOWN;
	if (!op) {
		f = RC_NONNEG;		/* `ret` false: zero */
	} else {
		long long v = literal_value(r, lit);
		bool neglit = false;
		TSNode l = strip_parens(lit);
		if ((node_is(l, S_unary_expression) &&
		     node_text_is(node_field(l, "operator"), r->text, "-")) ||
		    (node_is(l, S_number_literal) && v < 0))
			neglit = true;
		if (!neglit && v < 0)
			return false;
		if (!strcmp(op, "<") && v == 0) {
			t = RC_NEG;
			f = RC_NONNEG;
		} else if (!strcmp(op, ">=") && v == 0) {
			t = RC_NONNEG;
			f = RC_NEG;
		} else if ((!strcmp(op, ">") && !neglit) || (!strcmp(op, ">=") && !neglit)) {
			t = RC_NONNEG;
		} else if (!strcmp(op, "<=") && v == 0) {
			f = RC_NONNEG;
		} else if (!strcmp(op, "==")) {
			t = neglit ? RC_NEG : RC_NONNEG;
		} else if (!strcmp(op, "!=")) {
			f = neglit ? RC_NEG : RC_NONNEG;
		} else {
			return false;
		}
	}
	*on_true = neg ? f : t;
	*on_false = neg ? t : f;
	return true;
}

/*
 * A NULL test of a tracked pointer: `p`, `!p`, `p == NULL`, `p != NULL`.
 * Returns its taint bit and sets *on_true when the true arm means NULL.
 */
static int null_test(struct run *r, TSNode n, bool *on_true)
{
	n = strip_parens(n);
	bool neg = false;
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), r->text, "!")) {
		neg = true;
		n = strip_parens(node_field(n, "argument"));
	} else if (node_is(n, S_binary_expression)) {
		TSNode op = node_field(n, "operator");
		bool eq = node_text_is(op, r->text, "==");
		if (!eq && !node_text_is(op, r->text, "!="))
			return -1;
		TSNode rhs = node_field(n, "right");
		if (literal_truth(rhs, r->text) != 0)
			return -1;
		neg = eq;
		n = strip_parens(node_field(n, "left"));
	}
	if (!node_is(n, S_identifier))
		return -1;
	int i = list_index(r->tainted.v, r->tainted.n, node_ptr(n, r->text), node_len(n));
	if (i < 0 || i >= 32)
		return -1;
	*on_true = neg;
	return i;
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
			if (!s.limit)
				return;
			break;
		case EL_RETURN: {
			TSNode val = ts_node_named_child(e->node, 0);
			int v = node_is(e->node, S_return_statement) && !ts_node_is_null(val)
				? value_of(r, &s, val) : -1;
			walk(r, &s, e->node, true);
			if (!s.limit)
				return;
			if (v > 0)
				r->ret |= (lv_t)v & (LV_ENTRY | LV_USER | LV_KERNEL);
			record_exit(r, &s, ts_node_start_byte(e->node),
				    node_is(e->node, S_return_statement) ? ret_class(r, val) : RC_UNKNOWN);
			return;
		}
		case EL_END:
			record_exit(r, &s, ts_node_start_byte(e->node), RC_UNKNOWN);
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
	int tested = 0, null_bit = -1;
	bool null_on_true = false, signed_test = false;
	uint8_t sign_true = RC_UNKNOWN, sign_false = RC_UNKNOWN;
	if (blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND) {
		TSNode c = blk->elems.v[blk->elems.n - 1].node;
		tested = limit_test(r, c);
		if (s.taint)
			null_bit = null_test(r, c, &null_on_true);
		if (s.rc_key)
			signed_test = sign_test(r, &s, c, &sign_true, &sign_false);
	}
	for (size_t i = 0; i < blk->succs.n; i++) {
		const struct cfg_edge *e = &blk->succs.v[i];
		struct state ns = s;
		if (tested && (e->kind == E_TRUE || e->kind == E_FALSE)) {
			/* the caller's value may be either, so ENTRY survives both arms */
			lv_t keep = e->kind == E_TRUE ? (lv_t)(tested | ~(LV_USER | LV_KERNEL))
						      : (lv_t)~tested;
			ns.limit &= keep;
			if (!ns.limit)
				continue;
		}
		/* the sign of a callee's result tells which of its limits we have */
		if (signed_test && (e->kind == E_TRUE || e->kind == E_FALSE)) {
			uint8_t c = e->kind == E_TRUE ? sign_true : sign_false;
			if (c != RC_UNKNOWN) {
				ns.limit = c == RC_NEG ? ns.rc_neg : ns.rc_nonneg;
				if (!ns.limit)
					continue;	/* no return of that sign */
				if (!(ns.limit & LV_KERNEL))
					ns.trace = NULL;
			}
		}
		/* a user pointer found NULL is harmless */
		if (null_bit >= 0 && ((e->kind == E_TRUE && null_on_true) ||
				      (e->kind == E_FALSE && !null_on_true)))
			ns.taint &= ~(1u << null_bit);
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

static void summarize(struct run *r, struct fn_summary *sum)
{
	const struct limit_ctx *ctx = r->ctx;
	struct arena *strings = ctx->env->strings;
	memset(sum, 0, sizeof(*sum));
	sum->name = r->name;
	sum->analysed = !ctx->budget_hit;
	if (!sum->analysed)
		return;
	sum->noreturn = r->exits.n == 0;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		sum->exit |= e->limit;
		if (e->rclass != RC_NONNEG)
			sum->exit_neg |= e->limit;
		if (e->rclass != RC_NEG)
			sum->exit_nonneg |= e->limit;
	}
	sum->ret = r->ret;
	/* limits left in the caller's objects: param->field at every exit */
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		for (int j = 0; j < e->nvars; j++) {
			const char *suffix;
			int k = param_root(r, r->lvals.v[e->vars[j].key], &suffix);
			if (k < 0)
				continue;
			int at = -1;
			for (int m = 0; m < sum->nstore; m++)
				if (sum->store[m].param == k && !strcmp(sum->store[m].suffix, suffix))
					at = m;
			if (at < 0) {
				if (sum->nstore == MAX_STORES)
					continue;
				at = sum->nstore++;
				sum->store[at].param = (uint8_t)k;
				sum->store[at].suffix = arena_strndup(strings, suffix, strlen(suffix));
				/* exits before this one did not store it */
				sum->store[at].val = i ? LV_OTHER : 0;
			}
			sum->store[at].val |= e->vars[j].val;
		}
		for (int m = 0; m < sum->nstore; m++) {
			bool here = false;
			for (int j = 0; j < e->nvars && !here; j++) {
				const char *suffix;
				int k = param_root(r, r->lvals.v[e->vars[j].key], &suffix);
				here = k == sum->store[m].param && !strcmp(sum->store[m].suffix, suffix);
			}
			if (!here)
				sum->store[m].val |= LV_OTHER;
		}
	}
	if (r->field_param >= 0) {
		sum->field_param = (uint8_t)r->field_param;
		sum->field_suffix = r->field_suffix;
	}
	if (r->raise_off) {
		sum->raise_path = ctx->path;
		sum->raise_at = source_at(ctx->src, r->raise_off - 1);
		sum->raise_text = arena_strndup(strings, r->raise_text, strlen(r->raise_text));
	} else if (r->raise_path) {
		sum->raise_path = r->raise_path;
		sum->raise_at = r->raise_at;
		sum->raise_text = r->raise_text;
	}
	sum->nwsink = r->nwsink;
	if (r->nwsink) {
		sum->wsink = arena_alloc(strings, MAX_WSINKS * sizeof(struct wsink));
		memcpy(sum->wsink, r->wsink, r->nwsink * sizeof(struct wsink));
	}
}

bool summary_eq(const struct fn_summary *a, const struct fn_summary *b)
{
	if (a->analysed != b->analysed || a->noreturn != b->noreturn || a->exit != b->exit ||
	    a->exit_neg != b->exit_neg || a->exit_nonneg != b->exit_nonneg ||
	    a->ret != b->ret || a->nstore != b->nstore || a->nwsink != b->nwsink ||
	    a->field_param != b->field_param || !a->field_suffix != !b->field_suffix ||
	    (a->field_suffix && strcmp(a->field_suffix, b->field_suffix)))
		return false;
	for (int i = 0; i < a->nstore; i++)
		if (a->store[i].param != b->store[i].param || a->store[i].val != b->store[i].val ||
		    strcmp(a->store[i].suffix, b->store[i].suffix))
			return false;
	for (int i = 0; i < a->nwsink; i++)
		if (a->wsink[i].param != b->wsink[i].param || a->wsink[i].at.off != b->wsink[i].at.off)
			return false;
	return true;
}

bool check_limit(struct limit_ctx *ctx)
{
	const struct cfg *g = ctx->g;
	struct run r = { .ctx = ctx, .text = g->text, .field_param = -1 };
	arena_init(&r.arena);
	r.nparams = function_params(g->fn, g->text, r.params, MAX_PARAMS);
	for (int i = 0; i < r.nparams; i++)
		if (!r.params[i].name)
			r.params[i].len = 0;
	r.name = ctx->env ? arena_strndup(ctx->env->strings, g->name, strlen(g->name)) : g->name;
	taint_init(&r);
	size_t nb = g->blocks.n;
	r.in = xcalloc(nb, sizeof(*r.in));
	r.queued = xcalloc(nb, sizeof(bool));
	struct state init = { .limit = LV_ENTRY, .taint = r.taint_init };
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
			if (ctx->deadline > 0 && !(r.transfers & 1023) &&
			    mono_seconds() > ctx->deadline) {
				ctx->budget_hit = ctx->time_hit = true;
				goto out;
			}
			transfer(&r, g->blocks.v[b], r.in[b].v[i]);
		}
	}
	judge_exits(&r);
out:
	if (ctx->sum && ctx->env)
		summarize(&r, ctx->sum);
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
	VEC_FREE(r.tainted);
	VEC_FREE(r.filled);
	VEC_FREE(r.loaded);
	arena_release(&r.arena);
	return !ctx->budget_hit;
}
