// SPDX-License-Identifier: GPL-2.0
/*
 * What a call may change of the objects it is given (check_limit_int.h:
 * limit_call_kills).  A callee we cannot read may write anything through a
 * pointer, so a test the path made of `p->f` is forgotten when `p` is
 * passed on.  A callee defined in the same file is read instead: the fields
 * it assigns, increments, takes the address of or hands to a call (through
 * any pointer: what is below them), and nothing else unless it hands a
 * pointer of its own on (then anything).  The
 * Lenovo K900 tree's vtsspp `acc_read()` raises the limit under
 * `if (this->m_irq)` and restores it under the same test, calling
 * `acc_page_pin(this, addr)` in between, which only reads `m_irq`: the path
 * that raised and then found `m_irq` false was reported.
 */
#include "check_limit_int.h"

#include <string.h>

/* Nodes of a callee's body read before giving up (then: anything). */
#define FW_MAX_NODES 8192

struct fwrites {
	bool any;
	int n;
	const char *f[MAX_FW_FIELDS];	/* in the text, not terminated */
	uint32_t len[MAX_FW_FIELDS];
};

/* The name a declarator declares, and whether it declares a pointer (*ptr)
 * or an array (*arr). */
static TSNode declared(TSNode d, bool *ptr, bool *arr)
{
	*ptr = *arr = false;
	for (int guard = 0; guard < 16 && !ts_node_is_null(d); guard++) {
		if (node_is(d, S_identifier))
			return d;
		if (node_is(d, S_pointer_declarator))
			*ptr = true;
		else if (node_is(d, S_array_declarator))
			*arr = true;
		if (node_is(d, S_parenthesized_declarator))
			d = ts_node_named_child(d, 0);
		else if (node_is(d, S_init_declarator) || node_is(d, S_pointer_declarator) ||
			 node_is(d, S_array_declarator) || node_is(d, S_attributed_declarator) ||
			 node_is(d, S_function_declarator))
			d = node_field(d, "declarator");
		else
			break;
	}
	return (TSNode){0};
}

/* How fn declares the identifier id: a pointer (a parameter declared as an
 * array is one), an array of its own, anything else, or nothing (a global,
 * an enum constant: taken for "anything else"). */
enum { DK_PLAIN, DK_PTR, DK_LOCAL_ARRAY };

static int decl_kind(TSNode fn, const char *text, TSNode id)
{
	const char *w = node_ptr(id, text);
	size_t wl = node_len(id);
	VEC(TSNode) stack = {0};
	VEC_PUSH(stack, fn);
	int budget = FW_MAX_NODES, kind = DK_PLAIN;
	while (stack.n && budget-- > 0) {
		TSNode n = stack.v[--stack.n];
		bool param = node_is(n, S_parameter_declaration);
		if (param || node_is(n, S_declaration)) {
			uint32_t c = ts_node_named_child_count(n);
			for (uint32_t i = 0; i < c; i++) {
				bool ptr, arr;
				TSNode d = declared(ts_node_named_child(n, i), &ptr, &arr);
				if (ts_node_is_null(d) || node_len(d) != wl || memcmp(node_ptr(d, text), w, wl))
					continue;
				kind = ptr || (arr && param) ? DK_PTR : arr ? DK_LOCAL_ARRAY : DK_PLAIN;
				stack.n = 0;
				break;
			}
			continue;
		}
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = c; i-- > 0;)
			VEC_PUSH(stack, ts_node_named_child(n, i));
	}
	if (budget <= 0)
		kind = DK_PTR;	/* not found in time: assume the worst */
	VEC_FREE(stack);
	return kind;
}

/* The identifier an lvalue `*p`, `p[i]`, `*(p + 1)` writes through, or a
 * null node. */
