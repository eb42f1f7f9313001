// SPDX-License-Identifier: GPL-2.0
/*
 * Paired-state rules over one file (see check_pairs.h).
 *
 * This file runs the rounds over a file's functions (a helper first, then
 * its callers again while summaries change), sums each function up for
 * its callers (what it leaves open or closes, keys relative to its
 * parameters) and judges its exits: pair-unbalanced, lock-held-return.
 * The walk of one function is check_pairs_walk.c, on the dataflow driver.
 */
#include "check_pairs_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "pipeline.h"

#define ROUNDS 4

/* --- judging and summing up --------------------------------------------- */

static bool exit_has_rule(const struct pexit *e, uint16_t rule)
{
	for (int i = 0; i < e->nheld; i++)
		if (e->h[i].rule == rule && !e->h[i].owed)
			return true;
	return false;
}

/* Do the exits that hold `rule` return other values than those that do
 * not (a helper whose result says whether it took the state)?  Sets *acq. */
static bool correlated(const struct run *r, uint16_t rule, uint8_t *acq)
{
	unsigned with = 0, without = 0;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		if (exit_has_rule(e, rule) && e->returns_acq) {
			*acq = e->ret_acq;
			return true;
		}
		if (exit_has_rule(e, rule))
			with |= 1u << e->rclass;
		else
			without |= 1u << e->rclass;
	}
	if (!with || !without || ((with | without) & (1u << RC_UNK)) || (with & without))
		return false;
	*acq = (with & (1u << RC_ZERO)) ? ACQ_ZERO : ACQ_NONZERO;
	return true;
}

/* A key relative to the function's parameters ("$0->lock"), or NULL when
 * it names a local object. */
static const char *sum_key(struct run *r, uint16_t key, struct arena *a)
{
	const char *k = r->keys.v[key];
	size_t pre = 0;
	while (k[pre] == '&' || k[pre] == '*')
		pre++;
	size_t e = pre;
	while (isalnum((unsigned char)k[e]) || k[e] == '_')
		e++;
	int p = df_param_index(&r->params, k + pre, e - pre);
	if (p < 0)
		return arena_strndup(a, k, strlen(k));
	char *s = xasprintf("%.*s$%d%s", (int)pre, k, p, k + e);
	const char *out = arena_strndup(a, s, strlen(s));
	free(s);
	return out;
}

static void summarize(struct run *r, struct pair_sum *sum, struct arena *a)
{
	memset(sum, 0, sizeof(*sum));
	sum->known = true;
	if (r->d.budget_hit || !r->exits.n)
		return;
	for (size_t i = 0; i < r->exits.n; i++)
		sum->rets |= (uint8_t)(1u << r->exits.v[i].rclass);
	/* opens: held at every exit, or at the exits of one kind of result */
	VEC(struct held) cand = {0};
	for (size_t i = 0; i < r->exits.n; i++)
		for (int k = 0; k < r->exits.v[i].nheld; k++) {
			const struct held *h = &r->exits.v[i].h[k];
			if (h->owed)
				continue;
			bool dup = false;
			for (size_t m = 0; m < cand.n; m++)
				dup |= cand.v[m].rule == h->rule && cand.v[m].key == h->key;
			if (!dup)
				VEC_PUSH(cand, *h);
		}
	for (size_t m = 0; m < cand.n && sum->n < MAX_ITEMS; m++) {
		const struct held *h = &cand.v[m];
		bool all = true;
		for (size_t i = 0; i < r->exits.n && all; i++) {
			bool here = false;
			for (int k = 0; k < r->exits.v[i].nheld; k++)
				here |= held_eq(&r->exits.v[i].h[k], h);
			all = here;
		}
		uint8_t acq = ACQ_ALWAYS;
		bool told = correlated(r, h->rule, &acq);
		if (!all && !told)
			continue;
		if (all && !told)
			acq = ACQ_ALWAYS;
		const char *key = h->key ? sum_key(r, h->key, a) : NULL;
		/* an exit that returns with it, an error return first: the note
		 * a caller in another file shows */
		uint32_t exit_off = 0;
		for (int pass = acq == ACQ_ZERO; pass < 2 && !exit_off; pass++)
			for (size_t i = 0; i < r->exits.n && !exit_off; i++)
				for (int k = 0; k < r->exits.v[i].nheld; k++)
					if (held_eq(&r->exits.v[i].h[k], h) &&
					    (pass || r->exits.v[i].rclass == RC_NEG))
						exit_off = r->exits.v[i].off;
		sum->it[sum->n++] = (struct pair_item){ .rule = h->rule, .acq = acq, .key = key,
							.open_off = h->off, .exit_off = exit_off };
	}
	VEC_FREE(cand);
	for (size_t i = 0; i < r->closes.n && sum->n < MAX_ITEMS; i++) {
		struct pair_item it = r->closes.v[i];
		if (it.key) {
			uint16_t k = 0;
			for (size_t j = 1; j < r->keys.n; j++)
				if (!strcmp(r->keys.v[j], it.key))
					k = (uint16_t)j;
			it.key = k ? sum_key(r, k, a) : NULL;
		}
		sum->it[sum->n++] = it;
	}
}

