// SPDX-License-Identifier: GPL-2.0
/*
 * Conditions that the declared types decide (see cfg_atoms.h): a bool or
 * an unsigned value is never below zero, so `ok < 0` is always false and
 * `len >= 0` always true.  Vendor code tests a bool helper's result or an
 * unsigned length that way; the arm that assumes otherwise is no path.
 * Only the names the function's own text or its file declares are read:
 * locals, parameters, file-scope variables, functions declared or defined
 * in the file, and the file's typedefs.
 */
#include "api.h"
#include "cfg_atoms.h"

#include <string.h>

/* Parentheses only: a cast changes the type (`(int)len < 0` may be true). */
static TSNode only_parens(TSNode n)
{
	while (node_is(n, S_parenthesized_expression) && ts_node_named_child_count(n) == 1 &&
	       !node_is(ts_node_named_child(n, 0), S_compound_statement))
		n = ts_node_named_child(n, 0);
	return n;
}

static bool is_zero(TSNode n, const char *text)
{
	n = only_parens(n);
	if (!node_is(n, S_number_literal))
		return false;
	static const char *const zeros[] = { "0", "0U", "0u", "0L", "0l", "0UL", "0ul", "0x0" };
	for (size_t i = 0; i < ARRAY_SIZE(zeros); i++)
		if (node_text_is(n, text, zeros[i]))
			return true;
	return false;
}

static TSNode unit_of(TSNode n)
{
	for (int guard = 0; guard < 10000 && !ts_node_is_null(n); guard++) {
		if (node_is(n, S_translation_unit))
			return n;
		n = ts_node_parent(n);
	}
	TSNode none = {0};
	return none;
}

static int type_unsigned(TSNode type, const char *text, TSNode unit, int depth);

/* The file's `typedef T name;`: is T unsigned?  -1: no such typedef. */
static int typedef_unsigned(TSNode unit, const char *text, const char *name, size_t len, int depth)
{
	if (ts_node_is_null(unit) || depth > 3)
		return -1;
	int found = -1;
	uint32_t c = ts_node_named_child_count(unit);
	for (uint32_t i = 0; i < c; i++) {
		TSNode d = ts_node_named_child(unit, i);
		if (!node_is(d, S_type_definition))
			continue;
		TSNode decl = node_field(d, "declarator");
		if (!node_is(decl, S_type_identifier) || node_len(decl) != len ||
		    memcmp(node_ptr(decl, text), name, len))
			continue;
		int u = type_unsigned(node_field(d, "type"), text, unit, depth + 1);
		if (u != 1)
			return 0;
		found = 1;
	}
	return found;
}

/* 1: values of this type are never negative; 0: they may be (or unknown). */
static int type_unsigned(TSNode type, const char *text, TSNode unit, int depth)
{
	if (node_is(type, S_sized_type_specifier)) {
		const char *p = node_ptr(type, text);
		size_t len = node_len(type);
		return len >= 8 && memmem(p, len, "unsigned", 8) != NULL;
	}
	static const char *const names[] = {
		"bool", "_Bool", "size_t", "uintptr_t", "uint8_t", "uint16_t", "uint32_t",
		"uint64_t", "u8", "u16", "u32", "u64", "__u8", "__u16", "__u32", "__u64",
		"uint", "ulong", "ushort", "uchar", "u_int", "u_long", "u_short", "u_char",
		"u_int8_t", "u_int16_t", "u_int32_t", "u_int64_t", "dma_addr_t", "phys_addr_t",
	};
	if (node_is(type, S_primitive_type) || node_is(type, S_type_identifier)) {
		for (size_t i = 0; i < ARRAY_SIZE(names); i++)
			if (node_text_is(type, text, names[i]))
				return 1;
		if (node_is(type, S_type_identifier))
			return typedef_unsigned(unit, text, node_ptr(type, text), node_len(type), depth) == 1;
	}
	return 0;
}

/* Does child x of a declaration whose type is type declare name[0..len)?
 * Its declarator without the initialiser into *plain. */
static bool declares(TSNode x, TSNode type, const char *text, const char *name, size_t len,
		     TSNode *plain)
{
	if (ts_node_start_byte(x) == ts_node_start_byte(type) || !ts_node_is_null(node_field(x, "type")))
		return false;
	*plain = node_is(x, S_init_declarator) ? node_field(x, "declarator") : x;
	TSNode id = declarator_name(*plain);
	return !ts_node_is_null(id) && node_len(id) == len && !memcmp(node_ptr(id, text), name, len);
}

