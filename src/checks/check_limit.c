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
#include "check_limit_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

bool limit_relevant(const char *text, size_t start, size_t end)
{
	return api_has_substr(text + start, end - start, SUB_LIMIT);
}

/* --- small helpers ----------------------------------------------------- */

/* For an lvalue key `g->saved`: the parameter g is, and where "->saved" starts. */
static int param_root(const struct run *r, const char *key, const char **suffix)
{
	if (key[0] == '*') {
		/* `*old_fs = get_fs();` through a pointer parameter */
		int k = df_param_index(&r->params, key + 1, strlen(key + 1));
		if (k >= 0)
			*suffix = "*";
		return k;
	}
	const char *arrow = strstr(key, "->");
	if (!arrow || arrow == key)
		return -1;
	int k = df_param_index(&r->params, key, (size_t)(arrow - key));
	if (k >= 0)
		*suffix = arrow;
	return k;
}

/* param_root, or STORE_GLOBAL for a global slot (the suffix is then the
 * whole key): where a summary's store lands in the caller. */
static int store_root(struct run *r, const char *key, const char **suffix)
{
	int k = param_root(r, key, suffix);
	if (k < 0 && r->ctx->env && limit_global_key(r, key)) {
		*suffix = key;
		k = STORE_GLOBAL;
	}
	return k;
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
	struct var *v = limit_var(s, key);
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
/*
 * Writing lvalue K invalidates a condition that reads K or something
 * reached through it (`bd = x` kills `bd->on`; `bd->len -= n` does not).
 * A write through a pointer or an index kills by its base.
 */
static void kill_root(struct run *r, struct state *s, TSNode lhs)
{
	char *k = df_written_key(lhs, r->text);
	if (k)
		assumes_kill(&s->h.as, r->ctx->g, k, strlen(k), false);
	free(k);
}

/* Do a and b differ at most in their branch assumptions?  (The states of
 * the driver's hooks are passed as void *.) */
static bool same_values(const void *av, const void *bv)
{
	const struct state *a = av, *b = bv;
	return a->limit == b->limit && a->unsaved_raise == b->unsaved_raise && a->taint == b->taint &&
	       a->user_restore == b->user_restore && a->rc_key == b->rc_key &&
	       a->rc_neg == b->rc_neg && a->rc_zero == b->rc_zero && a->rc_pos == b->rc_pos &&
	       a->rc_sum == b->rc_sum && a->rc_unnamed == b->rc_unnamed &&
	       !memcmp(a->rc_named, b->rc_named, sizeof(a->rc_named)) &&
	       a->nvars == b->nvars && a->forced == b->forced && a->errp == b->errp && a->checked == b->checked &&
	       !memcmp(a->vars, b->vars, a->nvars * sizeof(struct var));
}

static bool state_eq(const void *a, const void *b)
{
	return same_values(a, b) &&
	       assumes_eq(&((const struct state *)a)->h.as, &((const struct state *)b)->h.as);
}

/* Join b into a; returns true when a changed. */
static bool state_join(void *av, const void *bv)
{
	struct state *a = av;
	const struct state *b = bv;
	struct state o = *a;
	a->limit |= b->limit;
	a->taint |= b->taint;
	a->checked &= b->checked;
	if (a->rc_key != b->rc_key)
		a->rc_key = 0;
	a->rc_neg |= b->rc_neg;
	a->rc_zero |= b->rc_zero;
	a->rc_pos |= b->rc_pos;
	if (a->rc_sum != b->rc_sum)
		a->rc_sum = NULL;
	a->rc_unnamed |= b->rc_unnamed;
	for (int i = 0; i < MAX_RNAMES; i++)
		a->rc_named[i] |= b->rc_named[i];
	if (!a->user_restore) {
		a->user_restore = b->user_restore;
		a->ur_trace = b->ur_trace;
	}
	if (!a->unsaved_raise)
		a->unsaved_raise = b->unsaved_raise;
	if (!a->forced) {
		a->forced = b->forced;
		a->f_trace = b->f_trace;
	}
	a->errp |= b->errp;
	for (int i = 0; i < b->nvars; i++) {
		struct var *v = limit_var(a, b->vars[i].key);
		if (v)
			v->val |= b->vars[i].val;
		else
			var_set(a, b->vars[i].key, b->vars[i].val | LV_OTHER);
	}
	for (int i = 0; i < a->nvars; i++)
		if (!limit_var((struct state *)b, a->vars[i].key))
			a->vars[i].val |= LV_OTHER;
	assumes_meet(&a->h.as, &b->h.as);
	if (!a->h.trace || (b->h.trace && b->h.trace->len > a->h.trace->len))
		a->h.trace = b->h.trace ? b->h.trace : a->h.trace;
	return !state_eq(a, &o);
}

/* --- transfer ---------------------------------------------------------- */

/* The limit value an expression denotes, or -1 when it is not one. */
static size_t callees(struct run *r, TSNode call, const struct fn_summary **out, size_t max)
{
	const struct limit_env *env = r->ctx->env;
	if (!env)
		return 0;
	size_t n = env->callees(env->env, ts_node_start_byte(call), out, max);
	if (n && env->special)
		limit_specialize(r, call, out, n);
	return n;
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
		if (sum->field_param == STORE_GLOBAL) {
			/* what the global held: known here, or our caller's question */
			int id = lval_key_str(r, xstrdup(sum->field_suffix), false);
			struct var *var = id >= 0 ? limit_var((struct state *)s, id) : NULL;
			v = var ? var->val : limit_field_global(r, sum->field_suffix);
		} else if (sum->field_param < nargs) {
			char *key = caller_key(r, ts_node_named_child(args, sum->field_param),
					       sum->field_suffix);
			const char *suffix;
			int root = param_root(r, key, &suffix);
			int id = lval_key_str(r, xstrdup(key), false);
			struct var *var = id >= 0 ? limit_var((struct state *)s, id) : NULL;
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
		if (api_is(name, len, A_LIMIT_GET | A_LIMIT_FORCE_BEGIN))
			return s->limit;
		if (api_is(name, len, A_LIMIT_KERNEL))
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
		if (api_is(node_ptr(n, text), node_len(n), A_LIMIT_KERNEL))
			return LV_KERNEL;
		if (api_is(node_ptr(n, text), node_len(n), A_LIMIT_USER))
			return LV_USER;
	}
	int key = lval_key(r, n, false);
	if (key >= 0) {
		struct var *v = limit_var((struct state *)s, key);
		if (v)
			return v->val;
	}
	if (!r->param_values)
		return -1;
	int g = limit_global_value(r, n);
	if (g >= 0)
		return g;
	if (node_is(n, S_identifier)) {
		int k = df_param_index(&r->params, node_ptr(n, text), node_len(n));
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
				s->h.trace = NULL;
			s->h.trace = df_step(&r->d, s->h.trace, T_RAISE, 0, off, df_text(&r->d, call, 60));
			if (!r->raise_off) {
				r->raise_off = off + 1;
				r->raise_text = s->h.trace->text;
			}
		}
	} else if (prev & LV_KERNEL) {
		if (v == LV_USER && check_save) {
			const char *saved;
			if (s->unsaved_raise) {
				limit_report(r, C_DS_NO_SAVE, s->unsaved_raise - 1, NULL,
				       xstrdup("address limit raised without saving the previous value; "
					       "the later set_fs(USER_DS) assumes the caller ran with USER_DS"),
				       NULL);
			} else if ((saved = var_holding_entry(r, s))) {
				/* judged at the exit: a later set_fs(saved) makes it a
				 * deliberate switch (core dumps check user ranges so) */
				s->user_restore = off + 1;
				s->ur_trace = df_step(&r->d, s->h.trace, T_SET, 0, off,
							 df_text(&r->d, call, 60));
			}
		}
	}
	if (!(v & LV_KERNEL)) {
		s->h.trace = NULL;
		s->unsaved_raise = 0;
	} else if (restore_var && (v & LV_ENTRY)) {
		s->unsaved_raise = 0;
	}
	if (restore_var && (v & LV_ENTRY))
		s->user_restore = 0;
	s->rc_key = 0;
	s->rc_sum = NULL;
	s->forced = 0;
	s->limit = (lv_t)v;
}

