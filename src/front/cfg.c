// SPDX-License-Identifier: GPL-2.0
/*
 * CFG construction (see cfg.h).  One recursive descent over the statement
 * tree with a "current block"; statements after a jump start a new block
 * that only a label can reach.  Conditions are split at `&&`, `||`, `!`
 * and `?:` into atomic tests so each test gets its own correlated edge.
 */
#include "cfg.h"
#include "cfg_atoms.h"
#include "lexer.h"
#include "macros.h"
#include "api.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/*
 * Statements, conditions and #if arms nested deeper than this are left
 * out (the graph is marked incomplete).  A level costs up to ~7 KB of
 * stack under AddressSanitizer, so 500 stay well inside the 8 MB main
 * thread; the deepest kernel function seen nests 102 blocks (Linux 6.1,
 * lib/crypto/curve25519-fiat32.c).
 */
#define MAX_DEPTH 500

struct label {
	const char *name;
	size_t len;
	struct cfg_block *blk;
};

struct builder {
	struct cfg *g;
	struct cfg_block *cur;
	struct cfg_block *brk;		/* where break goes, or NULL */
	struct cfg_block *cont;		/* where continue goes, or NULL */
	struct cfg_block *sw;		/* the switch's dispatch block, or NULL */
	bool sw_default;		/* the current switch has a default */
	TSNode sw_cond;			/* its controlling expression, when pure */
	VEC(int32_t) sw_atoms;		/* `cond==value` of each of its cases */
	VEC(struct label) labels;
	int depth;
	bool loop_cond;			/* building a loop test: no atoms */
	const struct ctl_macros *macros;	/* statement macros that hide a jump, or NULL */
};

/* (the table holds BUG, panic, do_exit and the like; the macros table the
 * functions the headers and the file declare noreturn) */
bool is_noreturn_call(const struct ctl_macros *t, const char *name, size_t len)
{
	return api_is(name, len, A_NORETURN) || macros_noreturn(t, name, len);
}

static struct cfg_block *new_block(struct builder *b)
{
	struct cfg_block *blk = arena_alloc(b->g->arena, sizeof(*blk));
	blk->id = (uint32_t)b->g->blocks.n;
	VEC_PUSH(b->g->blocks, blk);
	return blk;
}

static void add_edge(struct cfg_block *from, struct cfg_block *to, uint8_t kind,
		     int32_t atom, bool pol, uint32_t off, const char *label)
{
	struct cfg_edge e = { .to = to, .atom = atom, .polarity = pol, .kind = kind,
			      .off = off, .label = label };
	VEC_PUSH(from->succs, e);
}

static void add_elem(struct builder *b, TSNode n, uint8_t kind)
{
	struct cfg_elem e = { .node = n, .kind = kind };
	VEC_PUSH(b->cur->elems, e);
}

static const char *folded(struct builder *b, TSNode n, size_t max)
{
	char *s = node_text_folded(n, b->g->text, max);
	const char *r = arena_strndup(b->g->arena, s, strlen(s));
	free(s);
	return r;
}

static void incomplete(struct builder *b, const char *why)
{
	if (!b->g->incomplete)
		b->g->incomplete = why;
}

/* --- expressions ------------------------------------------------------- */

static void stmt(struct builder *b, TSNode n);
static void cond(struct builder *b, TSNode n, struct cfg_block *t, struct cfg_block *f);

static bool has_effects(TSNode n, int depth)
{
	if (depth > 200)
		return false;
	if (node_is(n, S_call_expression) || node_is(n, S_assignment_expression) ||
	    node_is(n, S_update_expression) || node_is(n, S_compound_statement))
		return true;
	uint32_t c = ts_node_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		if (has_effects(ts_node_child(n, i), depth + 1))
			return true;
	return false;
}

static void mark_lowered(struct builder *b, TSNode n)
{
	struct cfg_range r = { ts_node_start_byte(n), ts_node_end_byte(n) };
	VEC_PUSH(b->g->lowered, r);
}

static bool is_logical(TSNode n, const char *text)
{
	if (!node_is(n, S_binary_expression))
		return false;
	TSNode op = node_field(n, "operator");
	return node_text_is(op, text, "&&") || node_text_is(op, text, "||");
}

static bool is_stmt_expr(TSNode n)
{
	return node_is(n, S_parenthesized_expression) && ts_node_named_child_count(n) == 1 &&
	       node_is(ts_node_named_child(n, 0), S_compound_statement);
}

static void emit(struct builder *b, TSNode n, uint8_t kind);

/*
 * Lower the parts of an expression that branch or hold statements into
 * blocks of their own, in evaluation order.  Returns true when `n` itself
 * was lowered whole (its value then needs no element of its own).
 */
