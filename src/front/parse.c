// SPDX-License-Identifier: GPL-2.0
/*
 * tree-sitter wrapper and node helpers (see parse.h).
 */
#include <string.h>
#include <ctype.h>
#include "parse.h"

#include <pthread.h>

TSSymbol sym_id[S__COUNT];

static const char *const sym_names[S__COUNT] = {
#define SYM(id, name) [S_##id] = name,
#include "symbols.def"
#undef SYM
};

/* The grammar's field names by their text (filled once: field_init):
 * ts_language_field_id_for_name() compares the name with each field's in
 * turn, 2% of a default run when the cache below missed. */
#define FIELD_SLOTS 256
static struct {
	const char *name;
	TSFieldId id;
} fields_by_name[FIELD_SLOTS];
static pthread_once_t fields_once = PTHREAD_ONCE_INIT;

static size_t field_slot(const char *name)
{
	return (size_t)hash_bytes(name, strlen(name), 0) & (FIELD_SLOTS - 1);
}

static void field_init(void)
{
	const TSLanguage *lang = tree_sitter_c();
	uint32_t n = ts_language_field_count(lang);
	for (TSFieldId id = 1; id <= n; id++) {
		const char *name = ts_language_field_name_for_id(lang, id);
		if (!name)
			continue;
		size_t h = field_slot(name);
		while (fields_by_name[h].name)
			h = (h + 1) & (FIELD_SLOTS - 1);
		fields_by_name[h].name = name;
		fields_by_name[h].id = id;
	}
}

static TSFieldId field_lookup(const char *field)
{
	pthread_once(&fields_once, field_init);
	for (size_t h = field_slot(field); fields_by_name[h].name; h = (h + 1) & (FIELD_SLOTS - 1))
		if (!strcmp(fields_by_name[h].name, field))
			return fields_by_name[h].id;
	return 0;
}

TSFieldId field_id(const char *field)
{
	/* each thread's last answers, by the literal's address (the callers
	 * pass string constants) */
	static __thread struct {
		const char *name;
		TSFieldId id;
	} seen[512];
	size_t h = (size_t)(((uintptr_t)field * 0x9e3779b97f4a7c15ull) >> 55);
	if (seen[h].name != field) {
		seen[h].id = field_lookup(field);
		seen[h].name = field;
	}
	return seen[h].id;
}

void parse_init(void)
{
	/* out of memory in the parser (ulimit -v): the same "fatal: out of
	 * memory" and exit 2 as ours, not tree-sitter's abort() */
	ts_set_allocator(xmalloc, xcalloc, xrealloc, free);
	const TSLanguage *lang = tree_sitter_c();
	for (int i = 0; i < S__COUNT; i++) {
		const char *name = sym_names[i];
		if (i == S_ERROR) {
			sym_id[i] = (TSSymbol)-1;	/* ts_builtin_sym_error */
			continue;
		}
		TSSymbol s = ts_language_symbol_for_name(lang, name, (uint32_t)strlen(name), true);
		if (!s)
			s = ts_language_symbol_for_name(lang, name, (uint32_t)strlen(name), false);
		if (!s)
			die("grammar has no symbol '%s' (wrong tree-sitter-c version?)", name);
		sym_id[i] = s;
	}
}

bool node_text_is(TSNode n, const char *text, const char *s)
{
	size_t len = node_len(n);
	return strlen(s) == len && memcmp(node_ptr(n, text), s, len) == 0;
}

char *node_text_folded(TSNode n, const char *text, size_t max)
{
	const char *p = node_ptr(n, text);
	size_t len = node_len(n);
	struct strbuf sb;
	strbuf_init(&sb);
	bool space = false;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)p[i];
		if (isspace(c)) {
			space = sb.len > 0;
			continue;
		}
		if (space)
			strbuf_addc(&sb, ' ');
		space = false;
		if (sb.len >= max) {
			strbuf_adds(&sb, "...");
			break;
		}
		strbuf_addc(&sb, (char)c);
	}
	return sb.buf;	/* ownership passes to the caller */
}

char *node_text_nospace(TSNode n, const char *text)
{
	const char *p = node_ptr(n, text);
	size_t len = node_len(n);
	char *k = xmalloc(len + 1);
	size_t w = 0;
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)p[i]))
			k[w++] = p[i];
	k[w] = '\0';
	return k;
}

const char *call_name(TSNode call, const char *text, size_t *len)
{
	TSNode fn = strip_parens(node_field(call, "function"));
	if (!node_is(fn, S_identifier))
		return NULL;
	*len = node_len(fn);
	return node_ptr(fn, text);
}

TSNode strip_parens(TSNode n)
{
	for (;;) {
		if (node_is(n, S_parenthesized_expression) && ts_node_named_child_count(n) == 1) {
			TSNode in = ts_node_named_child(n, 0);
			if (node_is(in, S_compound_statement))
				return n;
			n = in;
		} else if (node_is(n, S_cast_expression)) {
			n = node_field(n, "value");
		} else {
			return n;
		}
	}
}

