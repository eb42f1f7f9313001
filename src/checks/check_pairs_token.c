// SPDX-License-Identifier: GPL-2.0
/*
 * --verify-token-locks (check_pairs_int.h): the functions whose locks the
 * token check settles (locktok.h) are walked like the others, and any
 * that the walk reports or sums up is printed.  A body the token check
 * settles is left out of the parse (elide.c), a file of only such bodies
 * not parsed at all (analyze.c): this is the evidence that doing so loses
 * nothing the pair rules would see.
 */
#include "check_pairs_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "elide.h"

/* Which functions of the file the token check settles (--verify-token-locks). */
bool *token_settled(const struct source *src, const TSNode *fns, size_t n,
		    const struct file_facts *ff)
{
	bool *tok = xcalloc(n ? n : 1, sizeof(bool));
	uint32_t *opens;
	size_t m = elide_settled(src->raw, src->early ? src->early : src->text, src->len, ff->ctl,
				 &opens);
	for (size_t i = 0; i < n && m; i++) {
		TSNode body = node_field(fns[i], "body");
		uint32_t at = ts_node_is_null(body) ? UINT32_MAX : ts_node_start_byte(body);
		for (size_t k = 0; k < m && !tok[i]; k++)
			tok[i] = opens[k] == at;
	}
	free(opens);
	return tok;
}

/*
 * --verify-token-locks: a function the token check settles must be one
 * the walk reports nothing in (no candidate, whatever the whole tree
 * would make of it) and sums up as nothing for its callers (no item, no
 * lock held on some path), with no budget run out: else the body could
 * not have been left out of the parse.  One the analysis never walked
 * agrees when it names no rule call nor wrapper (not direct[i]: the
 * token check found none either, the rule's name being in a comment
 * before it); its callers were walked, and found nothing of it to take.
 * Each difference is a line on stderr; res counts them.
 */
void token_compare(struct frun *fr, const bool *tok, const bool *direct,
		   const pair_cand_list *per, const uint8_t *bad, struct file_result *res)
{
	const struct file_facts *ff = fr->ff;
	for (size_t i = 0; i < ff->fns.n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		if (!tok[i] || f->unanalysable)
			continue;
		res->tok_checked++;
		const struct pair_sum *s = &fr->sums[i];
		if (!s->known && !direct[i])
			continue;
		const char *why = !s->known ? "it was not analysed"
				  : bad[i] ? "a budget ran out"
				  : per[i].n ? "the analysis reports it"
				  : s->n || s->partial ? "its summary is not empty" : NULL;
		if (!why)
			continue;
		res->tok_differs++;
		/* what it is: the first finding, or the summary's first item */
		const struct rule *ru = s->n ? &fr->rs->v.v[s->it[0].rule] : NULL;
		fprintf(stderr, "addrlimit: token check differs: %s:%u: '%s' settled from its "
			"tokens, but %s (%s%s%s%s)\n", res->path, f->line, f->name, why,
			per[i].n ? checks[per[i].v[0].f.id].id : ru ? (s->it[0].close ? "closes " : "opens ") : "partial",
			ru && !per[i].n ? ru->name : "", ru && !per[i].n ? " " : "",
			ru && !per[i].n && s->it[0].key ? s->it[0].key : "");
	}
}