static bool lower(struct builder *b, TSNode n)
{
	if (++b->depth > MAX_DEPTH) {
		b->depth--;
		incomplete(b, "expression nested too deeply");
		return false;
	}
	bool whole = false;
	const char *text = b->g->text;
	if (is_stmt_expr(n)) {
		stmt(b, ts_node_named_child(n, 0));
		mark_lowered(b, n);
		whole = true;
	} else if (node_is(n, S_conditional_expression) && has_effects(n, 0)) {
		struct cfg_block *t = new_block(b), *f = new_block(b), *join = new_block(b);
		cond(b, node_field(n, "condition"), t, f);
		b->cur = t;
		TSNode cons = node_field(n, "consequence");
		if (!ts_node_is_null(cons))
			emit(b, cons, EL_EXPR);
		add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
		b->cur = f;
		emit(b, node_field(n, "alternative"), EL_EXPR);
		add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
		b->cur = join;
		mark_lowered(b, n);
		whole = true;
	} else if (is_logical(n, text) && has_effects(node_field(n, "right"), 0)) {
		/* a && f(): f runs only when a holds */
		struct cfg_block *rhs = new_block(b), *join = new_block(b);
		bool is_and = node_text_is(node_field(n, "operator"), text, "&&");
		cond(b, node_field(n, "left"), is_and ? rhs : join, is_and ? join : rhs);
		b->cur = rhs;
		emit(b, node_field(n, "right"), EL_EXPR);
		add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
		b->cur = join;
		mark_lowered(b, n);
		whole = true;
	} else {
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++) {
			TSNode ch = ts_node_named_child(n, i);
			if (has_effects(ch, 0) || is_stmt_expr(ch))
				lower(b, ch);
		}
	}
	b->depth--;
	return whole;
}

static bool needs_lowering(TSNode n, const char *text, int depth)
{
	if (depth > 200)
		return false;
	if (is_stmt_expr(n))
		return true;
	if ((node_is(n, S_conditional_expression) || is_logical(n, text)) && has_effects(n, 0))
		return true;
	struct kids k;
	bool yes = false;
	kids_start(&k, n);
	for (TSNode ch; !yes && kids_next(&k, &ch);)
		yes = needs_lowering(ch, text, depth + 1);
	kids_end(&k);
	return yes;
}

static void emit(struct builder *b, TSNode n, uint8_t kind)
{
	if (ts_node_is_null(n))
		return;
	if (needs_lowering(n, b->g->text, 0) && lower(b, n) && kind == EL_EXPR)
		return;
	add_elem(b, n, kind);
}

/* --- conditions -------------------------------------------------------- */

static int const_value(TSNode n, const char *text)
{
	n = strip_parens(n);
	if (node_is(n, S_true))
		return 1;
	if (node_is(n, S_false))
		return 0;
	if (node_is(n, S_number_literal)) {
		const char *p = node_ptr(n, text);
		size_t len = node_len(n);
		for (size_t i = 0; i < len; i++) {
			if (p[i] == '.' || p[i] == 'e' || p[i] == 'E')
				return -1;
			if (!(p[i] == '0' || p[i] == 'x' || p[i] == 'X' || p[i] == 'u' ||
			      p[i] == 'U' || p[i] == 'l' || p[i] == 'L'))
				return 1;
		}
		return 0;
	}
	return -1;
}

static void cond(struct builder *b, TSNode n, struct cfg_block *t, struct cfg_block *f)
{
	const char *text = b->g->text;
	if (++b->depth > MAX_DEPTH) {
		b->depth--;
		incomplete(b, "condition nested too deeply");
		add_edge(b->cur, t, E_TRUE, -1, true, 0, NULL);
		add_edge(b->cur, f, E_FALSE, -1, false, 0, NULL);
		return;
	}
	TSNode s = n;
	while (node_is(s, S_parenthesized_expression) && ts_node_named_child_count(s) == 1 &&
	       !is_stmt_expr(s))
		s = ts_node_named_child(s, 0);
	if (node_is(s, S_unary_expression) && node_text_is(ts_node_child(s, 0), text, "!")) {
		cond(b, node_field(s, "argument"), f, t);
	} else if (is_logical(s, text)) {
		struct cfg_block *mid = new_block(b);
		if (node_text_is(node_field(s, "operator"), text, "&&"))
			cond(b, node_field(s, "left"), mid, f);
		else
			cond(b, node_field(s, "left"), t, mid);
		b->cur = mid;
		cond(b, node_field(s, "right"), t, f);
	} else if (node_is(s, S_comma_expression)) {
		/* `while (pos, head, member)` from an iterator macro: the test
		 * has effects before it, so it is never correlated */
		emit(b, node_field(s, "left"), EL_EXPR);
		TSNode right = node_field(s, "right");
		while (node_is(right, S_comma_expression)) {
			emit(b, node_field(right, "left"), EL_EXPR);
			right = node_field(right, "right");
		}
		emit(b, right, EL_COND);
		uint32_t off = ts_node_start_byte(s);
		const char *label = folded(b, s, 80);
		TSNode up = ts_node_parent(s);
		if (node_is(up, S_parenthesized_expression))
			up = ts_node_parent(up);
		if (node_is(up, S_while_statement)) {
			/* an iterator's arguments: edge_note says "loop over" */
			char *l = arena_alloc(b->g->arena, strlen(label) + 2);
			l[0] = ITER_LABEL;
			memcpy(l + 1, label, strlen(label) + 1);
			label = l;
		}
		add_edge(b->cur, t, E_TRUE, -1, true, off, label);
		add_edge(b->cur, f, E_FALSE, -1, false, off, label);
	} else if (node_is(s, S_conditional_expression)) {
		/* c ? x : y as a condition */
		struct cfg_block *ct = new_block(b), *cf = new_block(b);
		cond(b, node_field(s, "condition"), ct, cf);
		b->cur = ct;
		TSNode cons = node_field(s, "consequence");
		if (ts_node_is_null(cons))
			add_edge(b->cur, t, E_TRUE, -1, true, 0, NULL);
		else
			cond(b, cons, t, f);
		b->cur = cf;
		cond(b, node_field(s, "alternative"), t, f);
	} else {
		int cv = const_value(s, text);
		uint32_t off = ts_node_start_byte(s);
		const char *label = folded(b, s, 80);
		if (cv == 1) {
			add_edge(b->cur, t, E_TRUE, -1, true, off, label);
		} else if (cv == 0) {
			add_edge(b->cur, f, E_FALSE, -1, false, off, label);
		} else if ((cv = cfg_type_decides(b->g, s)) >= 0) {
			/* `ok < 0` of a bool: evaluated, but only one arm is a path */
			emit(b, s, EL_COND);
			if (cv)
				add_edge(b->cur, t, E_TRUE, -1, true, off, label);
			else
				add_edge(b->cur, f, E_FALSE, -1, false, off, label);
		} else {
			emit(b, s, EL_COND);
			bool pol = true;
			int32_t atom = b->loop_cond ? -1 : cfg_atom_for(b->g, s, &pol, false);
			add_edge(b->cur, t, E_TRUE, atom, pol, off, label);
			add_edge(b->cur, f, E_FALSE, atom, !pol, off, label);
		}
	}
	b->depth--;
}