/* --- calls --------------------------------------------------------------- */

static const struct call_fact *call_fact_at(struct run *r, uint32_t off)
{
	const struct fn_fact *f = r->ctx->fact;
	long i = f ? fn_call_at(f, off) : -1;
	return i < 0 ? NULL : &f->calls[i];
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
		lv_t ex = limit_restorer_exit(r, s, t[i]);
		lv_t v = translate(r, s, ex, call, t[i]);
		/* not one that only puts back the caller's limit (raised or
		 * not): the raise is before it */
		if ((v & LV_KERNEL) && !raiser &&
		    (translate(r, s, ex & (lv_t)~LV_ENTRY, call, t[i]) & LV_KERNEL))
			raiser = t[i];
		nl |= v;
	}
	uint32_t off = ts_node_start_byte(call);
	if (all_noreturn) {
		if ((prev & LV_KERNEL) && !limit_default_assert(r, call) &&
		    !api_is_str(t[0]->name, A_MACHINE_END))
			limit_report(r, C_OOPS_IN_WINDOW, off, s->h.trace,
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
			bool global = t[0]->store[i].param == STORE_GLOBAL;
			if (!global && t[0]->store[i].param >= nargs)
				continue;
			lv_t v = translate(r, s, t[0]->store[i].val, call, t[0]);
			char *key = global ? xstrdup(t[0]->store[i].suffix)
					   : caller_key(r, ts_node_named_child(args, t[0]->store[i].param),
							t[0]->store[i].suffix);
			int id = lval_key_str(r, key, true);
			if (id >= 0)
				var_set(s, id, v);
		}
	}
	if ((nl & LV_KERNEL) && prev != LV_KERNEL && raiser) {
		if (!(prev & LV_KERNEL))
			s->h.trace = NULL;
		s->h.trace = df_step(&r->d, s->h.trace, T_RAISE, 0, off, df_text(&r->d, call, 60));
		s->h.trace = df_step(&r->d, s->h.trace, T_CAUSE, 0, off,
				     arena_strndup(&r->d.arena, raiser->name, strlen(raiser->name)));
		if (raiser->raise_path && raiser->raise_text) {
			char *note = xasprintf("'%s' raises it with '%s'", raiser->name, raiser->raise_text);
			s->h.trace = df_note(&r->d, s->h.trace, T_NOTE, raiser->raise_path, raiser->raise_at,
					     arena_strndup(&r->d.arena, note, strlen(note)));
			free(note);
		}
		if (!r->raise_off && !r->raise_path) {
			r->raise_path = raiser->raise_path;
			r->raise_at = raiser->raise_at;
			r->raise_text = raiser->raise_text;
		}
	} else if (!(nl & LV_KERNEL) && (prev & LV_KERNEL)) {
		s->h.trace = NULL;
		s->unsaved_raise = 0;
	}
	if (nl != prev)
		s->forced = 0;	/* a helper ended the forced window (or set another limit) */
	/* a callee that raises only on error returns: remember which sign
	 * of its result goes with which limit */
	bool neutral = true;	/* leaves the limit as it found it on every path */
	for (size_t i = 0; i < nt; i++)
		neutral &= !t[i]->analysed || t[i]->noreturn ||
			   (t[i]->exit == LV_ENTRY && !t[i]->nstore);
	if (!neutral) {	/* what an earlier result's sign said stands otherwise */
		s->rc_key = 0;
		s->rc_sum = NULL;
	}
	if (nt == 1 && t[0]->analysed && nl != prev &&
	    (t[0]->exit_neg != t[0]->exit_zero || t[0]->exit_zero != t[0]->exit_pos ||
	     t[0]->nrname)) {
		int key = result_key(r, call);
		if (key >= 0 && key < UINT16_MAX) {
			s->rc_key = (uint16_t)(key + 1);
			s->rc_neg = translate(r, s, t[0]->exit_neg, call, t[0]);
			s->rc_zero = translate(r, s, t[0]->exit_zero, call, t[0]);
			s->rc_pos = translate(r, s, t[0]->exit_pos, call, t[0]);
			/* and which named constant (`return WLAN_STATUS_FAILURE;`) */
			memset(s->rc_named, 0, sizeof(s->rc_named));
			s->rc_unnamed = 0;
			if (t[0]->nrname) {
				s->rc_sum = t[0];
				for (int i = 0; i < t[0]->nrname; i++)
					s->rc_named[i] = translate(r, s, t[0]->rname[i].limit, call, t[0]);
				s->rc_unnamed = translate(r, s, t[0]->exit_unnamed, call, t[0]);
			}
		}
	}
	s->limit = nl;
}

