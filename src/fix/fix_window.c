// SPDX-License-Identifier: GPL-2.0
/*
 * Finding a function's set_fs() windows (see fix_int.h): the raise
 * (set_fs(KERNEL_DS), force_uaccess_begin()), the restores, the saves of the
 * old limit and its declaration, other uses of the limit that keep the
 * window from being removed, and `if (uaccess_kernel())` tests that are
 * always false once the limit is gone.  Every kernel API name is asked of
 * the table (kernel/api.h): its roles say what a name does to the limit,
 * the syntax says how it is used (a word such as KERNEL_DS, a call without
 * arguments such as get_ds()).
 */
#include <stdlib.h>
#include <string.h>

#include "fix_int.h"

/* Is s[0, n) `NAME()`, a call without arguments of a name with one of the
 * roles (`get_ds()`, `get_fs()`, `uaccess_kernel()`)? */
static bool is_call0(const char *s, size_t n, uint64_t roles)
{
	return n > 2 && s[n - 2] == '(' && s[n - 1] == ')' && api_is(s, n - 2, roles);
}

/* The limit a value denotes as written: a name that denotes KERNEL_DS or
 * USER_DS (`KERNEL_DS`), or a call of one without arguments (`get_ds()`):
 * A_LIMIT_KERNEL or A_LIMIT_USER; 0 for anything else (a saved limit). */
static uint32_t limit_value(const char *s, size_t n)
{
	const struct api *a = api_lookup(s, n);
	if (a && (a->roles & (A_LIMIT_KERNEL | A_LIMIT_USER)))
		return a->roles & (A_LIMIT_KERNEL | A_LIMIT_USER);
	return is_call0(s, n, A_LIMIT_KERNEL) ? A_LIMIT_KERNEL : 0;
}

/* The same for a node, parentheses and casts around it aside. */
static uint32_t node_limit_value(TSNode n, const char *t)
{
	n = strip_parens(n);
	return limit_value(node_ptr(n, t), node_len(n));
}

/* Is `n` a call of a name with one of the roles?  Its argument, when it
 * has exactly one, goes to *arg (else a null node). */
static bool is_call1(TSNode n, const char *t, uint64_t roles, TSNode *arg)
{
	n = strip_parens(n);
	size_t len = 0;
	const char *cn = node_is(n, S_call_expression) ? call_name(n, t, &len) : NULL;
	if (!api_is(cn, len, roles))
		return false;
	TSNode args = node_field(n, "arguments");
	if (arg)
		*arg = ts_node_named_child_count(args) == 1 ? ts_node_named_child(args, 0) : (TSNode){0};
	return true;
}

/* `uaccess_kernel()`, `segment_eq(get_fs(), KERNEL_DS)` (either way round;
 * `get_ds()` as the second), `get_fs() == KERNEL_DS`, whatever the spaces:
 * always false once the limit is gone (5.10). */
static bool is_kernel_ds_test(TSNode c, const char *t)
{
	c = strip_parens(c);
	char *x = node_text_nospace(c, t);
	size_t n = strlen(x);
	const char *eq = strstr(x, "=="), *open = memchr(x, '(', n);
	const char *comma = open ? memchr(open, ',', n - (size_t)(open - x)) : NULL;
	bool yes;
	if (is_call0(x, n, A_LIMIT_IS_KERNEL)) {
		yes = true;
	} else if (eq) {
		yes = is_call0(x, (size_t)(eq - x), A_LIMIT_GET) &&
		      api_is(eq + 2, n - (size_t)(eq + 2 - x), A_LIMIT_KERNEL);
	} else if (comma && x[n - 1] == ')' && api_is(x, (size_t)(open - x), A_LIMIT_COMPARE)) {
		const char *a = open + 1, *b = comma + 1;
		size_t an = (size_t)(comma - a), bn = (size_t)(x + n - 1 - b);
		yes = (is_call0(a, an, A_LIMIT_GET) && limit_value(b, bn) == A_LIMIT_KERNEL) ||
		      (api_is(a, an, A_LIMIT_KERNEL) && is_call0(b, bn, A_LIMIT_GET));
	} else {
		yes = false;
	}
	free(x);
	return yes;
}