/* --- statements -------------------------------------------------------- */

static struct cfg_block *label_block_named(struct builder *b, const char *name, size_t len)
{
	for (size_t i = 0; i < b->labels.n; i++)
		if (b->labels.v[i].len == len && !memcmp(b->labels.v[i].name, name, len))
			return b->labels.v[i].blk;
	struct label l = { name, len, new_block(b) };
	VEC_PUSH(b->labels, l);
	return l.blk;
}

static struct cfg_block *label_block(struct builder *b, TSNode id)
{
	return label_block_named(b, node_ptr(id, b->g->text), node_len(id));
}

static bool is_label_name(struct builder *b, TSNode fnbody, TSNode id);

/* After a jump: what follows is reachable only through a label. */
static void dead_end(struct builder *b)
{
	b->cur = new_block(b);
}

static void stmts_of(struct builder *b, TSNode n, uint32_t from)
{
	node_vec kids = {0};
	node_children(n, &kids);
	for (size_t i = from; i < kids.n; i++)
		stmt(b, kids.v[i]);
	VEC_FREE(kids);
}

static void preproc_branch(struct builder *b, TSNode n);

/* The statements of one #if arm: the named children that are not the
 * condition, the name or the alternative. */
static void preproc_arm(struct builder *b, TSNode n)
{
	TSNode condn = node_field(n, "condition");
	TSNode name = node_field(n, "name");
	TSNode alt = node_field(n, "alternative");
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(n, i);
		if (ts_node_eq(ch, condn) || ts_node_eq(ch, name) || ts_node_eq(ch, alt))
			continue;
		stmt(b, ch);
	}
}

static void preproc_branch(struct builder *b, TSNode n)
{
	const char *text = b->g->text;
	struct cfg_block *t = new_block(b), *f = new_block(b), *join = new_block(b);
	uint32_t off = ts_node_start_byte(n);
	if (node_is(n, S_preproc_else)) {
		add_edge(b->cur, t, E_NEXT, -1, true, 0, NULL);
		b->cur = t;
		preproc_arm(b, n);
		add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
		b->cur = join;
		return;
	}
	int32_t atom;
	bool pol = true;
	const char *label;
	int cv = -1;
	if (node_is(n, S_preproc_ifdef) || node_is(n, S_preproc_elifdef)) {
		TSNode name = node_field(n, "name");
		TSNode kw = ts_node_child(n, 0);
		const char *k = node_ptr(kw, text);
		bool neg = node_len(kw) >= 4 && memmem(k, node_len(kw), "ndef", 4);
		atom = cfg_defined_atom(b->g, name);
		pol = !neg;
		label = arena_strndup(b->g->arena, k, node_len(kw) + (ts_node_is_null(name) ? 0 :
				      ts_node_end_byte(name) - ts_node_end_byte(kw)));
	} else {
		TSNode c = node_field(n, "condition");
		cv = const_value(c, text);
		atom = ts_node_is_null(c) ? -1 : cfg_atom_for(b->g, c, &pol, true);
		label = ts_node_is_null(c) ? "#if" : folded(b, c, 80);
	}
	if (cv != 0)
		add_edge(b->cur, t, E_PP_TRUE, cv == 1 ? -1 : atom, pol, off, label);
	if (cv != 1)
		add_edge(b->cur, f, E_PP_FALSE, cv == 0 ? -1 : atom, !pol, off, label);
	b->cur = t;
	preproc_arm(b, n);
	add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
	b->cur = f;
	TSNode alt = node_field(n, "alternative");
	if (!ts_node_is_null(alt)) {
		/* one level per #elif: a long chain is deep too */
		if (++b->depth > MAX_DEPTH)
			incomplete(b, "#elif chain too long");
		else
			preproc_branch(b, alt);
		b->depth--;
	}
	add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
	b->cur = join;
}

