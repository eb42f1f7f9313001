// SPDX-License-Identifier: GPL-2.0
/*
 * The pair rules run again over one function in the whole-tree pass
 * (check_pairs.h: pairs_rerun): analysis/program_pairs.c visits the call
 * graph bottom-up and walks a caller again with the summaries of its
 * callees in other files (check_pairs_sum.c keeps them in the facts).
 */
#include "check_pairs_int.h"

#include <stdlib.h>
#include <string.h>

static bool px_same(const struct fn_fact *f, uint8_t n, const struct pair_fx *old)
{
	if (f->npx != n)
		return false;
	for (uint8_t k = 0; k < n; k++) {
		const struct pair_fx *x = &f->px[k], *y = &old[k];
		if (x->rule != y->rule || x->acq != y->acq || x->close != y->close ||
		    x->kind != y->kind || !x->key != !y->key || (x->key && strcmp(x->key, y->key)))
			return false;
	}
	return true;
}

int pairs_rerun(const struct opts *o, const struct source *src, const char *path,
		const TSNode *fns, struct file_facts *ff, uint32_t fn, pairs_ext_fn ext,
		void *ctx, struct arena *a, pair_cand_list *out, double deadline)
{
	const struct rule_set *rs = rules_get();
	size_t n = ff->fns.n;
	if (!rs || fn >= n)
		return -1;
	struct frun fr = { .o = o, .src = src, .text = src->text, .rs = rs, .ff = ff,
			   .fns = fns, .deadline = deadline, .ext = ext, .ext_ctx = ctx };
	pairs_frun_index(&fr, path);
	struct arena sa;
	arena_init(&sa);
	/* the callees of its own file: their summaries so far */
	fr.sums = xcalloc(n, sizeof(struct pair_sum));
	for (size_t i = 0; i < n; i++)
		if (ff->fns.v[i].px_known)
			pairs_import(&ff->fns.v[i], NULL, &fr.sums[i], &sa);
	struct pair_sum sum;
	int hit = pairs_run_fn(&fr, fn, true, &sum, out, &sa);
	int changed = -1;
	if (!hit) {
		struct fn_fact *f = &ff->fns.v[fn];
		uint8_t oldn = f->npx;
		const struct pair_fx *old = f->px;
		pairs_export(&fr, fn, &sum, a);
		changed = !px_same(f, oldn, old);
		for (int k = 0; k < sum.n; k++)
			if (sum.it[k].close && sum.it[k].rule < 32)
				f->pair_closes |= 1u << sum.it[k].rule;
	} else {
		pair_cands_release(out);
	}
	free(fr.sums);
	free(fr.by_hash);
	VEC_FREE(fr.own_macros);
	arena_release(&sa);
	return changed;
}
