// SPDX-License-Identifier: GPL-2.0
/*
 * The sign of a callee's result (check_limit_int.h): which arm of a test
 * of it (`ret < 0`, `!ret`, `f() != sizeof(x)`) says which sign, and which
 * signs a returned variable may have on a path, from the tests the path
 * took on it.  A helper that raises the limit only on its error returns is
 * told apart from its success by them.
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

/* A number literal's value (decimal or hex), or -1 when it is not one.
 * `sizeof x` counts as 1 (some positive size); TRUE and FALSE, the boolean
 * macros of every vendor tree, as 1 and 0. */
static long long literal_value(struct run *r, TSNode n)
{
	n = strip_parens(n);
	if (node_is(n, S_sizeof_expression) || node_is(n, S_true) ||
	    (node_is(n, S_identifier) && node_text_is(n, r->text, "TRUE")))
		return 1;
	if (node_is(n, S_false) || (node_is(n, S_identifier) && node_text_is(n, r->text, "FALSE")))
		return 0;
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
 * `ret > 0`, `(ret = f()) < 0`, `f() == 0`, `f() != sizeof(x)`, `ok == FALSE`...
 * Sets the RC_* set each arm implies (RC_ANY: nothing); returns false when
 * n is no such test.
 */
bool limit_sign_test(struct run *r, const struct state *s, TSNode n, uint8_t *on_true,
		     uint8_t *on_false)
{
	n = strip_hints(n, r->text);
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
	uint8_t t = RC_ANY, f = RC_ANY;
	if (!op) {
		t = RC_NEG | RC_POS;	/* `ret` true: not zero */
		f = RC_ZERO;
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
		/* what `== lit` says: negative, zero or positive */
		uint8_t eq = neglit ? RC_NEG : v == 0 ? RC_ZERO : RC_POS;
		if (!strcmp(op, "<") && v == 0) {
			t = RC_NEG;
			f = RC_NONNEG;
		} else if (!strcmp(op, ">=") && v == 0) {
			t = RC_NONNEG;
			f = RC_NEG;
		} else if (!strcmp(op, ">") && !neglit) {
			t = RC_POS;
			if (v == 0)
				f = RC_NEG | RC_ZERO;
		} else if (!strcmp(op, ">=") && !neglit) {
			t = RC_POS;
		} else if (!strcmp(op, "<=") && v == 0) {
			t = RC_NEG | RC_ZERO;
			f = RC_POS;
		} else if (!strcmp(op, "==")) {
			t = eq;
			if (eq == RC_ZERO)
				f = RC_NEG | RC_POS;
		} else if (!strcmp(op, "!=")) {
			f = eq;
			if (eq == RC_ZERO)
				t = RC_NEG | RC_POS;
		} else {
			return false;
		}
	}
	*on_true = neg ? f : t;
	*on_false = neg ? t : f;
	return true;
}

/* The atom of g whose canonical text is var followed by suffix, or -1. */
static int atom_of(const struct cfg *g, const char *var, const char *suffix)
{
	size_t vl = strlen(var);
	for (size_t i = 0; i < g->atoms.n; i++) {
		const char *k = g->atoms.v[i].key;
		if (!strncmp(k, var, vl) && !strcmp(k + vl, suffix))
			return (int)i;
	}
	return -1;
}

/*
 * The signs a returned variable may have on this path, from the tests the
 * path took on it: `if (fd < 0) return fd;` returns a negative value,
 * `if (ret) return ret;` a nonzero one (RC_ANY: no such test).
 */
uint8_t limit_ret_class(struct run *r, const struct state *s, TSNode val)
{
	val = strip_parens(val);
	if (!node_is(val, S_identifier) && !node_is(val, S_field_expression))
		return RC_ANY;
	char *var = node_text_nospace(val, r->text);
	const struct cfg *g = r->ctx->g;
	uint8_t rc = RC_ANY;
	int a = atom_of(g, var, "<0");		/* also `x >= 0`, flipped */
	int v = a >= 0 ? assumes_get(&s->h.as, a) : -1;
	if (v >= 0)
		rc &= v ? RC_NEG : RC_NONNEG;
	a = atom_of(g, var, "<=0");		/* also `x > 0` */
	v = a >= 0 ? assumes_get(&s->h.as, a) : -1;
	if (v >= 0)
		rc &= v ? RC_NEG | RC_ZERO : RC_POS;
	a = atom_of(g, var, "");		/* `x`, `!x`, `x == 0` */
	v = a >= 0 ? assumes_get(&s->h.as, a) : -1;
	if (v >= 0)
		rc &= v ? RC_NEG | RC_POS : RC_ZERO;
	free(var);
	return rc ? rc : RC_ANY;
}