static void switch_body(struct builder *b, TSNode body);

/* The default (or no-case) edge of a switch: every case's atom is false on it. */
static void chain_case_atoms(struct builder *b, struct cfg_block *disp, const int32_t *atoms,
			     size_t n)
{
	for (size_t i = 0; i < disp->succs.n; i++) {
		struct cfg_edge *e = &disp->succs.v[i];
		if (e->kind != E_DEFAULT && e->kind != E_NOCASE)
			continue;
		struct cfg_block *target = e->to;
		struct cfg_edge *link = e;
		for (size_t k = 0; k < n; k++) {
			if (k == 0) {
				link->atom = atoms[0];
				link->polarity = false;
				continue;
			}
			struct cfg_block *mid = new_block(b);
			link->to = mid;
			add_edge(mid, target, E_NEXT, atoms[k], false, 0, NULL);
			link = &mid->succs.v[mid->succs.n - 1];
		}
		return;
	}
}

static void case_stmt(struct builder *b, TSNode n)
{
	if (!b->sw) {
		/* a case label outside a switch: treat its statements as plain */
		stmts_of(b, n, 0);
		return;
	}
	struct cfg_block *blk = new_block(b);
	add_edge(b->cur, blk, E_NEXT, -1, true, 0, NULL);	/* fall-through */
	TSNode value = node_field(n, "value");
	uint32_t off = ts_node_start_byte(n);
	if (ts_node_is_null(value)) {
		b->sw_default = true;
		add_edge(b->sw, blk, E_DEFAULT, -1, true, off, "default");
	} else {
		/* `case V:` of `switch (x)` is the condition `x==V`, so two
		 * switches on an unchanged x take matching arms */
		int32_t atom = cfg_case_atom(b->g, b->sw_cond, value);
		if (atom >= 0)
			VEC_PUSH(b->sw_atoms, atom);
		add_edge(b->sw, blk, E_CASE, atom, true, off, folded(b, value, 60));
	}
	b->cur = blk;
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(n, i);
		if (!ts_node_is_null(value) && ts_node_eq(ch, value))
			continue;
		stmt(b, ch);
	}
}

static bool label_exists(TSNode n, const char *text, const char *name, size_t len, int depth);

/*
 * Code that opens /proc/sysrq-trigger from the kernel does so to crash or
 * reboot the machine on purpose (vendor drivers write 'c' there when they
 * find their own state corrupt): the path ends there.
 */
static bool opens_sysrq_trigger(TSNode args, const char *text)
{
	uint32_t n = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < n; i++) {
		TSNode a = strip_parens(ts_node_named_child(args, i));
		if (node_is(a, S_string_literal) && node_text_is(a, text, "\"/proc/sysrq-trigger\""))
			return true;
	}
	return false;
}

/* Does the file define a function of this name?  Then no header's macro
 * of the name is in effect in it (the definition would not compile): a
 * header's control macro `wr()` (dib3000mb_priv.h) says nothing of scc.c's
 * own wr().  Header macros are global to a run. */
static bool file_defines(TSNode fn, const char *text, const char *name, size_t len)
{
	/* `#define X(afi, T, name) do { ... } while (0)` of the file itself
	 * (xfrm_state.c's X(), 6.1): another file's X() says nothing here */
	for (const char *q = text, *nm; (nm = lex_next_define(text, &q));) {
		if (strncmp(nm, name, len) || (nm[len] != '(' && nm[len] != ' ' && nm[len] != '\t'))
			continue;
		/* its own definition, when it hides no jump (one that does is
		 * the control macro the table has from this file) */
		const char *e = nm;
		while (*e && (*e != '\n' || e[-1] == '\\'))
			e++;
		bool jumps = false;
		static const char *const words[] = { "return", "goto", "break", "continue" };
		for (size_t w = 0; w < sizeof(words) / sizeof(words[0]) && !jumps; w++) {
			size_t wl = strlen(words[w]);
			for (const char *f = nm; !jumps && (f = memmem(f, (size_t)(e - f), words[w], wl)); f += wl)
				jumps = (f == nm || !(isalnum((unsigned char)f[-1]) || f[-1] == '_')) &&
					!(isalnum((unsigned char)f[wl]) || f[wl] == '_');
		}
		if (!jumps)
			return true;
	}
	TSNode root = fn;
	while (!ts_node_is_null(ts_node_parent(root)))
		root = ts_node_parent(root);
	uint32_t c = ts_node_named_child_count(root);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(root, i);
		if (!node_is(ch, S_function_definition))
			continue;
		TSNode id = declarator_name(node_field(ch, "declarator"));
		if (node_len(id) == len && !memcmp(node_ptr(id, text), name, len))
			return true;
	}
	return false;
}