/* A function we know nothing of is given the saved limit: it may be the
 * one that ends the forced window (a driver's restore helper in another
 * file), so the path is no longer known to leave it forced. */
static void forced_handed_on(struct run *r, struct state *s, TSNode args, uint32_t nargs)
{
	for (uint32_t i = 0; i < nargs; i++) {
		TSNode a = strip_parens(ts_node_named_child(args, i));
		if (node_is(a, S_pointer_expression))
			a = strip_parens(node_field(a, "argument"));
		int key = lval_key(r, a, false);
		if (key >= 0 && limit_var(s, key))
			s->forced = 0;
	}
}

static void on_call(struct run *r, struct state *s, TSNode call)
{
	size_t len;
	const char *name = call_name(call, r->text, &len);
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	/* the callee may write through any pointer it is given */
	for (uint32_t i = 0; i < nargs && s->h.as.n; i++) {
		TSNode a = strip_parens(ts_node_named_child(args, i));
		if (node_is(a, S_identifier) || node_is(a, S_field_expression))
			limit_call_kills(r, s, call, a);
	}
	const struct api *api = api_lookup(name, len);
	uint64_t roles = api ? api->roles : 0;
	if ((roles & A_LIMIT_SET) && nargs == 1) {
		TSNode a = ts_node_named_child(args, 0);
		r->param_values = true;
		int v = value_of(r, s, a);
		r->param_values = false;
		apply_set(r, s, v, call, lval_key(r, a, false) >= 0, true);
		return;
	} else if (roles & A_LIMIT_FORCE_BEGIN) {
		/* it returns the old limit for force_uaccess_end: nothing is lost,
		 * unless a path never hands it back (judge_exits) */
		apply_set(r, s, LV_USER, call, false, false);
		s->forced = ts_node_start_byte(call) + 1;
		s->f_trace = df_step(&r->d, NULL, T_SET, 0, s->forced - 1, df_text(&r->d, call, 60));
		return;
	} else if ((roles & A_LIMIT_FORCE_END) && nargs == 1) {
		TSNode a = ts_node_named_child(args, 0);
		r->param_values = true;
		int v = value_of(r, s, a);
		r->param_values = false;
		apply_set(r, s, v, call, true, true);
		return;
	}
	const struct fn_summary *t[8];
	size_t nt = callees(r, call, t, 8);
	if (!nt && (roles & A_EXEC))	/* an exec not in view */
		t[nt++] = limit_exec_summary();
	if (s->forced && !nt && !api)
		forced_handed_on(r, s, args, nargs);
	const struct call_fact *cf = call_fact_at(r, ts_node_start_byte(call));
	/* (a routine that raises the limit itself: a header's macro may name
	 * it, so the fact's callee, asked last) */
	if (nargs && (r->tainted.n || (s->limit & LV_KERNEL) || nt || (roles & A_KDS_ACCESS) ||
		      (cf && !cf->fop && api_is_str(cf->callee, A_KDS_ACCESS))))
		taint_check_call(r, s, call, cf, t, nt);
	if (nargs && (s->limit & LV_KERNEL)) {
		ufield_check_call(r, s, call, t, nt);
		if (r->ureg_bits && nt)
			uregs_check_call(r, s, call, t, nt);
	}
	if (nt)
		apply_summaries(r, s, call, t, nt);
}