static TSNode write_base(TSNode t)
{
	for (int guard = 0; guard < 16; guard++) {
		t = strip_parens(t);
		if (node_is(t, S_subscript_expression))
			t = ts_node_named_child(t, 0);
		else if (node_is(t, S_pointer_expression))
			t = node_field(t, "argument");
		else if (node_is(t, S_binary_expression))
			t = node_field(t, "left");
		else
			break;
	}
	return node_is(t, S_identifier) ? t : (TSNode){0};
}

/* The field next to the root of the field expression fe (`p->a.b->c`:
 * `a`, what a write anywhere below it changes of *p), into w; anything
 * when the root is no name (`p[i].a`, `f()->a`). */
static void add_field(struct fwrites *w, TSNode fe, const char *text)
{
	for (int guard = 0; guard < 32; guard++) {
		TSNode base = strip_parens(node_field(fe, "argument"));
		if (!node_is(base, S_field_expression))
			break;
		fe = base;
	}
	TSNode f = node_field(fe, "field");
	if (ts_node_is_null(f) || w->n == MAX_FW_FIELDS ||
	    !node_is(strip_parens(node_field(fe, "argument")), S_identifier)) {
		w->any = true;
		return;
	}
	const char *p = node_ptr(f, text);
	uint32_t l = node_len(f);
	for (int i = 0; i < w->n; i++)
		if (w->len[i] == l && !memcmp(w->f[i], p, l))
			return;
	w->f[w->n] = p;
	w->len[w->n++] = l;
}

/* The definition of the function name[0..len) in the file of `from`, at
 * its top level or one conditional group down, or a null node. */
static TSNode definition(TSNode from, const char *text, const char *name, size_t len)
{
	TSNode root = from;
	for (TSNode p = ts_node_parent(root); !ts_node_is_null(p); p = ts_node_parent(p))
		root = p;
	TSNode stack[32];
	int sp = 0;
	stack[sp++] = root;
	while (sp) {
		TSNode n = stack[--sp];
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++) {
			TSNode k = ts_node_named_child(n, i);
			if (node_is(k, S_function_definition)) {
				bool ptr, arr;
				TSNode d = declared(node_field(k, "declarator"), &ptr, &arr);
				if (!ts_node_is_null(d) && node_len(d) == len &&
				    !memcmp(node_ptr(d, text), name, len))
					return k;
			} else if ((node_is(k, S_preproc_if) || node_is(k, S_preproc_ifdef) ||
				    node_is(k, S_preproc_else) || node_is(k, S_preproc_elif)) &&
				   sp < 32) {
				stack[sp++] = k;
			}
		}
	}
	return (TSNode){0};
}

static void body_writes(TSNode fn, const char *text, struct fwrites *w, int depth);

/* The call n in fn is given a pointer: add what its callee writes, when it
 * is a function of the file (by name) read within the depth; false when
 * it is not. */
static bool callee_adds(TSNode fn, TSNode n, const char *text, struct fwrites *w, int depth)
{
	TSNode f = strip_parens(node_field(n, "function"));
	if (depth <= 0 || !node_is(f, S_identifier))
		return false;
	TSNode def = definition(fn, text, node_ptr(f, text), node_len(f));
	if (ts_node_is_null(def) || ts_node_eq(def, fn) || ts_node_is_null(node_field(def, "body")))
		return false;
	body_writes(def, text, w, depth - 1);
	return !w->any;
}

/* Callees of callees read for what they write, below the one called. */
#define FW_DEPTH 3

/* What fn's body may write through the pointers it is given; a pointer it
 * hands to a function of the file (`page_unpin(this)`) adds what that one
 * writes, FW_DEPTH deep. */
