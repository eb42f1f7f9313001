/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tree-sitter wrapper: parse normalised text, name the nodes we care
 * about, and small node helpers.  Node type checks compare interned
 * symbol ids, never strings, on the hot paths.
 */
#ifndef ADDRLIMIT_PARSE_H
#define ADDRLIMIT_PARSE_H

#include <string.h>
#include <tree_sitter/api.h>
#include "util.h"

const TSLanguage *tree_sitter_c(void);

/* Symbols looked up once (parse_init) and compared by value. */
enum sym {
#define SYM(id, name) S_##id,
#include "symbols.def"
#undef SYM
	S__COUNT
};
extern TSSymbol sym_id[S__COUNT];

/* Look up the symbols; call once before any parse. */
void parse_init(void);

static inline bool node_is(TSNode n, enum sym s)
{
	return !ts_node_is_null(n) && ts_node_symbol(n) == sym_id[s];
}

/* The grammar's id of a field name (names are string literals: the id is
 * remembered per thread by the literal's address, not compared by text
 * on every lookup as ts_node_child_by_field_name does). */
TSFieldId field_id(const char *field);

static inline TSNode node_field(TSNode n, const char *field)
{
	if (ts_node_is_null(n))
		return n;
	return ts_node_child_by_field_id(n, field_id(field));
}

/* Pointer into `text` and length of the node's bytes. */
static inline const char *node_ptr(TSNode n, const char *text)
{
	return text + ts_node_start_byte(n);
}
static inline size_t node_len(TSNode n)
{
	return ts_node_end_byte(n) - ts_node_start_byte(n);
}
/* Does the node's text equal s exactly? */
bool node_text_is(TSNode n, const char *text, const char *s);
/* Copy of the node's text with runs of white space folded to one space
 * and trimmed; at most max bytes (then "..."). Caller frees. */
char *node_text_folded(TSNode n, const char *text, size_t max);
/* Copy of the node's text with all white space removed: the canonical
 * form of an lvalue or condition (`ctx -> fs` and `ctx->fs` agree). Caller frees. */
char *node_text_nospace(TSNode n, const char *text);
/* The name of a called function: identifier text, or NULL for calls
 * through expressions. Returns a pointer into text with *len set. */
const char *call_name(TSNode call, const char *text, size_t *len);
/* Is p[0..len) (a name from call_name, possibly NULL) exactly s? */
static inline bool name_is(const char *p, size_t len, const char *s)
{
	return p && strlen(s) == len && memcmp(p, s, len) == 0;
}
/*
 * Visit every named node of the subtree at n (n first) in source order;
 * `visit` returns false to skip a node's children.  A tree cursor keeps
 * each step O(1): ts_node_named_child(n, i) in a loop is quadratic in the
 * number of children, which hurts on files with thousands of declarations.
 */
void node_walk(TSNode n, bool (*visit)(TSNode n, void *ctx), void *ctx);
/* The named children of n, in order, appended to out. */
typedef VEC(TSNode) node_vec;
void node_children(TSNode n, node_vec *out);

/*
 * The named children of a node one by one, for a recursive walk:
 *	struct kids k; kids_start(&k, n);
 *	for (TSNode c; kids_next(&k, &c);) ...
 *	kids_end(&k);	(also after leaving the loop early)
 * ts_node_named_child(n, i) walks from the first child each time, which
 * makes a loop over a long block quadratic; past a few children this
 * follows a cursor instead.
 */
struct kids {
	TSNode n;
	uint32_t i, count;
	bool cursor;		/* c is live */
	TSTreeCursor c;
};
void kids_start(struct kids *k, TSNode n);
bool kids_next(struct kids *k, TSNode *out);
void kids_end(struct kids *k);

/* The function_declarator of a function definition (through pointer and
 * parenthesised declarators), or a null node. */
TSNode function_declarator_of(TSNode fn);

/* Strip parentheses and casts around an expression. */
TSNode strip_parens(TSNode n);
/* Is n `likely(x)` or `unlikely(x)`, a branch hint around a test? */
bool is_hint_call(TSNode n, const char *text);
/* n without parentheses, casts and branch hints around it. */
TSNode strip_hints(TSNode n, const char *text);
/* The truth of a literal (true, 0, 1, NULL): 1, 0, or -1 when n is not one. */
int literal_truth(TSNode n, const char *text);
/* The identifier a declarator declares (through pointers, arrays, functions). */
TSNode declarator_name(TSNode decl);
/* The field an initializer pair names first: `.read = f` or the GNU
 * spelling older drivers use, `read: f`; a null node for `[i] = ...`. */
TSNode pair_field(TSNode pair);

#endif