/* `fp = filp_open(...)` is an error pointer or a file, never NULL: a later
 * `if (fp)` is taken. */
static void assume_not_null(struct run *r, struct state *s, TSNode lhs, TSNode rhs)
{
	if (!errp_opener(r, rhs))
		return;
	char *k = node_text_nospace(strip_parens(lhs), r->text);
	df_assume_key(r->ctx->g, &s->h.as, k, true);
	free(k);
}

/* The walk's hooks (dataflow.h): what a statement does to the limit. */
static void hook_call(void *ctx, void *s, TSNode call)
{
	on_call(ctx, s, call);
}

static void hook_assign(void *ctx, void *sv, TSNode lhs, TSNode rhs, bool plain, bool decl)
{
	struct run *r = ctx;
	struct state *s = sv;
	if (decl && ts_node_is_null(lhs))
		return;
	int v = plain && !ts_node_is_null(rhs) ? value_of(r, s, rhs) : -1;
	if (s->rc_key && lval_key(r, lhs, false) == s->rc_key - 1) {
		s->rc_key = 0;
		s->rc_sum = NULL;
	}
	taint_assign(r, s, lhs, rhs);
	if (!ts_node_is_null(rhs))
		df_walk(&r->w, s, rhs, false);
	errp_assign(r, s, lhs, rhs, plain);
	kill_root(r, s, lhs);
	if (plain)
		df_assume_literal(r->ctx->g, &s->h.as, r->text, lhs, rhs);
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

/* `x++`; and `T x;`, which forgets a shadowed saved value. */
static void hook_forget(void *ctx, void *s, TSNode lvalue)
{
	struct run *r = ctx;
	kill_root(r, s, lvalue);
	errp_forget(r, s, lvalue);
	int key = lval_key(r, lvalue, false);
	if (key >= 0)
		var_del(s, key);
}

static void hook_address(void *ctx, void *s, TSNode lvalue)
{
	kill_root(ctx, s, lvalue);
	errp_forget(ctx, s, lvalue);
}

static const struct df_walk_ops walk_ops = {
	.call = hook_call, .assign = hook_assign, .update = hook_forget,
	.address = hook_address, .bare_decl = hook_forget,
};

static void record_exit(struct run *r, const struct state *s, uint32_t off, uint8_t rclass,
			const char *rname, uint8_t rname_len)
{
	if (!s->limit)
		return;
	const char *saved;
	if (s->user_restore && (saved = var_holding_entry(r, s)))
		limit_report(r, C_DS_NO_SAVE, s->user_restore - 1, s->ur_trace,
		       xasprintf("restores USER_DS instead of the saved limit '%s'", saved), NULL);
	/* a clean exit: the pointer parameters its path tested NULL */
	uint32_t nullp = 0;
	for (int i = 0; !(s->limit & LV_KERNEL) && i < s->h.as.n; i++) {
		if (s->h.as.v[i].pol)
			continue;
		const char *k = r->ctx->g->atoms.v[s->h.as.v[i].atom].key;
		int p = df_param_index(&r->params, k, strlen(k));
		if (p >= 0 && p < 32)
			nullp |= 1u << p;
	}
	for (size_t i = 0; i < r->exits.n; i++) {
		struct exit_rec *e = &r->exits.v[i];
		if (e->off == off && e->limit == s->limit && e->nvars == s->nvars && e->rclass == rclass &&
		    e->rname == rname &&
		    e->forced == s->forced && e->null_params == nullp &&
		    !memcmp(e->vars, s->vars, s->nvars * sizeof(struct var)))
			return;
	}
	struct exit_rec e = { off, s->limit, rclass, rname, rname_len, s->forced, s->f_trace, s->h.trace,
			      nullp, s->nvars, {{0}} };
	memcpy(e.vars, s->vars, s->nvars * sizeof(struct var));
	VEC_PUSH(r->exits, e);
}

/* A state entering a block (the driver's admit hook). */
static bool admit(void *ctx, void *sv)
{
	struct run *r = ctx;
	const struct state *ns = sv;
	if (!ns->limit)
		return false;	/* the path ended in a call that never returns */
	if (!r->ctx->saw_kernel) {
		lv_t any = ns->limit | ns->rc_neg | ns->rc_zero | ns->rc_pos;
		for (int i = 0; i < ns->nvars; i++)
			any |= ns->vars[i].val;
		r->ctx->saw_kernel = (any & LV_KERNEL) != 0;
	}
	return true;
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
	if (api_is(name, len, A_LIMIT_IS_KERNEL))
		return LV_KERNEL;
	if (!api_is(name, len, A_LIMIT_COMPARE))
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
		if (api_is(cn, cn ? l2 : 0, A_LIMIT_GET)) {
			int v = value_of(r, &probe, other);
			if (v == LV_KERNEL || v == LV_USER)
				return v;
		}
	}
	return 0;
}