static void body_writes(TSNode fn, const char *text, struct fwrites *w, int depth)
{
	TSNode body = node_field(fn, "body");
	VEC(TSNode) stack = {0};
	VEC_PUSH(stack, body);
	int budget = FW_MAX_NODES;
	while (stack.n && !w->any) {
		if (budget-- <= 0) {
			w->any = true;
			break;
		}
		TSNode n = stack.v[--stack.n];
		if (node_is(n, S_assignment_expression) || node_is(n, S_update_expression) ||
		    (node_is(n, S_pointer_expression) &&
		     node_text_is(node_field(n, "operator"), text, "&"))) {
			TSNode t = strip_parens(node_field(n, node_is(n, S_assignment_expression) ? "left"
										: "argument"));
			if (node_is(t, S_field_expression)) {
				add_field(w, t, text);
			} else if (!node_is(t, S_identifier)) {
				/* through a pointer: only into an array of its own */
				TSNode b = write_base(t);
				w->any = ts_node_is_null(b) || decl_kind(fn, text, b) != DK_LOCAL_ARRAY;
			}
		} else if (node_is(n, S_call_expression)) {
			TSNode args = node_field(n, "arguments");
			uint32_t c = ts_node_named_child_count(args);
			for (uint32_t i = 0; i < c && !w->any; i++) {
				TSNode a = strip_parens(ts_node_named_child(args, i));
				if (node_is(a, S_field_expression))
					add_field(w, a, text);	/* what it points to, maybe */
				else if (node_is(a, S_identifier) && decl_kind(fn, text, a) == DK_PTR)
					w->any = !callee_adds(fn, n, text, w, depth);
			}
		}
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++)
			VEC_PUSH(stack, ts_node_named_child(n, i));
	}
	VEC_FREE(stack);
}

/* The call's callee as this file defines it, read once per call site. */
static const struct fw_memo *callee_writes(struct run *r, TSNode call)
{
	uint32_t off = ts_node_start_byte(call);
	for (size_t i = 0; i < r->fw.n; i++)
		if (r->fw.v[i].off == off)
			return &r->fw.v[i];
	struct fw_memo m = { .off = off, .any = true };
	size_t len;
	const char *name = call_name(call, r->text, &len);
	/* a call by name, not through a pointer that may hold another */
	TSNode def = name && node_is(strip_parens(node_field(call, "function")), S_identifier)
			     ? definition(r->ctx->g->fn, r->text, name, len)
			     : (TSNode){0};
	if (!ts_node_is_null(def) && !ts_node_is_null(node_field(def, "body"))) {
		struct fwrites w = {0};
		body_writes(def, r->text, &w, FW_DEPTH);
		m.any = w.any;
		m.nf = (uint8_t)w.n;
		for (int i = 0; i < w.n; i++)
			m.f[i] = arena_strndup(&r->d.arena, w.f[i], w.len[i]);
	}
	VEC_PUSH(r->fw, m);
	return &r->fw.v[r->fw.n - 1];
}

/* Does a test the path made read through k (`k->...`)?  Else a call given
 * k changes nothing the path knows, and the callee is not looked up. */
static bool reads_through(const struct cfg *g, const struct cfg_assumes *as, const char *k)
{
	size_t len = strlen(k);
	for (int i = 0; i < as->n; i++) {
		const struct cfg_atom *at = &g->atoms.v[as->v[i].atom];
		for (size_t j = 0; !at->fixed && j < at->nroots; j++)
			if (!strncmp(at->roots[j], k, len) && at->roots[j][len] == '-' &&
			    at->roots[j][len + 1] == '>')
				return true;
	}
	return false;
}

void limit_call_kills(struct run *r, struct state *s, TSNode call, TSNode arg)
{
	char *k = node_text_nospace(arg, r->text);
	if (!reads_through(r->ctx->g, &s->h.as, k)) {
		free(k);
		return;
	}
	const struct fw_memo *m = callee_writes(r, call);
	if (m->any) {
		/* a call given K can change *K, not K itself */
		assumes_kill(&s->h.as, r->ctx->g, k, strlen(k), true);
	} else {
		for (int i = 0; i < m->nf; i++) {
			char *kf = xasprintf("%s->%s", k, m->f[i]);
			assumes_kill(&s->h.as, r->ctx->g, kf, strlen(kf), false);
			free(kf);
		}
	}
	free(k);
}