static bool sum_eq(const struct pair_sum *a, const struct pair_sum *b)
{
	if (a->known != b->known || a->n != b->n || a->rets != b->rets)
		return false;
	for (int i = 0; i < a->n; i++) {
		const struct pair_item *x = &a->it[i], *y = &b->it[i];
		if (x->rule != y->rule || x->acq != y->acq || x->close != y->close ||
		    !x->key != !y->key || (x->key && strcmp(x->key, y->key)))
			return false;
	}
	return true;
}

/* Is the function itself part of a rule's API, or annotated as taking or
 * releasing a lock?  Then its exits are its purpose, not a fault. */
static bool exempt(struct run *r)
{
	int ri, ci;
	bool o;
	const char *name = r->g->name;
	if (rules_lookup(name, strlen(name), &ri, &ci, &o))
		return true;
	TSNode fn = r->fr->fns[r->fn];
	TSNode body = node_field(fn, "body");
	uint32_t a = ts_node_start_byte(fn);
	uint32_t b = ts_node_is_null(body) ? a : ts_node_start_byte(body);
	const char *raw = r->fr->src->raw;
	return b > a && (memmem(raw + a, b - a, "__acquires", 10) ||
			 memmem(raw + a, b - a, "__releases", 10) ||
			 memmem(raw + a, b - a, "__must_hold", 11));
}

static bool opener_name(const char *name)
{
	static const char *const tails[] = { "_begin", "_start", "_enter", "_lock", "_get",
					     "_disable", "_acquire", "_save", "_map", "_map_object" };
	size_t n = strlen(name);
	for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		size_t t = strlen(tails[i]);
		if (n > t && !strcmp(name + n - t, tails[i]))
			return true;
	}
	return false;
}

static void judge(struct run *r)
{
	if (exempt(r))
		return;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		bool at_brace = r->fr->text[e->off] == '}';
		for (int k = 0; k < e->nheld; k++) {
			const struct held *h = &e->h[k];
			if (h->owed)
				continue;
			bool dup = false;
			for (int j = 0; j < k; j++)
				dup |= e->h[j].rule == h->rule;
			/* the same exit reached holding the same thing by another path */
			for (size_t m = 0; m < i && !dup; m++)
				for (int j = 0; j < r->exits.v[m].nheld && !dup; j++)
					dup = r->exits.v[m].off == e->off &&
					      r->exits.v[m].h[j].rule == h->rule &&
					      (pairs_rule(r, h->rule)->check == C_PAIR_UNBALANCED ||
					       r->exits.v[m].h[j].key == h->key);
			if (dup)
				continue;
			const struct rule *ru = pairs_rule(r, h->rule);
			if (e->returns_acq)
				continue;	/* the caller learns from the result */
			/* a result that tells the caller excuses a helper, not an entry point */
			uint8_t acq;
			bool told = correlated(r, h->rule, &acq);
			char *hn = held_name(r, h);
			const char *fin = at_brace ? "falls off the end of the function with it held"
						   : "returns with it held";
			if (ru->check == C_LOCK_HELD_RETURN) {
				pairs_cand(r, h->rule, PC_ENTRY, C_LOCK_HELD_RETURN, e->off, e->trace, NULL, hn, NULL, fin);
				continue;
			}
			bool mixed = false;
			for (size_t m = 0; m < r->exits.n && !mixed; m++)
				mixed = !exit_has_rule(&r->exits.v[m], h->rule);
			/* a wrapper named to open (dc_fpu_begin: only the outermost
			 * call opens) keeps it open by design */
			mixed &= !told && !opener_name(r->g->name);
			char *msg = mixed ? xasprintf("'%s' returns with the %s still open on this path but "
						      "closes it on others", r->g->name, hn)
					  : NULL;
			pairs_cand(r, h->rule, mixed ? PC_ALWAYS : PC_ENTRY, C_PAIR_UNBALANCED, e->off, e->trace, msg,
				 hn, NULL, at_brace ? "falls off the end of the function with it open"
						    : "returns with it open");
		}
	}
}