static bool call_stmt(struct builder *b, TSNode n)
{
	const char *text = b->g->text;
	TSNode e = ts_node_named_child(n, 0);
	if (!node_is(e, S_call_expression))
		return false;
	size_t len;
	const char *name = call_name(e, text, &len);
	if (!name)
		return false;
	TSNode args = node_field(e, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	if (is_noreturn_call(b->macros, name, len) || opens_sysrq_trigger(args, text)) {
		add_elem(b, e, EL_NORETURN);
		dead_end(b);
		return true;
	}
	if (api_is(name, len, A_BUG_ON) && nargs == 1) {
		struct cfg_block *bug = new_block(b), *next = new_block(b);
		cond(b, ts_node_named_child(args, 0), bug, next);
		b->cur = bug;
		add_elem(b, e, EL_NORETURN);
		b->cur = next;
		return true;
	}
	const char *label = NULL;
	int param = -1;
	enum ctl_kind kind = macros_lookup(b->macros, name, len, &label, &param);
	if (kind != CM_NONE && file_defines(b->g->fn, text, name, len))
		kind = CM_NONE;
	if (kind == CM_GOTO && !label && param >= 0 && (uint32_t)param < nargs) {
		/* the label is the caller's argument */
		TSNode a = ts_node_named_child(args, (uint32_t)param);
		if (node_is(a, S_identifier))
			label = arena_strndup(b->g->arena, node_ptr(a, text), node_len(a));
	}
	if (kind != CM_NONE) {
		/* a statement macro that hides a jump: it may be taken */
		uint32_t off = ts_node_start_byte(e);
		struct cfg_block *to = NULL;
		uint8_t ek = E_GOTO;
		if (kind == CM_GOTO && label &&
		    label_exists(node_field(b->g->fn, "body"), text, label, strlen(label), 0)) {
			to = label_block_named(b, label, strlen(label));
		} else if (kind == CM_BREAK && b->brk) {
			to = b->brk;
			ek = E_BREAK;
			label = NULL;
		} else if (kind == CM_RETURN) {
			to = new_block(b);
			ek = E_MACRO;
			label = folded(b, node_field(e, "function"), 60);
			struct cfg_block *here = b->cur;
			b->cur = to;
			add_elem(b, e, EL_END);
			b->cur = here;
		}
		int rarg = kind == CM_RETURN ? macros_return_if(b->macros, name, len) : -1;
		if (to && rarg >= 0 && (uint32_t)rarg < nargs) {
			/* `VOID_RETURN_IF(!oldfs)`: returns when its argument holds */
			emit(b, e, EL_EXPR);
			struct cfg_block *taken = new_block(b), *next = new_block(b);
			cond(b, ts_node_named_child(args, (uint32_t)rarg), taken, next);
			add_edge(taken, to, ek, -1, true, off, label);
			b->cur = next;
			return true;
		}
		if (to) {
			emit(b, e, EL_EXPR);
			struct cfg_block *next = new_block(b);
			add_edge(b->cur, to, ek, -1, true, off, label);
			add_edge(b->cur, next, E_NEXT, -1, true, 0, NULL);
			/* `gcmkONERROR(f())` jumps when f()'s value is negative */
			int arg = -1;
			int signs = kind == CM_GOTO ? macros_goto_sign(b->macros, name, len, &arg) : 0;
			if (signs && arg >= 0 && (uint32_t)arg < nargs && arg < 255) {
				struct cfg_edge *v = b->cur->succs.v + b->cur->succs.n - 2;
				v[0].sign = (uint8_t)signs;
				v[1].sign = (uint8_t)(CS_ANY & ~signs);
				v[0].sign_arg = v[1].sign_arg = (uint8_t)arg;
			}
			b->cur = next;
			return true;
		}
	}
	if (len > 7 && !memcmp(name, "unsafe_", 7) && nargs >= 2) {
		TSNode last = ts_node_named_child(args, nargs - 1);
		if (node_is(last, S_identifier) && is_label_name(b, b->g->fn, last)) {
			emit(b, e, EL_EXPR);
			struct cfg_block *next = new_block(b);
			add_edge(b->cur, label_block(b, last), E_FAULT, -1, true,
				 ts_node_start_byte(e), folded(b, last, 60));
			add_edge(b->cur, next, E_NEXT, -1, true, 0, NULL);
			b->cur = next;
			return true;
		}
	}
	return false;
}

static void stmt(struct builder *b, TSNode n)
{
	if (ts_node_is_null(n))
		return;
	if (++b->depth > MAX_DEPTH) {
		b->depth--;
		incomplete(b, "statements nested too deeply");
		return;
	}
	struct cfg *g = b->g;
	const char *text = g->text;
	uint32_t off = ts_node_start_byte(n);

	if (node_is(n, S_compound_statement)) {
		stmts_of(b, n, 0);
	} else if (node_is(n, S_expression_statement)) {
		if (!call_stmt(b, n) && ts_node_named_child_count(n) > 0)
			emit(b, ts_node_named_child(n, 0), EL_EXPR);
	} else if (node_is(n, S_declaration)) {
		emit(b, n, EL_DECL);
	} else if (node_is(n, S_if_statement)) {
		struct cfg_block *t = new_block(b), *f = new_block(b), *join = new_block(b);
		cond(b, node_field(n, "condition"), t, f);
		b->cur = t;
		stmt(b, node_field(n, "consequence"));
		add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
		b->cur = f;
		TSNode alt = node_field(n, "alternative");
		if (!ts_node_is_null(alt))
			stmts_of(b, alt, 0);
		add_edge(b->cur, join, E_NEXT, -1, true, 0, NULL);
		b->cur = join;
	} else if (node_is(n, S_while_statement)) {
		struct cfg_block *head = new_block(b), *body = new_block(b), *after = new_block(b);
		add_edge(b->cur, head, E_NEXT, -1, true, 0, NULL);
		b->cur = head;
		b->loop_cond = true;
		cond(b, node_field(n, "condition"), body, after);
		b->loop_cond = false;
		struct cfg_block *ob = b->brk, *oc = b->cont;
		b->brk = after;
		b->cont = head;
		b->cur = body;
		stmt(b, node_field(n, "body"));
		add_edge(b->cur, head, E_LOOP, -1, true, 0, NULL);
		b->brk = ob;
		b->cont = oc;
		b->cur = after;
	} else if (node_is(n, S_do_statement)) {
		struct cfg_block *body = new_block(b), *test = new_block(b), *after = new_block(b);
		add_edge(b->cur, body, E_NEXT, -1, true, 0, NULL);
		struct cfg_block *ob = b->brk, *oc = b->cont;
		b->brk = after;
		b->cont = test;
		b->cur = body;
		stmt(b, node_field(n, "body"));
		add_edge(b->cur, test, E_NEXT, -1, true, 0, NULL);
		b->brk = ob;
		b->cont = oc;
		b->cur = test;
		b->loop_cond = true;
		cond(b, node_field(n, "condition"), body, after);
		b->loop_cond = false;
		b->cur = after;
	} else if (node_is(n, S_for_statement)) {
		TSNode init = node_field(n, "initializer");
		if (node_is(init, S_declaration))
			emit(b, init, EL_DECL);
		else if (!ts_node_is_null(init))
			emit(b, init, EL_EXPR);
		struct cfg_block *head = new_block(b), *body = new_block(b), *update = new_block(b),
				 *after = new_block(b);
		add_edge(b->cur, head, E_NEXT, -1, true, 0, NULL);
		b->cur = head;
		TSNode c = node_field(n, "condition");
		if (ts_node_is_null(c))
			add_edge(b->cur, body, E_NEXT, -1, true, 0, NULL);
		else {
			b->loop_cond = true;
			cond(b, c, body, after);
			b->loop_cond = false;
		}
		struct cfg_block *ob = b->brk, *oc = b->cont;
		b->brk = after;
		b->cont = update;
		b->cur = body;
		stmt(b, node_field(n, "body"));
		add_edge(b->cur, update, E_NEXT, -1, true, 0, NULL);
		b->cur = update;
		emit(b, node_field(n, "update"), EL_EXPR);
		add_edge(b->cur, head, E_LOOP, -1, true, 0, NULL);
		b->brk = ob;
		b->cont = oc;
		b->cur = after;
	} else if (node_is(n, S_switch_statement)) {
		TSNode c = node_field(n, "condition");
		emit(b, c, EL_COND);
		struct cfg_block *disp = b->cur, *after = new_block(b);
		struct cfg_block *ob = b->brk, *osw = b->sw;
		bool odef = b->sw_default;
		TSNode ocond = b->sw_cond;
		typeof(b->sw_atoms) oatoms = b->sw_atoms;
		memset(&b->sw_atoms, 0, sizeof(b->sw_atoms));
		TSNode sc = strip_parens(c);
		if (cfg_impure(sc, b->g->text, 0) || b->loop_cond)
			memset(&sc, 0, sizeof(sc));
		b->sw_cond = sc;
		b->brk = after;
		b->sw = disp;
		b->sw_default = false;
		b->cur = new_block(b);	/* code before the first case is unreachable */
		switch_body(b, node_field(n, "body"));
		add_edge(b->cur, after, E_NEXT, -1, true, 0, NULL);
		if (!b->sw_default)
			add_edge(disp, after, E_NOCASE, -1, true, ts_node_start_byte(n),
				 folded(b, c, 60));
		chain_case_atoms(b, disp, b->sw_atoms.v, b->sw_atoms.n);
		VEC_FREE(b->sw_atoms);
		b->sw_atoms = oatoms;
		b->sw_cond = ocond;
		b->brk = ob;
		b->sw = osw;
		b->sw_default = odef;
		b->cur = after;
	} else if (node_is(n, S_case_statement)) {
		case_stmt(b, n);
	} else if (node_is(n, S_return_statement)) {
		TSNode v = ts_node_named_child(n, 0);
		if (!ts_node_is_null(v) && needs_lowering(v, text, 0))
			lower(b, v);
		add_elem(b, n, EL_RETURN);
		dead_end(b);
	} else if (node_is(n, S_break_statement)) {
		if (b->brk)
			add_edge(b->cur, b->brk, E_BREAK, -1, true, off, "break");
		else
			incomplete(b, "break outside a loop or switch");
		dead_end(b);
	} else if (node_is(n, S_continue_statement)) {
		if (b->cont)
			add_edge(b->cur, b->cont, E_CONTINUE, -1, true, off, "continue");
		else
			incomplete(b, "continue outside a loop");
		dead_end(b);
	} else if (node_is(n, S_goto_statement)) {
		TSNode l = node_field(n, "label");
		if (!ts_node_is_null(l))
			add_edge(b->cur, label_block(b, l), E_GOTO, -1, true, off, folded(b, l, 60));
		else
			incomplete(b, "computed goto");
		dead_end(b);
	} else if (node_is(n, S_labeled_statement)) {
		struct cfg_block *blk = label_block(b, node_field(n, "label"));
		add_edge(b->cur, blk, E_NEXT, -1, true, 0, NULL);
		b->cur = blk;
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 1; i < c; i++)
			stmt(b, ts_node_named_child(n, i));
	} else if (node_is(n, S_attributed_statement)) {
		uint32_t c = ts_node_named_child_count(n);
		if (c)
			stmt(b, ts_node_named_child(n, c - 1));
	} else if (node_is(n, S_preproc_if) || node_is(n, S_preproc_ifdef)) {
		preproc_branch(b, n);
	} else if (node_is(n, S_comment) || node_is(n, S_preproc_call) ||
		   node_is(n, S_preproc_def) || node_is(n, S_preproc_function_def) ||
		   node_is(n, S_preproc_include) || node_is(n, S_type_definition) ||
		   node_is(n, S_function_definition)) {
		/* no control flow and no effect on the limit */
	} else if (ts_node_is_error(n) || ts_node_is_missing(n)) {
		/* recorded by the caller as a parse error; keep its calls */
		add_elem(b, n, EL_EXPR);
	} else if (ts_node_is_named(n)) {
		/* an expression where a statement was expected, and the rest */
		emit(b, n, EL_EXPR);
	}
	b->depth--;
}

