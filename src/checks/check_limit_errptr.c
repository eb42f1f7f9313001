// SPDX-License-Identifier: GPL-2.0
/*
 * Error pointers dereferenced inside a window, for the address-limit check
 * (check_limit_int.h).  filp_open() and its kin (A_ERR_PTR in api.def)
 * return ERR_PTR(-E...) on failure and never NULL, so `if (!fp)` lets the
 * failure through and the next `fp->f_op`, `vfs_read(fp, ...)` or
 * `filp_close(fp, ...)` oopses.  With KERNEL_DS in force the oops ends the
 * task with the limit raised: oops-in-window, as for BUG().
 *
 * Per path (the state's errp bits): which lvalues may hold such a result
 * not yet tested.  A test of the error (IS_ERR and its kin, A_ERR_TEST), a
 * condition that reads the pointer other than as a NULL test (`fp < 0`, a
 * driver's own check), a new value, or a dereference that the path
 * survived clears the bit.
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"

/* The index of lvalue e among the tracked ones, or -1. */
static int errp_index(struct run *r, TSNode e)
{
	e = strip_parens(e);
	if (!node_is(e, S_identifier) && !node_is(e, S_field_expression))
		return -1;
	char *k = node_text_nospace(e, r->text);
	int at = -1;
	for (size_t i = 0; i < r->errps.n && at < 0; i++)
		if (!strcmp(r->errps.v[i], k))
			at = (int)i;
	free(k);
	return at;
}

static bool errp_held(struct run *r, const struct state *s, TSNode e, int *bit)
{
	int i = errp_index(r, e);
	*bit = i;
	return i >= 0 && (s->errp & (1u << i));
}

/* The opener a call is, or NULL. */
static const char *opener(struct run *r, TSNode rhs, size_t *len)
{
	rhs = strip_parens(rhs);
	if (!node_is(rhs, S_call_expression))
		return NULL;
	const char *name = call_name(rhs, r->text, len);
	return api_is(name, name ? *len : 0, A_ERR_PTR) ? name : NULL;
}

bool errp_opener(struct run *r, TSNode rhs)
{
	size_t len;
	return opener(r, rhs, &len) != NULL;
}

void errp_assign(struct run *r, struct state *s, TSNode lhs, TSNode rhs, bool plain)
{
	int bit = -1;
	bool src_held = plain && !ts_node_is_null(rhs) && errp_held(r, s, rhs, &bit);
	size_t len;
	const char *name = plain && !ts_node_is_null(rhs) ? opener(r, rhs, &len) : NULL;
	int i = errp_index(r, lhs);
	if (!name && !src_held) {
		if (i >= 0)
			s->errp &= ~(1u << i);
		return;
	}
	lhs = strip_parens(lhs);
	if (i < 0) {
		if (r->errps.n >= 32 ||
		    (!node_is(lhs, S_identifier) && !node_is(lhs, S_field_expression)))
			return;
		char *k = node_text_nospace(lhs, r->text);
		VEC_PUSH(r->errps, arena_strndup(&r->d.arena, k, strlen(k)));
		free(k);
		i = (int)r->errps.n - 1;
		VEC_PUSH(r->errp_from, name ? arena_strndup(&r->d.arena, name, len)
					    : r->errp_from.v[bit]);
	}
	s->errp |= 1u << i;
}

void errp_forget(struct run *r, struct state *s, TSNode lvalue)
{
	int i = errp_index(r, lvalue);
	if (i >= 0)
		s->errp &= ~(1u << i);
}

/* The pointer held in bit i is dereferenced at `at`. */
static void deref(struct run *r, struct state *s, int i, TSNode at)
{
	if (s->limit & LV_KERNEL)
		limit_report(r, C_OOPS_IN_WINDOW, ts_node_start_byte(at), s->h.trace,
			     xasprintf("'%s' may hold an error pointer here (%s() returns ERR_PTR() on failure, "
				       "never NULL, and no IS_ERR() test of it is on this path): dereferencing it "
				       "oopses while the address limit may still be KERNEL_DS",
				       r->errps.v[i], r->errp_from.v[i]),
			     NULL);
	s->errp &= ~(1u << i);	/* past here it was a file */
}