bool is_hint_call(TSNode n, const char *text)
{
	if (!node_is(n, S_call_expression) ||
	    ts_node_named_child_count(node_field(n, "arguments")) != 1)
		return false;
	size_t len;
	const char *name = call_name(n, text, &len);
	return name_is(name, len, "likely") || name_is(name, len, "unlikely");
}

TSNode strip_hints(TSNode n, const char *text)
{
	n = strip_parens(n);
	for (int guard = 0; guard < 4 && is_hint_call(n, text); guard++)
		n = strip_parens(ts_node_named_child(node_field(n, "arguments"), 0));
	return n;
}

TSNode pair_field(TSNode pair)
{
	TSNode des = node_field(pair, "designator");
	if (node_is(des, S_field_designator))
		return ts_node_named_child(des, 0);
	return node_is(des, S_field_identifier) ? des : (TSNode){0};
}

TSNode declarator_name(TSNode decl)
{
	for (int guard = 0; guard < 64 && !ts_node_is_null(decl); guard++) {
		if (node_is(decl, S_identifier) || node_is(decl, S_field_identifier) ||
		    node_is(decl, S_type_identifier))
			return decl;
		TSNode inner = node_field(decl, "declarator");
		if (ts_node_is_null(inner)) {
			if (node_is(decl, S_parenthesized_declarator) ||
			    node_is(decl, S_attributed_declarator))
				inner = ts_node_named_child(decl, 0);
		}
		decl = inner;
	}
	TSNode none = {0};
	return none;
}

void node_walk(TSNode n, bool (*visit)(TSNode n, void *ctx), void *ctx)
{
	if (ts_node_is_null(n))
		return;
	TSTreeCursor c = ts_tree_cursor_new(n);
	size_t depth = 0;	/* ts_tree_cursor_current_depth() is O(depth) */
	for (;;) {
		TSNode cur = ts_tree_cursor_current_node(&c);
		bool descend = !ts_node_is_named(cur) || visit(cur, ctx);
		if (descend && ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		for (;;) {
			if (depth == 0)
				goto out;
			if (ts_tree_cursor_goto_next_sibling(&c))
				break;
			ts_tree_cursor_goto_parent(&c);
			depth--;
		}
	}
out:
	ts_tree_cursor_delete(&c);
}

void node_children(TSNode n, node_vec *out)
{
	if (ts_node_is_null(n))
		return;
	TSTreeCursor c = ts_tree_cursor_new(n);
	if (ts_tree_cursor_goto_first_child(&c)) {
		do {
			TSNode cur = ts_tree_cursor_current_node(&c);
			if (ts_node_is_named(cur))
				VEC_PUSH(*out, cur);
		} while (ts_tree_cursor_goto_next_sibling(&c));
	}
	ts_tree_cursor_delete(&c);
}

/* (below this many, ts_node_named_child() costs less than a cursor's
 * allocation) */
#define KIDS_BY_INDEX 8

void kids_start(struct kids *k, TSNode n)
{
	k->n = n;
	k->i = 0;
	k->count = ts_node_is_null(n) ? 0 : ts_node_named_child_count(n);
	k->cursor = false;
}

bool kids_next(struct kids *k, TSNode *out)
{
	if (k->i >= k->count)
		return false;
	if (k->count <= KIDS_BY_INDEX) {
		*out = ts_node_named_child(k->n, k->i++);
		return true;
	}
	if (!k->cursor) {
		k->c = ts_tree_cursor_new(k->n);
		k->cursor = true;
		if (!ts_tree_cursor_goto_first_child(&k->c))
			return false;
	} else if (!ts_tree_cursor_goto_next_sibling(&k->c)) {
		return false;
	}
	for (;;) {
		TSNode cur = ts_tree_cursor_current_node(&k->c);
		if (ts_node_is_named(cur)) {
			k->i++;
			*out = cur;
			return true;
		}
		if (!ts_tree_cursor_goto_next_sibling(&k->c))
			return false;
	}
}

void kids_end(struct kids *k)
{
	if (k->cursor)
		ts_tree_cursor_delete(&k->c);
	k->cursor = false;
}

TSNode function_declarator_of(TSNode fn)
{
	TSNode d = node_field(fn, "declarator");
	for (int guard = 0; guard < 32 && !ts_node_is_null(d); guard++) {
		if (node_is(d, S_function_declarator))
			return d;
		TSNode inner = node_field(d, "declarator");
		if (ts_node_is_null(inner))
			inner = ts_node_named_child(d, 0);
		d = inner;
	}
	TSNode none = {0};
	return none;
}

/* The truth of a literal (true, 0, 1, NULL): 1, 0, or -1 when n is not one. */
int literal_truth(TSNode n, const char *text)
{
	n = strip_parens(n);
	if (node_is(n, S_true))
		return 1;
	if (node_is(n, S_false) || node_is(n, S_null) ||
	    (node_is(n, S_identifier) && node_text_is(n, text, "NULL")))
		return 0;
	if (node_is(n, S_number_literal)) {
		const char *p = node_ptr(n, text);
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