/*
 * `return f(x);` (or `return ret;` holding its result) where f's limit
 * goes with the sign of its result (a loader that leaks on `return 0`
 * only): one exit per sign, so that a
 * caller's test of this function's result tells the limits apart as it
 * would f's, instead of one exit where both are merged.
 */
static bool record_exits_by_sign(struct run *r, struct state *s, TSNode val, uint32_t off,
				 const char *rname, uint8_t rlen)
{
	TSNode c = strip_parens(val);	/* (and casts) */
	if (!s->rc_key)
		return false;
	if (node_is(c, S_call_expression)) {
		if (result_key(r, c) + 1 != s->rc_key)
			return false;
	} else if (!node_is(c, S_identifier) || lval_key(r, c, false) + 1 != s->rc_key) {
		return false;	/* `ret = f(x); ... return ret;` splits too */
	}
	static const uint8_t sign[3] = { RC_NEG, RC_ZERO, RC_POS };
	const lv_t lim[3] = { s->rc_neg, s->rc_zero, s->rc_pos };
	lv_t keep = s->limit;
	const struct df_trace *tr = s->h.trace;
	for (int i = 0; i < 3; i++) {
		s->limit = lim[i];
		s->h.trace = lim[i] & LV_KERNEL ? tr : NULL;
		record_exit(r, s, off, sign[i], rname, rlen);
	}
	s->limit = keep;
	s->h.trace = tr;
	return true;
}

