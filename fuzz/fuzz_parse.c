// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: normalisation and parse (src/front/normalize.c, src/front/parse.c).
 * Checks that normalisation keeps every offset and line, then walks the
 * tree with the helpers the analysis uses on every node: names,
 * declarators, folded text, and the function list with its parse errors.
 */
#include "fuzz_common.h"
#include "front.h"

static bool visit(TSNode n, void *ctx)
{
	const char *text = ctx;
	size_t len;
	if (node_is(n, S_call_expression))
		(void)call_name(n, text, &len);
	if (node_is(n, S_function_definition) || node_is(n, S_declaration) ||
	    node_is(n, S_parameter_declaration))
		(void)declarator_name(node_field(n, "declarator"));
	if (node_is(n, S_parenthesized_expression) || node_is(n, S_cast_expression))
		(void)strip_parens(n);
	if (node_is(n, S_if_statement) || node_is(n, S_binary_expression)) {
		char *s = node_text_folded(n, text, 60);
		free(s);
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct source src;
	TSTree *tree = fuzz_parse_buffer(data, size, &src, true);
	if (!tree)
		return 0;
	TSNode root = ts_tree_root_node(tree);
	node_walk(root, visit, src.text);

	node_list fns = {0};
	collect_functions(root, &fns, 0);
	for (size_t i = 0; i < fns.n; i++) {
		char *name = function_name(fns.v[i], src.text);
		unsigned line, col;
		uint32_t bad = vital_error(fns.v[i], src.text, 0);
		if (bad)
			source_pos(&src, bad - 1, &line, &col);
		(void)source_col_cp(&src, ts_node_end_byte(fns.v[i]));
		free(name);
	}
	VEC_FREE(fns);
	ts_tree_delete(tree);
	source_release(&src);
	return 0;
}
