// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: CFG construction (src/front/cfg.c) for every function of the
 * input, as analyze.c builds them (with the input's own statement macros
 * that hide a jump as the control-macro table), and the --dump-cfg printer
 * over each graph (which walks every block and edge).
 */
#include <stdio.h>

#include "cfg.h"
#include "fuzz_common.h"
#include "front.h"
#include "macros.h"

static void dump_pos(const void *ctx, size_t off, unsigned *line, unsigned *col)
{
	source_pos(ctx, off, line, col);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	struct source src;
	TSTree *tree = fuzz_parse_buffer(data, size, &src, false);
	if (!tree)
		return 0;
	node_list fns = {0};
	collect_functions(ts_tree_root_node(tree), &fns, 0);
	struct arena arena, marena;
	arena_init(&arena);
	arena_init(&marena);
	ctl_macro_list own = {0};
	macros_scan(src.text, src.len, true, &marena, &own);
	struct ctl_macros ctl;
	ctl_macros_init(&ctl);
	ctl_macros_add(&ctl, &own);
	ctl_macros_seal(&ctl);
	for (size_t i = 0; i < fns.n; i++) {
		char *name = function_name(fns.v[i], src.text);
		struct cfg g;
		cfg_build(&g, &arena, src.text, fns.v[i], name, &ctl);
		/* every edge leads to a block of this graph */
		for (size_t k = 0; k < g.blocks.n; k++) {
			const struct cfg_block *blk = g.blocks.v[k];
			if (blk->id != k)
				abort();
			for (size_t e = 0; e < blk->succs.n; e++)
				if (blk->succs.v[e].to->id >= g.blocks.n ||
				    g.blocks.v[blk->succs.v[e].to->id] != blk->succs.v[e].to)
					abort();
		}
		cfg_dump(&g, devnull, "fuzz.c", dump_pos, &src);
		cfg_release(&g);
		arena_release(&arena);
		free(name);
	}
	VEC_FREE(fns);
	ctl_macros_release(&ctl);
	VEC_FREE(own);
	arena_release(&marena);
	ts_tree_delete(tree);
	source_release(&src);
	return 0;
}