static void switch_body(struct builder *b, TSNode body)
{
	/* cases under #ifdef arms: every arm's labels are dispatch targets */
	TSNode condn = node_field(body, "condition");
	TSNode name = node_field(body, "name");
	TSNode alt = node_field(body, "alternative");
	uint32_t c = ts_node_named_child_count(body);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(body, i);
		if (ts_node_eq(ch, condn) || ts_node_eq(ch, name))
			continue;
		if (ts_node_eq(ch, alt) || node_is(ch, S_preproc_if) ||
		    node_is(ch, S_preproc_ifdef)) {
			/* one level per nested #if arm, counted like a statement */
			if (++b->depth > MAX_DEPTH)
				incomplete(b, "#if groups nested too deeply");
			else
				switch_body(b, ch);
			b->depth--;
		} else {
			stmt(b, ch);
		}
	}
}

/* Does a label named like `id` exist in this function? */
static bool label_exists(TSNode n, const char *text, const char *name, size_t len, int depth)
{
	if (depth > 400)
		return false;
	if (node_is(n, S_labeled_statement)) {
		TSNode l = node_field(n, "label");
		if (node_len(l) == len && !memcmp(node_ptr(l, text), name, len))
			return true;
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		if (label_exists(ts_node_named_child(n, i), text, name, len, depth + 1))
			return true;
	return false;
}

static bool is_label_name(struct builder *b, TSNode fn, TSNode id)
{
	for (size_t i = 0; i < b->labels.n; i++)
		if (b->labels.v[i].len == node_len(id) &&
		    !memcmp(b->labels.v[i].name, node_ptr(id, b->g->text), node_len(id)))
			return true;
	return label_exists(node_field(fn, "body"), b->g->text, node_ptr(id, b->g->text),
			    node_len(id), 0);
}

static int cmp_range(const void *a, const void *b)
{
	const struct cfg_range *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

void cfg_build(struct cfg *g, struct arena *arena, const char *text, TSNode fn, const char *name,
	       const struct ctl_macros *macros)
{
	memset(g, 0, sizeof(*g));
	g->arena = arena;
	g->text = text;
	g->name = name;
	g->fn = fn;
	g->macros = macros;
	struct builder b = { .g = g, .macros = macros };
	g->entry = new_block(&b);
	b.cur = g->entry;
	TSNode body = node_field(fn, "body");
	stmts_of(&b, body, 0);
	/* the closing brace is the last child (it may be MISSING) */
	TSNode close = ts_node_child(body, ts_node_child_count(body) - 1);
	add_elem(&b, ts_node_is_null(close) ? body : close, EL_END);
	VEC_FREE(b.labels);
	cfg_link_atoms(g);
	if (g->lowered.n > 1)
		qsort(g->lowered.v, g->lowered.n, sizeof(*g->lowered.v), cmp_range);
}

void cfg_release(struct cfg *g)
{
	for (size_t i = 0; i < g->blocks.n; i++) {
		VEC_FREE(g->blocks.v[i]->elems);
		VEC_FREE(g->blocks.v[i]->succs);
	}
	VEC_FREE(g->blocks);
	VEC_FREE(g->atoms);
	VEC_FREE(g->lowered);
}

bool cfg_is_lowered(const struct cfg *g, TSNode n)
{
	uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
	size_t lo = 0, hi = g->lowered.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (g->lowered.v[mid].start < s)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < g->lowered.n && g->lowered.v[i].start == s; i++)
		if (g->lowered.v[i].end == e)
			return true;
	return false;
}

static const char *const elem_names[] = {
	[EL_EXPR] = "expr", [EL_DECL] = "decl", [EL_COND] = "cond",
	[EL_RETURN] = "return", [EL_END] = "end", [EL_NORETURN] = "noreturn",
};

static const char *const edge_names[] = {
	[E_NEXT] = "", [E_TRUE] = "true", [E_FALSE] = "false", [E_CASE] = "case",
	[E_DEFAULT] = "default", [E_NOCASE] = "no-case", [E_GOTO] = "goto",
	[E_BREAK] = "break", [E_CONTINUE] = "continue", [E_LOOP] = "loop",
	[E_FAULT] = "fault", [E_PP_TRUE] = "#true", [E_PP_FALSE] = "#false", [E_MACRO] = "macro",
};

void cfg_dump(const struct cfg *g, FILE *out, const char *path,
	      void (*pos)(const void *ctx, size_t off, unsigned *line, unsigned *col),
	      const void *ctx)
{
	size_t n = g->blocks.n;
	bool *seen = xcalloc(n, sizeof(bool));
	uint32_t *order = xmalloc(n * sizeof(uint32_t));
	uint32_t *num = xmalloc(n * sizeof(uint32_t));
	uint32_t *stack = xmalloc((n + 1) * sizeof(uint32_t) * 4);
	size_t norder = 0, sp = 0;
	/* number reachable blocks in creation order, skipping empty forwarders */
	stack[sp++] = g->entry->id;
	seen[g->entry->id] = true;
	while (sp) {
		uint32_t id = stack[--sp];
		struct cfg_block *blk = g->blocks.v[id];
		for (size_t i = 0; i < blk->succs.n; i++) {
			uint32_t to = blk->succs.v[i].to->id;
			if (!seen[to]) {
				seen[to] = true;
				stack[sp++] = to;
			}
		}
	}
	for (size_t i = 0; i < n; i++)
		if (seen[i])
			num[i] = (uint32_t)norder, order[norder++] = (uint32_t)i;
	unsigned line, col;
	pos(ctx, ts_node_start_byte(g->fn), &line, &col);
	fprintf(out, "cfg %s (%s:%u)%s%s\n", g->name, path, line,
		g->incomplete ? " incomplete: " : "", g->incomplete ? g->incomplete : "");
	for (size_t k = 0; k < norder; k++) {
		struct cfg_block *blk = g->blocks.v[order[k]];
		fprintf(out, "  B%u%s\n", num[blk->id], blk == g->entry ? " (entry)" : "");
		for (size_t i = 0; i < blk->elems.n; i++) {
			struct cfg_elem *e = &blk->elems.v[i];
			pos(ctx, ts_node_start_byte(e->node), &line, &col);
			char *t = e->kind == EL_END ? xstrdup("}") : node_text_folded(e->node, g->text, 60);
			fprintf(out, "    %u: %s %s\n", line, elem_names[e->kind], t);
			free(t);
		}
		if (blk->succs.n) {
			fprintf(out, "    ->");
			for (size_t i = 0; i < blk->succs.n; i++) {
				struct cfg_edge *e = &blk->succs.v[i];
				fprintf(out, " B%u", num[e->to->id]);
				if (e->kind != E_NEXT) {
					fprintf(out, " [%s", edge_names[e->kind]);
					if (e->label)
						fprintf(out, " %s", e->label + (e->label[0] == ITER_LABEL));
					if (e->atom >= 0)
						fprintf(out, " {%s%s}", e->polarity ? "" : "!",
							g->atoms.v[e->atom].key);
					fprintf(out, "]");
				}
				if (i + 1 < blk->succs.n)
					fprintf(out, ",");
			}
			fprintf(out, "\n");
		}
	}
	free(seen);
	free(order);
	free(num);
	free(stack);
}

/* The note a path step says for taking edge kind `kind`. */
char *edge_note(uint8_t kind, const char *label)
{
	const char *l = label ? label : "";
	if (l[0] == ITER_LABEL && (kind == E_TRUE || kind == E_FALSE))
		return xasprintf(kind == E_TRUE ? "the loop over '%s' takes another entry"
						: "the loop over '%s' ends", l + 1);
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
	case E_MACRO:
		return xasprintf("'%s' may return here", l);
	case E_PP_FALSE:
		return xasprintf("preprocessor condition '%s' does not hold", l);
	default:
		return xstrdup("continuing");
	}
}