int pairs_run_fn(struct frun *fr, size_t i, bool report, struct pair_sum *sum,
		 pair_cand_list *out, struct arena *sums_arena)
{
	const char *name = fr->ff->fns.v[i].name;
	struct arena ga;
	arena_init(&ga);
	struct cfg g;
	cfg_build(&g, &ga, fr->text, fr->fns[i], name, fr->ff->ctl);
	struct run r = { .fr = fr, .g = &g, .fn = (uint32_t)i, .report = report };
	VEC_PUSH(r.keys, xstrdup(""));
	df_params_init(&r.params, fr->fns[i], fr->text);
	if (pairs_walk(&r, fr->o->budget, fr->deadline))
		judge(&r);
	summarize(&r, sum, sums_arena);
	if (!r.d.budget_hit)
		for (size_t k = 0; k < r.cands.n; k++)
			VEC_PUSH(*out, r.cands.v[k]);
	else
		pair_cands_release(&r.cands);
	VEC_FREE(r.cands);
	VEC_FREE(r.exits);
	VEC_FREE(r.closes);
	VEC_FREE(r.seen);
	for (size_t k = 0; k < r.keys.n; k++)
		free(r.keys.v[k]);
	VEC_FREE(r.keys);
	int hit = r.d.time_hit ? 2 : r.d.budget_hit ? 1 : 0;
	df_release(&r.d);
	cfg_release(&g);
	arena_release(&ga);
	return hit;
}

/* Can function i of the file be an entry point?  A static one only through
 * its own file's registrations (or --entry). */
static bool maybe_entry(const struct opts *o, const struct file_facts *ff, size_t i)
{
	const struct fn_fact *f = &ff->fns.v[i];
	if (!f->is_static || entries_lookup(&ff->regs, f->name) || !strncmp(f->name, "sys_", 4) ||
	    !strncmp(f->name, "compat_sys_", 11))
		return true;
	for (size_t k = 0; k < o->entries.n; k++)
		if (!strcmp(o->entries.v[k], f->name))
			return true;
	return false;
}