/*
 * The declarations of name[0..len) among the declarators of d (a
 * declaration or parameter): 1 when it is declared there as a plain
 * unsigned variable, 0 when declared otherwise, -1 when not there.
 */
static int decl_says(TSNode d, const char *text, const char *name, size_t len, TSNode unit)
{
	TSNode type = node_field(d, "type");
	int said = -1;
	uint32_t c = ts_node_named_child_count(d);
	for (uint32_t i = 0; i < c; i++) {
		TSNode plain;
		if (!declares(ts_node_named_child(d, i), type, text, name, len, &plain))
			continue;
		if (!node_is(plain, S_identifier))
			return 0;	/* a pointer, an array, a function */
		if (type_unsigned(type, text, unit, 0) != 1)
			return 0;
		said = 1;
	}
	return said;
}

struct find {
	const char *text, *name;
	size_t len;
	TSNode unit;
	int said;		/* -1: not declared; 1: unsigned everywhere; 0: otherwise */
};

static bool visit_decl(TSNode n, void *ctx)
{
	struct find *f = ctx;
	if (node_is(n, S_declaration)) {
		int s = decl_says(n, f->text, f->name, f->len, f->unit);
		if (s == 0 || (s == 1 && f->said != 0))
			f->said = s;
		return false;
	}
	return true;
}

/* Is the identifier id, seen in function fn, a bool or unsigned variable? */
static bool ident_unsigned(TSNode fn, const char *text, TSNode id, TSNode unit)
{
	struct find f = { text, node_ptr(id, text), node_len(id), unit, -1 };
	node_walk(node_field(fn, "body"), visit_decl, &f);
	if (f.said >= 0)
		return f.said == 1;
	TSNode decl = function_declarator_of(fn);
	TSNode list = ts_node_is_null(decl) ? decl : node_field(decl, "parameters");
	uint32_t c = ts_node_is_null(list) ? 0 : ts_node_named_child_count(list);
	for (uint32_t i = 0; i < c; i++) {
		TSNode p = ts_node_named_child(list, i);
		int s = node_is(p, S_parameter_declaration) ? decl_says(p, text, f.name, f.len, unit) : -1;
		if (s >= 0)
			return s == 1;
	}
	if (ts_node_is_null(unit))
		return false;
	c = ts_node_named_child_count(unit);
	for (uint32_t i = 0; i < c; i++) {
		TSNode d = ts_node_named_child(unit, i);
		int s = node_is(d, S_declaration) ? decl_says(d, text, f.name, f.len, unit) : -1;
		if (s == 0 || (s == 1 && f.said != 0))
			f.said = s;
	}
	return f.said == 1;
}

/* Does the file declare or define function name[0..len) with a bool or
 * unsigned result (and nowhere otherwise)? */
static bool returns_unsigned(TSNode unit, const char *text, const char *name, size_t len)
{
	if (ts_node_is_null(unit))
		return false;
	int said = -1;
	uint32_t c = ts_node_named_child_count(unit);
	for (uint32_t i = 0; i < c; i++) {
		TSNode d = ts_node_named_child(unit, i);
		if (!node_is(d, S_declaration) && !node_is(d, S_function_definition))
			continue;
		TSNode decl = node_field(d, "declarator");
		if (!node_is(decl, S_function_declarator))
			continue;	/* a pointer result, or no function */
		TSNode id = node_field(decl, "declarator");
		if (!node_is(id, S_identifier) || node_len(id) != len || memcmp(node_ptr(id, text), name, len))
			continue;
		if (type_unsigned(node_field(d, "type"), text, unit, 0) != 1)
			return false;
		said = 1;
	}
	return said == 1;
}

/* Can the value of n never be negative, by its declared type? */
static bool never_negative(const struct cfg *g, TSNode n)
{
	const char *text = g->text;
	n = only_parens(n);
	if (node_is(n, S_assignment_expression) &&
	    node_text_is(node_field(n, "operator"), text, "="))
		n = only_parens(node_field(n, "left"));	/* `(ret = f()) < 0`: ret's type */
	TSNode unit = unit_of(g->fn);
	if (node_is(n, S_identifier))
		return ident_unsigned(g->fn, text, n, unit);
	if (node_is(n, S_call_expression)) {
		TSNode f = node_field(n, "function");
		return node_is(f, S_identifier) &&
		       (returns_unsigned(unit, text, node_ptr(f, text), node_len(f)) ||
			api_is(node_ptr(f, text), node_len(f), A_NONNEG));
	}
	return false;
}