/* Dereferences and tests in n, in evaluation order (`IS_ERR(fp) ||
 * fp->f_op` tests first). */
static void scan(struct run *r, struct state *s, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 64 || !s->errp)
		return;
	int bit;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, r->text, &len);
		TSNode args = node_field(n, "arguments");
		const struct api *a = api_lookup(name, name ? len : 0);
		if (a && (a->roles & A_ERR_TEST)) {
			for (uint32_t k = 0; k < ts_node_named_child_count(args); k++) {
				TSNode x = strip_parens(ts_node_named_child(args, k));
				if (node_is(x, S_assignment_expression))
					x = node_field(x, "left");
				errp_forget(r, s, x);
			}
			return;
		}
		if (a && (a->roles & A_DEREF_ARG0) && ts_node_named_child_count(args) &&
		    errp_held(r, s, ts_node_named_child(args, 0), &bit))
			deref(r, s, bit, n);
	} else if (node_is(n, S_field_expression)) {
		TSNode parent = ts_node_parent(n);
		bool addr = node_is(parent, S_pointer_expression) &&
			    node_text_is(node_field(parent, "operator"), r->text, "&");
		if (!addr && node_text_is(node_field(n, "operator"), r->text, "->") &&
		    errp_held(r, s, node_field(n, "argument"), &bit))
			deref(r, s, bit, n);
	} else if (node_is(n, S_pointer_expression)) {
		if (node_text_is(node_field(n, "operator"), r->text, "*") &&
		    errp_held(r, s, node_field(n, "argument"), &bit))
			deref(r, s, bit, n);
	}
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t k = 0; k < nc && s->errp; k++)
		scan(r, s, ts_node_named_child(n, k), depth + 1);
}

/* Is n `p`, `p == NULL`, `p != 0`... of a tracked p: the wrong test, which
 * an error pointer passes as "not NULL"? */
static bool null_test(struct run *r, const struct state *s, TSNode n)
{
	int bit;
	if (errp_held(r, s, n, &bit))
		return true;
	if (!node_is(n, S_binary_expression))
		return false;
	TSNode op = node_field(n, "operator");
	if (!node_text_is(op, r->text, "==") && !node_text_is(op, r->text, "!="))
		return false;
	TSNode a = strip_parens(node_field(n, "left")), b = strip_parens(node_field(n, "right"));
	for (int k = 0; k < 2; k++) {
		TSNode p = k ? b : a, o = k ? a : b;
		bool null = literal_truth(o, r->text) == 0 || node_is(o, S_null) ||
			    (node_is(o, S_identifier) && memmem(node_ptr(o, r->text), node_len(o), "NULL", 4));
		if (null && errp_held(r, s, p, &bit))
			return true;
	}
	return false;
}

/* Every tracked pointer n reads as a whole value: tested by a driver's own
 * means, no longer known to be untested. */
static void clear_read(struct run *r, struct state *s, TSNode n, int depth)
{
	if (ts_node_is_null(n) || depth > 64)
		return;
	errp_forget(r, s, n);
	if (node_is(n, S_field_expression))
		return;		/* fp->f_op reads fp, tests something else */
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t k = 0; k < nc; k++)
		clear_read(r, s, ts_node_named_child(n, k), depth + 1);
}

static void cond(struct run *r, struct state *s, TSNode n, int depth)
{
	n = strip_parens(n);
	if (ts_node_is_null(n) || depth > 32 || !s->errp)
		return;
	if (node_is(n, S_binary_expression)) {
		TSNode op = node_field(n, "operator");
		if (node_text_is(op, r->text, "&&") || node_text_is(op, r->text, "||")) {
			cond(r, s, node_field(n, "left"), depth + 1);
			cond(r, s, node_field(n, "right"), depth + 1);
			return;
		}
	}
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), r->text, "!")) {
		cond(r, s, node_field(n, "argument"), depth + 1);
		return;
	}
	scan(r, s, n, 0);
	if (!null_test(r, s, n))
		clear_read(r, s, n, 0);
}

void errp_elem(struct run *r, struct state *s, TSNode n, bool is_cond)
{
	if (!s->errp)
		return;
	if (is_cond)
		cond(r, s, n, 0);
	else
		scan(r, s, n, 0);
}