/* The driver's hooks (dataflow.h): one element, the branch, an edge. */
static bool elem(void *ctx, const struct cfg_elem *e, void *sv)
{
	struct run *r = ctx;
	struct state *s = sv;
	switch (e->kind) {
	case EL_EXPR:
	case EL_DECL:
	case EL_COND:
		df_walk(&r->w, s, e->node, true);
		errp_elem(r, s, e->node, e->kind == EL_COND);
		return s->limit != 0;
	case EL_RETURN: {
		TSNode val = ts_node_named_child(e->node, 0);
		bool ret = node_is(e->node, S_return_statement);
		int v = ret && !ts_node_is_null(val) ? value_of(r, s, val) : -1;
		df_walk(&r->w, s, e->node, true);
		errp_elem(r, s, e->node, false);
		if (!s->limit)
			return false;
		if (v > 0)
			r->ret |= (lv_t)v & (LV_ENTRY | LV_USER | LV_KERNEL);
		uint8_t rc = RC_ANY, rlen = 0;
		const char *rname = ret ? limit_ret_name(r, val, &rlen) : NULL;
		if (ret) {
			enum df_rc c = df_ret_class(val, r->text);
			rc = c == DF_RC_NEG ? RC_NEG : c == DF_RC_ZERO ? RC_ZERO
			   : c == DF_RC_POS ? RC_POS
			   : rname && limit_const_class(r, rname, rlen) == RC_NEG ? RC_NEG
			   : limit_ret_class(r, s, val);
		}
		if (rc == RC_ANY && ret &&
		    record_exits_by_sign(r, s, val, ts_node_start_byte(e->node), rname, rlen))
			return false;
		record_exit(r, s, ts_node_start_byte(e->node), rc, rname, rlen);
		return false;
	}
	case EL_END: {
		/* a statement macro's hidden return, or the closing brace */
		uint8_t rc = RC_ANY, rlen = 0;
		const char *rname = NULL;
		if (node_is(e->node, S_call_expression))
			rc = limit_macro_return(r, e->node, &rname, &rlen);
		record_exit(r, s, ts_node_start_byte(e->node), rc, rname, rlen);
		return false;
	}
	case EL_NORETURN: {
		df_walk(&r->w, s, node_field(e->node, "arguments"), false);
		size_t len;
		const char *name = call_name(e->node, r->text, &len);
		/* (a restart or power-off: no task dies with the limit raised) */
		if ((s->limit & LV_KERNEL) && !limit_default_assert(r, e->node) &&
		    !(name && api_is(name, len, A_MACHINE_END))) {
			limit_report(r, C_OOPS_IN_WINDOW, ts_node_start_byte(e->node), s->h.trace,
				     xasprintf("'%.*s' never returns and the address limit may still be KERNEL_DS here",
					       (int)(name ? len : 4), name ? name : "call"),
				     NULL);
		}
		return false;
	}
	}
	return true;
}

static void branch(void *ctx, const struct cfg_block *blk, const void *sv)
{
	struct run *r = ctx;
	const struct state *s = sv;
	r->tested = 0;
	r->null_bit = r->range_param = r->range_taint = -1;
	r->null_on_true = r->signed_test = r->named_test = false;
	r->macro_sign = limit_macro_sign(r, s, blk);
	r->sign_true = r->sign_false = RC_ANY;
	r->umode_test = 0;
	if (blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND) {
		TSNode c = blk->elems.v[blk->elems.n - 1].node;
		if (s->taint & r->ureg_bits)
			r->umode_test = uregs_mode_test(r, c);
		r->tested = limit_test(r, c);
		if (s->taint)
			r->null_bit = taint_null_test(r, c, &r->null_on_true);
		taint_range_test(r, s, c);
		if (s->rc_key)
			r->signed_test = limit_sign_test(r, s, c, &r->sign_true, &r->sign_false);
		if (s->rc_key && s->rc_sum && !r->signed_test)
			r->named_test = limit_named_test(r, s, c, s->rc_key - 1);
	}
}