void pairs_file(const struct opts *o, const struct source *src, const char *path,
		const TSNode *fns, size_t n, struct file_facts *ff, pair_cand_list *out,
		struct file_result *res, double deadline)
{
	const struct rule_set *rs = rules_get();
	if (!rs || !n || !(o->enabled[C_PAIR_UNBALANCED] || o->enabled[C_LOCK_HELD_RETURN] ||
			   o->enabled[C_UACCESS_CALL]))
		return;
	struct frun fr = { .o = o, .src = src, .text = src->text, .rs = rs, .ff = ff,
			   .fns = fns, .deadline = deadline };
	bool *direct = xcalloc(n, sizeof(bool));
	unsigned *kinds = xcalloc(n, sizeof(unsigned));
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		kinds[i] = f->unanalysable ? 0 : rules_relevant(src->text, f->start, f->end);
		direct[i] = kinds[i] != 0;
		any |= direct[i];
	}
	if (!any) {
		free(direct);
		free(kinds);
		return;
	}
	const char *arch = strstr(path, "arch/");
	if (arch && (arch == path || arch[-1] == '/'))
		fr.other_arch = strncmp(arch + 5, "x86/", 4) != 0 && strncmp(arch + 5, "um/", 3) != 0;
	fr.nslots = 16;
	while (fr.nslots < n * 2)
		fr.nslots *= 2;
	fr.by_hash = xcalloc(fr.nslots, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++) {
		const char *nm = ff->fns.v[i].name;
		uint32_t h = (uint32_t)hash_bytes(nm, strlen(nm), 3) & (uint32_t)(fr.nslots - 1);
		while (fr.by_hash[h])
			h = (h + 1) & (uint32_t)(fr.nslots - 1);
		fr.by_hash[h] = (uint32_t)i + 1;
	}
	/* a function that only takes locks, can never be an entry point and is
	 * called by nothing in its file (a callback stored in some ops table)
	 * can report nothing and tell no caller anything: not analysed */
	bool *called = xcalloc(n, sizeof(bool));
	for (size_t i = 0; i < n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		for (uint32_t k = 0; k < f->ncalls; k++) {
			const char *c = f->calls[k].callee;
			int j = c[0] == '.' ? -1 : pairs_fn_index(&fr, c, strlen(c));
			if (j >= 0 && (size_t)j != i)
				called[j] = true;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (direct[i] && kinds[i] == RULES_LOCK && !called[i] && !maybe_entry(o, ff, i))
			direct[i] = false;
	free(called);
	free(kinds);
	fr.sums = xcalloc(n, sizeof(struct pair_sum));
	struct arena sa;
	arena_init(&sa);
	pair_cand_list *per = xcalloc(n, sizeof(*per));
	bool *need = xcalloc(n, sizeof(bool));
	uint8_t *bad = xcalloc(n, sizeof(uint8_t));
	for (size_t i = 0; i < n; i++)
		need[i] = direct[i];
	/* round 0: the functions that name a rule call; then their callers in
	 * the file, and again while summaries change */
	for (int round = 0; round < ROUNDS; round++) {
		bool changed = false;
		for (size_t i = 0; i < n; i++) {
			if (!need[i] || ff->fns.v[i].unanalysable)
				continue;
			struct pair_sum sum;
			pair_cands_release(&per[i]);
			bad[i] = (uint8_t)pairs_run_fn(&fr, i, true, &sum, &per[i], &sa);
			if (!sum_eq(&sum, &fr.sums[i]) && (sum.n || fr.sums[i].n))
				changed = true;
			fr.sums[i] = sum;
			need[i] = false;
		}
		if (!changed && round)
			break;
		/* callers of functions with an effect run (again) */
		bool more = false;
		for (size_t i = 0; i < n; i++) {
			const struct fn_fact *f = &ff->fns.v[i];
			if (f->unanalysable)
				continue;
			for (uint32_t k = 0; k < f->ncalls && !need[i]; k++) {
				const char *c = f->calls[k].callee;
				int j = c[0] == '.' ? -1 : pairs_fn_index(&fr, c, strlen(c));
				if (j >= 0 && (size_t)j != i && fr.sums[j].known && fr.sums[j].n &&
				    (round == 0 || changed))
					need[i] = more = true;
			}
		}
		if (!more)
			break;
	}
	for (size_t i = 0; i < n; i++) {
		if (fr.sums[i].known)	/* for callers in other files (program_pairs.c) */
			pairs_export(&fr, i, &fr.sums[i], &ff->arena);
		for (int k = 0; k < fr.sums[i].n; k++)
			if (fr.sums[i].it[k].close && fr.sums[i].it[k].rule < 32)
				ff->fns.v[i].pair_closes |= 1u << fr.sums[i].it[k].rule;
		/* a static function is an entry point only through its own file
		 * (its registration, or --entry): keep no candidate that waits
		 * for one it can never be (memory on a whole tree) */
		bool may = maybe_entry(o, ff, i);
		for (size_t k = 0; k < per[i].n; k++) {
			struct pair_cand *c = &per[i].v[k];
			if (c->need == PC_ENTRY && !may) {
				finding_release(&c->f);
				free(c->held);
				free(c->callee);
				continue;
			}
			VEC_PUSH(*out, *c);
		}
		VEC_FREE(per[i]);
		if (bad[i]) {
			char *why = bad[i] == 2
				? xasprintf("lock and pair rules not checked: the file's time budget "
					    "of %g s (--time-budget) ran out", o->time_budget)
				: xasprintf("lock and pair rules not checked: more than %zu states "
					    "(--state-budget)", o->budget);
			struct partial part = { xstrdup(ff->fns.v[i].name), ff->fns.v[i].line, why,
						false };
			VEC_PUSH(res->partial, part);
		}
	}
	free(per);
	free(need);
	free(bad);
	free(direct);
	free(fr.sums);
	free(fr.by_hash);
	arena_release(&sa);
}
