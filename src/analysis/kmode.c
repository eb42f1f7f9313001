// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of a trap's mode and the calls they guard (see kmode.h).
 */
#include "kmode.h"

#include "api.h"

/* The mark a name gives a test: 1 user mode, -1 kernel mode, 0 none. */
static int mark_of(const char *name, size_t len)
{
	const struct api *a = api_lookup(name, len);
	if (!a)
		return 0;
	if (a->roles & (A_USER_MODE_TEST | A_UMODE_MARK))
		return 1;
	return (a->roles & A_KMODE_MARK) ? -1 : 0;
}

static int ident_mark(TSNode n, const char *text)
{
	n = strip_parens(n);
	while (node_is(n, S_cast_expression))
		n = strip_parens(node_field(n, "value"));
	return node_is(n, S_identifier) ? mark_of(node_ptr(n, text), node_len(n)) : 0;
}

static bool is_zero(TSNode n, const char *text)
{
	n = strip_parens(n);
	return node_is(n, S_number_literal) && node_text_is(n, text, "0");
}

static int test_at(TSNode n, const char *text, int depth)
{
	if (depth > 8)
		return 0;
	n = strip_parens(n);
	int sign = 1;
	while (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), text, "!")) {
		sign = -sign;
		n = strip_parens(node_field(n, "argument"));
	}
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, text, &len);
		return name ? sign * mark_of(name, len) : 0;
	}
	if (!node_is(n, S_binary_expression))
		return 0;
	TSNode op = node_field(n, "operator");
	TSNode l = node_field(n, "left"), r = node_field(n, "right");
	if (node_text_is(op, text, "&")) {
		/* a status bit: `regs->sr & PS_S` */
		int m = ident_mark(r, text);
		return sign * (m ? m : ident_mark(l, text));
	}
	bool eq = node_text_is(op, text, "==");
	if (!eq && !node_text_is(op, text, "!="))
		return 0;
	int t;
	if (is_zero(r, text) || is_zero(l, text)) {
		/* `(regs->sr & SR_MD) == 0` */
		t = test_at(is_zero(r, text) ? l : r, text, depth + 1);
	} else {
		/* a mode value: `processor_mode(regs) == USR_MODE` */
		t = ident_mark(r, text);
		if (!t)
			t = ident_mark(l, text);
		if (!eq)
			t = -t;
		return sign * t;
	}
	return sign * (eq ? -t : t);
}

int kmode_test(TSNode cond, const char *text)
{
	return test_at(cond, text, 0);
}

static bool implies_at(TSNode c, const char *text, int want, int depth)
{
	c = strip_parens(c);
	if (depth > 8)
		return false;
	if (test_at(c, text, 0) == want)
		return true;
	if (node_is(c, S_binary_expression)) {
		TSNode op = node_field(c, "operator");
		bool both = node_text_is(op, text, want < 0 ? "&&" : "||");
		bool either = node_text_is(op, text, want < 0 ? "||" : "&&");
		if (both)	/* (a && !user_mode) implies kernel mode */
			return implies_at(node_field(c, "left"), text, want, depth + 1) ||
			       implies_at(node_field(c, "right"), text, want, depth + 1);
		if (either)	/* (a || user_mode) is false only in kernel mode */
			return implies_at(node_field(c, "left"), text, want, depth + 1) &&
			       implies_at(node_field(c, "right"), text, want, depth + 1);
	}
	return false;
}

bool kmode_implies(TSNode cond, const char *text, int want)
{
	return implies_at(cond, text, want, 0);
}

static bool leaves(TSNode n)
{
	n = node_is(n, S_compound_statement) && ts_node_named_child_count(n) == 1
	    ? ts_node_named_child(n, 0) : n;
	return node_is(n, S_return_statement) || node_is(n, S_goto_statement);
}

bool kmode_call_guarded(TSNode call, const char *text)
{
	TSNode child = call;
	for (TSNode up = ts_node_parent(call); !ts_node_is_null(up) &&
	     !node_is(up, S_function_definition); child = up, up = ts_node_parent(up)) {
		if (node_is(up, S_if_statement)) {
			TSNode cond = node_field(up, "condition");
			TSNode cons = node_field(up, "consequence");
			if (ts_node_start_byte(child) == ts_node_start_byte(cons) &&
			    ts_node_end_byte(child) == ts_node_end_byte(cons) &&
			    kmode_implies(cond, text, -1))
				return true;
			if (node_is(child, S_else_clause) && kmode_implies(cond, text, 1))
				return true;
		}
		if (node_is(up, S_compound_statement)) {
			uint32_t c = ts_node_named_child_count(up);
			for (uint32_t i = 0; i < c; i++) {
				TSNode st = ts_node_named_child(up, i);
				if (ts_node_start_byte(st) >= ts_node_start_byte(child))
					break;
				if (node_is(st, S_if_statement) &&
				    kmode_implies(node_field(st, "condition"), text, 1) &&
				    leaves(node_field(st, "consequence")))
					return true;
			}
		}
	}
	return false;
}