int cfg_type_decides(const struct cfg *g, TSNode n)
{
	const char *text = g->text;
	n = only_parens(n);
	/* `if (die_if_kernel(...)) return;`: only a debugger that stopped the
	 * oops makes it true */
	if (node_is(n, S_call_expression)) {
		TSNode f = node_field(n, "function");
		return node_is(f, S_identifier) && api_is(node_ptr(f, text), node_len(f), A_OOPS_STOPPED)
			       ? 0 : -1;
	}
	/* `if (err = copy_from_user(...) < 0)`: the value assigned is the test */
	if (node_is(n, S_assignment_expression) && node_text_is(node_field(n, "operator"), text, "="))
		n = only_parens(node_field(n, "right"));
	if (!node_is(n, S_binary_expression))
		return -1;
	TSNode op = node_field(n, "operator");
	TSNode l = node_field(n, "left"), r = node_field(n, "right");
	int below;	/* the value the test has when x is never negative */
	TSNode x;
	if (is_zero(r, text) && (node_text_is(op, text, "<") || node_text_is(op, text, ">="))) {
		below = node_text_is(op, text, ">=");
		x = l;
	} else if (is_zero(l, text) && (node_text_is(op, text, ">") || node_text_is(op, text, "<="))) {
		below = node_text_is(op, text, "<=");
		x = r;
	} else {
		return -1;
	}
	return never_negative(g, x) ? below : -1;
}

/* The type name declaration (or parameter) d gives name[0..len): its
 * struct or union tag, or its typedef name; NULL when d declares it
 * otherwise or not at all (*found says which). */
static const char *decl_type_name(TSNode d, const char *text, const char *name, size_t len,
				  size_t *tl, bool *found)
{
	TSNode type = node_field(d, "type");
	uint32_t c = ts_node_named_child_count(d);
	for (uint32_t i = 0; i < c; i++) {
		TSNode plain;
		if (!declares(ts_node_named_child(d, i), type, text, name, len, &plain))
			continue;
		*found = true;
		if (node_is(type, S_struct_specifier) || node_is(type, S_union_specifier))
			type = node_field(type, "name");
		if (ts_node_is_null(type) || !node_is(type, S_type_identifier))
			return NULL;
		*tl = node_len(type);
		return node_ptr(type, text);
	}
	return NULL;
}

struct find_type {
	const char *text, *name;
	size_t len, tl;
	const char *type;
	bool found;
};

static bool visit_type(TSNode n, void *ctx)
{
	struct find_type *f = ctx;
	if (f->found)
		return false;
	if (node_is(n, S_declaration)) {
		f->type = decl_type_name(n, f->text, f->name, f->len, &f->tl, &f->found);
		return false;
	}
	return true;
}

const char *cfg_var_type(const struct cfg *g, TSNode id, size_t *tl)
{
	const char *text = g->text;
	struct find_type f = { text, node_ptr(id, text), node_len(id), 0, NULL, false };
	node_walk(node_field(g->fn, "body"), visit_type, &f);
	if (f.found) {
		*tl = f.tl;
		return f.type;
	}
	TSNode decl = function_declarator_of(g->fn);
	TSNode list = ts_node_is_null(decl) ? decl : node_field(decl, "parameters");
	uint32_t c = ts_node_is_null(list) ? 0 : ts_node_named_child_count(list);
	for (uint32_t i = 0; i < c && !f.found; i++) {
		TSNode p = ts_node_named_child(list, i);
		if (node_is(p, S_parameter_declaration))
			f.type = decl_type_name(p, text, f.name, f.len, &f.tl, &f.found);
	}
	TSNode unit = unit_of(g->fn);
	c = f.found || ts_node_is_null(unit) ? 0 : ts_node_named_child_count(unit);
	for (uint32_t i = 0; i < c && !f.found; i++) {
		TSNode d = ts_node_named_child(unit, i);
		if (node_is(d, S_declaration))
			f.type = decl_type_name(d, text, f.name, f.len, &f.tl, &f.found);
	}
	*tl = f.tl;
	return f.type;
}
