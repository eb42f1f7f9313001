// SPDX-License-Identifier: GPL-2.0
/*
 * One file through the front end: load it, normalise the kernel dialect,
 * parse it with tree-sitter (within --time-budget), and the questions every
 * later stage asks of the tree: its function definitions, their names, and
 * whether a parse error hides control flow.  Used by the per-file pass
 * (driver/analyze.c) and by the whole-tree pass when it re-reads a file
 * (analysis/program.c).
 */
#include "front.h"

#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "normalize.h"

/* The words whose loss inside an ERROR node would change the analysis: these
 * keywords and the API table's A_VITAL names. */
static const char *const vital_words[] = {
	"return", "goto", "break", "continue", "if", "else", "switch", "case", "default",
	"while", "for", "do",
};

static bool text_has_vital(const char *p, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (p[i] == '{' || p[i] == '}')
			return true;
		if (!(p[i] == '_' || (p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z')))
			continue;
		if (i > 0 && (p[i - 1] == '_' || (p[i - 1] >= '0' && p[i - 1] <= '9') ||
			      (p[i - 1] >= 'a' && p[i - 1] <= 'z') || (p[i - 1] >= 'A' && p[i - 1] <= 'Z')))
			continue;
		size_t e = i;
		while (e < len && (p[e] == '_' || (p[e] >= '0' && p[e] <= '9') ||
				   (p[e] >= 'a' && p[e] <= 'z') || (p[e] >= 'A' && p[e] <= 'Z')))
			e++;
		for (size_t k = 0; k < ARRAY_SIZE(vital_words); k++)
			if (strlen(vital_words[k]) == e - i && !memcmp(vital_words[k], p + i, e - i))
				return true;
		if (api_is(p + i, e - i, A_VITAL))
			return true;
		i = e;
	}
	return false;
}

/*
 * Find the first parse error inside fn that could change control flow or
 * the limit; returns its offset + 1, or 0 when every error is harmless
 * (an expression the grammar could not read, a missing ';').
 */
uint32_t vital_error(TSNode n, const char *text, int depth)
{
	if (depth > 500)
		return ts_node_start_byte(n) + 1;
	if (ts_node_is_missing(n)) {
		const char *t = ts_node_type(n);
		if (strcmp(t, ";") && strcmp(t, ")") && strcmp(t, "identifier") && strcmp(t, "]"))
			return ts_node_start_byte(n) + 1;
		return 0;
	}
	if (ts_node_is_error(n)) {
		if (text_has_vital(node_ptr(n, text), node_len(n)))
			return ts_node_start_byte(n) + 1;
		return 0;
	}
	if (!ts_node_has_error(n))
		return 0;
	/* a cursor: ts_node_child(n, i) walks from the first child each time */
	uint32_t r = 0;
	TSTreeCursor c = ts_tree_cursor_new(n);
	if (ts_tree_cursor_goto_first_child(&c)) {
		do
			r = vital_error(ts_tree_cursor_current_node(&c), text, depth + 1);
		while (!r && ts_tree_cursor_goto_next_sibling(&c));
	}
	ts_tree_cursor_delete(&c);
	return r;
}

size_t error_bytes(TSNode n, int depth)
{
	if (ts_node_is_error(n))
		return node_len(n);
	if (!ts_node_has_error(n) || depth > 500)
		return 0;
	size_t sum = 0;
	TSTreeCursor c = ts_tree_cursor_new(n);
	if (ts_tree_cursor_goto_first_child(&c)) {
		do
			sum += error_bytes(ts_tree_cursor_current_node(&c), depth + 1);
		while (ts_tree_cursor_goto_next_sibling(&c));
	}
	ts_tree_cursor_delete(&c);
	return sum;
}

char *function_name(TSNode fn, const char *text)
{
	/* the function declarator's own name, not a parameter's */
	TSNode id = declarator_name(node_field(function_declarator_of(fn), "declarator"));
	if (!ts_node_is_null(id))
		return xstrndup(node_ptr(id, text), node_len(id));
	id = declarator_name(node_field(fn, "declarator"));
	if (!ts_node_is_null(id))
		return xstrndup(node_ptr(id, text), node_len(id));
	return xstrdup("(anonymous)");
}

void collect_functions(TSNode n, node_list *out, int depth)
{
	if (depth > 200)
		return;
	node_vec kids = {0};
	node_children(n, &kids);
	for (size_t i = 0; i < kids.n; i++) {
		TSNode ch = kids.v[i];
		if (node_is(ch, S_function_definition)) {
			if (!ts_node_is_null(node_field(ch, "body")))
				VEC_PUSH(*out, ch);
		} else if (node_is(ch, S_preproc_if) || node_is(ch, S_preproc_ifdef) ||
			   node_is(ch, S_preproc_elif) || node_is(ch, S_preproc_else) ||
			   node_is(ch, S_preproc_elifdef) || node_is(ch, S_linkage_specification) ||
			   node_is(ch, S_declaration_list) || ts_node_is_error(ch)) {
			collect_functions(ch, out, depth + 1);
		}
	}
	VEC_FREE(kids);
}

/* The parser reads the normalised text from memory; its progress callback
 * stops it at the file's deadline (--time-budget). */
struct parse_input {
	const char *text;
	uint32_t len;
	double deadline;
	bool late;
};

static const char *read_text(void *payload, uint32_t byte, TSPoint pt, uint32_t *n)
{
	struct parse_input *in = payload;
	(void)pt;
	if (byte >= in->len) {
		*n = 0;
		return "";
	}
	*n = in->len - byte;
	return in->text + byte;
}

static bool parse_progress(TSParseState *state)
{
	struct parse_input *in = state->payload;
	if (in->deadline > 0 && mono_seconds() > in->deadline)
		in->late = true;
	return in->late;
}

/* Parse src->text (the file started loading at `start`). */
TSTree *parse_text(const struct opts *o, TSParser *parser, const char *path,
			  struct source *src, double start, char **why)
{
	struct parse_input in = { src->text, (uint32_t)src->len,
				  o->time_budget > 0 ? start + o->time_budget : 0, false };
	TSInput input = { &in, read_text, TSInputEncodingUTF8, NULL };
	TSParseOptions popt = { &in, parse_progress };
	TSTree *tree = ts_parser_parse_with_options(parser, NULL, input, popt);
	if (!tree) {
		*why = in.late ? xasprintf("%s: not parsed within %g s (--time-budget), skipped", path,
					   o->time_budget) :
				 xasprintf("%s: the parser gave up on this file, skipped", path);
		source_release(src);
	}
	return tree;
}

static TSPoint point_at(const struct source *src, size_t off)
{
	unsigned line, col;
	source_pos(src, off, &line, &col);
	return (TSPoint){ line - 1, col - 1 };
}

TSTree *parse_text_elided(const struct opts *o, TSParser *parser, const char *path,
			  struct source *src, const struct elision *el, double start, char **why)
{
	if (!el->bytes)
		return parse_text(o, parser, path, src, start, why);
	/* only the text outside the blanked bodies (their braces included) */
	VEC(TSRange) rs = {0};
	uint32_t from = 0;
	for (size_t i = 0; i < el->all.n; i++) {
		const struct elided_body *b = &el->all.v[i];
		if (b->keep)
			continue;
		VEC_PUSH(rs, ((TSRange){ point_at(src, from), point_at(src, b->open + 1), from,
					 b->open + 1 }));
		from = b->close;
	}
	VEC_PUSH(rs, ((TSRange){ point_at(src, from), point_at(src, src->len), from,
				 (uint32_t)src->len }));
	if (!ts_parser_set_included_ranges(parser, rs.v, (uint32_t)rs.n))
		ts_parser_set_included_ranges(parser, NULL, 0);
	VEC_FREE(rs);
	TSTree *tree = parse_text(o, parser, path, src, start, why);
	ts_parser_set_included_ranges(parser, NULL, 0);
	return tree;
}

/* Is every definition that starts at spans[2k] in the tree, with the body
 * the blanking kept? */
static bool bodies_found(const struct elision *el, TSNode root, const uint32_t *spans,
			 size_t nspans)
{
	node_list fns = {0};
	collect_functions(root, &fns, 0);
	size_t j = 0, found = 0;
	for (size_t k = 0; k < nspans; k++) {
		while (j < fns.n && ts_node_start_byte(fns.v[j]) < spans[2 * k])
			j++;
		if (j == fns.n || ts_node_start_byte(fns.v[j]) != spans[2 * k])
			break;
		TSNode body = node_field(fns.v[j], "body");
		if (elision_body(el, ts_node_start_byte(body), ts_node_end_byte(body)) != 1)
			break;
		found++;
	}
	VEC_FREE(fns);
	return found == nspans;
}

TSTree *load_and_parse_bodies(const struct opts *o, TSParser *parser, const char *path,
			      struct source *src, const uint32_t *spans, size_t nspans,
			      bool *elided, char **why)
{
	double start = mono_seconds();
	*elided = false;
	if (!load_text(o, path, src, why))
		return NULL;
	struct elision el = {0};
	elide_bodies_except(src->text, src->len, spans, nspans, &el);
	TSTree *tree = parse_text_elided(o, parser, path, src, &el, start, why);
	if (tree && el.bytes && !bodies_found(&el, ts_tree_root_node(tree), spans, nspans)) {
		/* parse it whole after all */
		ts_tree_delete(tree);
		ts_parser_reset(parser);
		memcpy(src->text, el.orig, src->len + 1);
		el.bytes = 0;
		tree = parse_text(o, parser, path, src, start, why);
	}
	*elided = tree && el.bytes;
	elision_release(&el);
	return tree;
}

bool load_text(const struct opts *o, const char *path, struct source *src, char **why)
{
	if (source_load(src, path, o->max_file_size, why) < 0)
		return false;
	if (o->no_normalize)
		src->text = xstrndup(src->raw, src->len);
	else
		normalize(src);
	return true;
}

bool load_text_early(const struct opts *o, const char *path, struct source *src, char **why)
{
	if (source_load(src, path, o->max_file_size, why) < 0)
		return false;
	normalize_early(src);
	return true;
}

TSTree *load_and_parse(const struct opts *o, TSParser *parser, const char *path,
		       struct source *src, char **why)
{
	double start = mono_seconds();
	if (!load_text(o, path, src, why))
		return NULL;
	return parse_text(o, parser, path, src, start, why);
}