/* The window's parts; false: not below (a part is a statement). */
static bool collect(TSNode n, void *vctx)
{
	struct fn_fix *f = vctx;
	const char *t = f->t;
	if (node_is(n, S_if_statement) && ts_node_is_null(node_field(n, "alternative")) &&
	    is_kernel_ds_test(node_field(n, "condition"), t) && !fix_version_guarded(n, t)) {
		VEC_PUSH(f->tests, n);
		return false;
	}
	if (node_is(n, S_expression_statement)) {
		TSNode e = ts_node_named_child(n, 0);
		TSNode arg;
		if (is_call1(e, t, A_LIMIT_SET, &arg) && !ts_node_is_null(arg)) {
			uint32_t v = node_limit_value(arg, t);
			if (v == A_LIMIT_KERNEL)
				VEC_PUSH(f->raises, n);
			else if (v == A_LIMIT_USER ||
				 node_is(strip_parens(arg), S_identifier) ||
				 node_is(strip_parens(arg), S_field_expression))
				VEC_PUSH(f->restores, n);
			else
				fix_cannot(f, n, xstrdup("set_fs() to a value that is not a saved limit"));
			return false;
		}
		if (is_call1(e, t, A_LIMIT_FORCE_END, NULL)) {
			VEC_PUSH(f->restores, n);
			return false;
		}
		if (node_is(e, S_assignment_expression)) {
			TSNode r = node_field(e, "right");
			if (is_call1(r, t, A_LIMIT_GET | A_LIMIT_FORCE_BEGIN, NULL)) {
				VEC_PUSH(f->saves, n);
				if (is_call1(r, t, A_LIMIT_FORCE_BEGIN, NULL))
					VEC_PUSH(f->raises, n);
				return false;
			}
		}
	}
	if (node_is(n, S_declaration)) {
		TSNode type = node_field(n, "type");
		if (api_is(node_ptr(type, t), node_len(type), A_LIMIT_TYPE)) {
			VEC_PUSH(f->decls, n);
			uint32_t k = ts_node_named_child_count(n);
			for (uint32_t i = 0; i < k; i++) {
				TSNode d = ts_node_named_child(n, i);
				TSNode v = node_is(d, S_init_declarator) ? node_field(d, "value") : (TSNode){0};
				if (!ts_node_is_null(v) && is_call1(v, t, A_LIMIT_FORCE_BEGIN, NULL))
					VEC_PUSH(f->raises, n);
			}
			return false;
		}
	}
	if (node_is(n, S_call_expression)) {
		size_t len = 0;
		const char *cn = call_name(n, t, &len);
		if (api_is(cn, len, A_LIMIT_GET | A_LIMIT_IS_KERNEL | A_LIMIT_COMPARE))
			VEC_PUSH(f->uses, n);
	}
	return true;
}

/* Inside an arm of `#if LINUX_VERSION_CODE ...` (or of a configure probe such
 * as HAVE_KERNEL_WRITE or AFS_FILE_NEEDS_SET_FS): code for old kernels that
 * the driver already ported with #if (or a --compat rewrite). */
bool fix_version_guarded(TSNode n, const char *t)
{
	for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
		if (!(node_is(p, S_preproc_if) || node_is(p, S_preproc_elif)))
			continue;
		TSNode c = node_field(p, "condition");
		if (!ts_node_is_null(c) && (memmem(node_ptr(c, t), node_len(c), "LINUX_VERSION_CODE", 18) ||
					    memmem(node_ptr(c, t), node_len(c), "SET_FS", 6) ||
					    memmem(node_ptr(c, t), node_len(c), "HAVE_", 5))) {
			/* in the arm itself, not in its #else */
			TSNode alt = node_field(p, "alternative");
			if (ts_node_is_null(alt) || ts_node_start_byte(n) < ts_node_start_byte(alt))
				return true;
		}
	}
	return false;
}

char *fix_saved_var(const struct fn_fix *f, TSNode st)
{
	if (node_is(st, S_expression_statement)) {
		TSNode l = node_field(ts_node_named_child(st, 0), "left");
		return fix_raw_of(f, l);
	}
	uint32_t k = ts_node_named_child_count(st);
	for (uint32_t i = 0; i < k; i++) {
		TSNode d = ts_node_named_child(st, i);
		if (node_is(d, S_init_declarator))
			return fix_raw_of(f, node_field(d, "declarator"));
	}
	return NULL;
}

/* A use of the saved variable outside its saves, declarations and restores. */
struct var_ctx {
	struct fn_fix *f;
	TSNode other;
};

static bool listed(TSNode n, const TSNode *v, size_t k)
{
	for (size_t i = 0; i < k; i++)
		if (ts_node_eq(n, v[i]))
			return true;
	return false;
}

static bool scan_var(TSNode n, void *vctx)
{
	struct var_ctx *c = vctx;
	struct fn_fix *f = c->f;
	if (!ts_node_is_null(c->other))
		return false;
	if (listed(n, f->saves.v, f->saves.n) || listed(n, f->decls.v, f->decls.n) ||
	    listed(n, f->restores.v, f->restores.n) || listed(n, f->raises.v, f->raises.n))
		return false;
	if (node_is(n, S_identifier) && node_text_is(n, f->t, f->var))
		c->other = n;
	return true;
}

TSNode fix_window_var_use(struct fn_fix *f)
{
	struct var_ctx vc = { .f = f };
	node_walk(f->body, scan_var, &vc);
	return vc.other;
}

void fix_window_find(struct fn_fix *f)
{
	node_walk(f->body, collect, f);
}

void fix_window_lowering(struct fn_fix *f)
{
	if (!f->raises.n && f->restores.n > 1 && f->saves.n + f->decls.n &&
	    memmem(node_ptr(f->body, f->t), node_len(f->body), "use_mm(", 7)) {
		/* `old = get_fs(); set_fs(USER_DS); use_mm(mm); ... set_fs(old);` */
		TSNode arg = ts_node_named_child(ts_node_named_child(ts_node_named_child(f->restores.v[0], 0), 1), 0);
		arg = strip_parens(arg);
		if (api_is(node_ptr(arg, f->t), node_len(arg), A_LIMIT_USER)) {
			VEC_PUSH(f->raises, f->restores.v[0]);
			memmove(f->restores.v, f->restores.v + 1, (f->restores.n - 1) * sizeof(TSNode));
			f->restores.n--;
			f->lowering = true;
		}
	}
}