static bool edge(void *ctx, const struct cfg_edge *e, void *sv)
{
	struct run *r = ctx;
	struct state *ns = sv;
	if (r->tested && (e->kind == E_TRUE || e->kind == E_FALSE)) {
		/* the caller's value may be either, so ENTRY survives both arms */
		lv_t keep = e->kind == E_TRUE ? (lv_t)(r->tested | ~(LV_USER | LV_KERNEL))
					      : (lv_t)~r->tested;
		ns->limit &= keep;
		if (!ns->limit)
			return false;
	}
	/* the sign of a callee's result tells which of its limits we have
	 * (a statement macro's jump: its edges' CS_* signs are RC_* sets) */
	uint8_t c = RC_ANY;
	if (r->signed_test && (e->kind == E_TRUE || e->kind == E_FALSE))
		c = e->kind == E_TRUE ? r->sign_true : r->sign_false;
	else if (r->macro_sign && e->sign)
		c = e->sign;
	if (c != RC_ANY) {
		ns->limit = (c & RC_NEG ? ns->rc_neg : 0) | (c & RC_ZERO ? ns->rc_zero : 0) |
			    (c & RC_POS ? ns->rc_pos : 0);
		if (!ns->limit)
			return false;	/* no return of that sign */
		if (!(ns->limit & LV_KERNEL))
			ns->h.trace = NULL;
	}
	/* ... and so does the named constant it returned */
	if (r->named_test && (e->kind == E_TRUE || e->kind == E_FALSE)) {
		ns->limit = e->kind == E_TRUE ? r->named_true : r->named_false;
		if (!ns->limit)
			return false;
		if (!(ns->limit & LV_KERNEL))
			ns->h.trace = NULL;
	}
	/* registers found to come from kernel mode hold no user address */
	if (r->umode_test && (e->kind == E_TRUE || e->kind == E_FALSE) &&
	    (e->kind == E_TRUE) == (r->umode_test < 0))
		ns->taint &= ~(r->ureg_bits | r->ureg_derived);
	/* a user pointer found NULL is harmless */
	if (r->null_bit >= 0 && ((e->kind == E_TRUE && r->null_on_true) ||
				 (e->kind == E_FALSE && !r->null_on_true)))
		ns->taint &= ~(1u << r->null_bit);
	/* a parameter access_ok() passed under USER_DS points to user memory */
	if (r->range_param >= 0 && e->kind == (r->range_on_true ? E_TRUE : E_FALSE))
		ns->checked |= 1u << r->range_param;
	if (r->range_taint >= 0 && e->kind == (r->range_on_true ? E_TRUE : E_FALSE))
		ns->taint &= ~(1u << r->range_taint);
	return true;
}

/* A path is kept while the limit may be KERNEL_DS. */
static bool traced(const void *s)
{
	return (((const struct state *)s)->limit & LV_KERNEL) != 0;
}

/* the bound is per limit/saved-values pair: a join never turns "raised on
 * one path" into "raised here" (osi_rdwr's copy loop made 24 states per
 * point too few) */
static const struct df_ops limit_ops = {
	.size = sizeof(struct state), .per_kind = MAX_STATES, .total = MAX_BLOCK_STATES,
	.eq = state_eq, .agree = same_values, .join = state_join, .admit = admit,
	.elem = elem, .branch = branch, .edge = edge, .traced = traced,
};

/*
 * force_uaccess_begin() saves the caller's limit and forces USER_DS; a path
 * that returns without force_uaccess_end(saved) leaves the caller's limit
 * lost (a kernel thread's KERNEL_DS window stops working), while other
 * paths restore it: ds-unbalanced, as for set_fs().  It lowers the limit,
 * so an entry point that does it leaks nothing (no ds-leak).  When every
 * path leaves it forced, the function is a helper whose job it is.
 */
static void judge_forced(struct run *r)
{
	bool restored = false;
	for (size_t i = 0; i < r->exits.n; i++)
		restored |= !r->exits.v[i].forced && !(r->exits.v[i].limit & LV_KERNEL);
	if (!restored)
		return;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		if (!e->forced)
			continue;
		limit_report(r, C_DS_UNBALANCED, e->off, e->f_trace,
			     xasprintf("'%s' returns with the address limit still forced to USER_DS on this path "
				       "(force_uaccess_begin() without force_uaccess_end()) but restores the caller's limit on others",
				       r->ctx->g->name),
			     r->text[e->off] == '}' ? "falls off the end of the function with the caller's limit not restored"
						    : "returns with the caller's limit not restored");
	}
}

/*
 * The pointer parameters through which every raised exit hands a limit back
 * (`*oldfs = get_fs()`, `st->saved = ...`), as a bit set.  A clean exit
 * whose path found one of them NULL is an argument check, not a restore:
 * MediaTek's `fs_set(mm_segment_t *oldfs)` is `VOID_RETURN_IF(!oldfs);
 * *oldfs = get_fs(); set_fs(get_ds());`, a setter whose callers pass their
 * own variable, and fs_restore() its pair.
 */
static uint32_t saved_through_params(struct run *r)
{
	uint32_t all = UINT32_MAX;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		if (!(e->limit & LV_KERNEL))
			continue;
		uint32_t here = 0;
		for (int j = 0; j < e->nvars; j++) {
			const char *suffix;
			int k = param_root(r, r->lvals.v[e->vars[j].key], &suffix);
			if (k >= 0 && k < 32)
				here |= 1u << k;
		}
		all &= here;
	}
	return all;
}

static void judge_exits(struct run *r)
{
	const struct limit_ctx *ctx = r->ctx;
	bool clean = false, raised = false;
	for (size_t i = 0; i < r->exits.n; i++)
		raised |= (r->exits.v[i].limit & LV_KERNEL) != 0;
	if (!raised)
		return;
	uint32_t through = saved_through_params(r);
	for (size_t i = 0; i < r->exits.n; i++)
		clean |= !(r->exits.v[i].limit & LV_KERNEL) && !(r->exits.v[i].null_params & through);
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		if (!(e->limit & LV_KERNEL))
			continue;
		bool at_brace = r->text[e->off] == '}';
		if (ctx->entry_why) {
			limit_report(r, C_DS_LEAK, e->off, e->trace,
			       xasprintf("%s '%s' can return to user mode with the address limit raised (KERNEL_DS)",
					 ctx->entry_why, ctx->g->name),
			       at_brace ? "falls off the end of the function with KERNEL_DS in force"
					: "returns with KERNEL_DS in force");
		} else if (clean && !limit_exit_handed_over(r, e)) {
			limit_report(r, C_DS_UNBALANCED, e->off, e->trace,
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
		uint8_t rc = limit_exit_rclass(r, e);
		sum->exit |= e->limit;
		if (rc & RC_NEG)
			sum->exit_neg |= e->limit;
		if (rc & RC_ZERO)
			sum->exit_zero |= e->limit;
		if (rc & RC_POS)
			sum->exit_pos |= e->limit;
	}
	sum->ret = r->ret;
	limit_sum_names(r, sum, strings);
	/* limits left in the caller's objects: param->field at every exit */
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		for (int j = 0; j < e->nvars; j++) {
			const char *suffix;
			int k = store_root(r, r->lvals.v[e->vars[j].key], &suffix);
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
				int k = store_root(r, r->lvals.v[e->vars[j].key], &suffix);
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
	    a->exit_neg != b->exit_neg || a->exit_zero != b->exit_zero || a->exit_pos != b->exit_pos ||
	    a->ret != b->ret || a->nstore != b->nstore || a->nwsink != b->nwsink ||
	    a->nrname != b->nrname || a->exit_unnamed != b->exit_unnamed ||
	    a->field_param != b->field_param || !a->field_suffix != !b->field_suffix ||
	    (a->field_suffix && strcmp(a->field_suffix, b->field_suffix)))
		return false;
	for (int i = 0; i < a->nstore; i++)
		if (a->store[i].param != b->store[i].param || a->store[i].val != b->store[i].val ||
		    strcmp(a->store[i].suffix, b->store[i].suffix))
			return false;
	for (int i = 0; i < a->nrname; i++)
		if (a->rname[i].limit != b->rname[i].limit || strcmp(a->rname[i].name, b->rname[i].name))
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
	df_init(&r.d, g, &limit_ops, &r, ctx->budget, ctx->deadline);
	r.w = (struct df_walker){ .g = g, .text = g->text, .ops = &walk_ops, .ctx = &r };
	df_params_init(&r.params, g->fn, g->text);
	r.name = ctx->env ? arena_strndup(ctx->env->strings, g->name, strlen(g->name)) : g->name;
	taint_init(&r);
	struct state init = { .limit = LV_ENTRY, .taint = r.taint_init };
	limit_seed(&r, &init.h.as);
	if (df_run(&r.d, &init)) {
		judge_exits(&r);
		judge_forced(&r);
	}
	ctx->budget_hit = r.d.budget_hit;
	ctx->time_hit = r.d.time_hit;
	if (ctx->sum && ctx->env)
		summarize(&r, ctx->sum);
	for (size_t i = 0; i < r.lvals.n; i++)
		free(r.lvals.v[i]);
	VEC_FREE(r.lvals);
	VEC_FREE(r.exits);
	VEC_FREE(r.fw);
	VEC_FREE(r.reported);
	VEC_FREE(r.tainted);
	VEC_FREE(r.filled);
	VEC_FREE(r.loaded);
	VEC_FREE(r.errps);
	VEC_FREE(r.errp_from);
	df_walker_release(&r.w);
	ufield_release(&r);
	df_release(&r.d);
	return !ctx->budget_hit;
}
