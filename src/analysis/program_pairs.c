// SPDX-License-Identifier: GPL-2.0
/*
 * The pair rules across files (program_int.h).
 *
 * The first pass sums each function up for the callers of its own file
 * (what it leaves held or open, what it releases, keyed by its parameters,
 * and whether its result tells which); those summaries are in the facts.
 * Here the components of the whole call graph are visited callees first
 * (level by level, see visit_levels), and a function that calls a function of another file which leaves
 * something open, or a function whose summary changed here, is walked
 * again with those summaries: a helper in one file that returns with a
 * mutex held on an error path is then seen by the ioctl of another file
 * that calls it.  Its candidates replace those of the first pass, and its
 * new summary is what its own callers see.  The facts of the first pass
 * are cached, not these, so a cached run repeats the same steps.
 */
#include "program_int.h"

#include <stdlib.h>
#include <string.h>

#include "check_pairs.h"
#include "rules.h"

/* The one function of another file that the call of p->cur at off reaches
 * by name (not through a field: which implementation runs is unknown). */
static const struct fn_fact *ext_callee(void *ctx, uint32_t fn, uint32_t off, const char **path)
{
	struct program *p = ctx;
	uint32_t id = p->cur;
	const struct fn_fact *f = fact(p, id);
	long c = fn_call_at(f, off);
	if (c < 0 || f->calls[c].callee[0] == '.' || p->fn.v[id].idx != fn)
		return NULL;
	const struct range *r = &p->cr.v[p->call_base[id] + (uint32_t)c];
	if (r->n != 1)
		return NULL;
	uint32_t t = p->tg.v[r->first];
	if (p->fn.v[t].file == p->fn.v[id].file)
		return NULL;	/* its own file's: the walk has it */
	*path = p->rs[p->fn.v[t].file].path;
	return fact(p, t);
}

static bool opens(const struct fn_fact *f)
{
	for (uint8_t k = 0; k < f->npx; k++)
		if (!f->px[k].close)
			return true;
	return false;
}

/* Must id be walked again: does it call a function of another file that
 * leaves something open or releases something (rtnl_unlock() releasing
 * through netdev_run_todo() of another file), or one whose summary
 * changed in this pass? */
static bool needs(struct program *p, uint32_t id)
{
	const struct fn_fact *f = fact(p, id);
	if (f->unanalysable)
		return false;
	uint32_t file = p->fn.v[id].file;
	for (uint32_t c = 0; c < f->ncalls; c++) {
		const char *name = f->calls[c].callee;
		int ri, ci;
		bool o;
		if (name[0] == '.' || rules_lookup(name, strlen(name), &ri, &ci, &o))
			continue;
		const struct range *r = &p->cr.v[p->call_base[id] + c];
		for (uint32_t k = 0; k < r->n; k++) {
			uint32_t t = p->tg.v[r->first + k];
			if (t == id)
				continue;
			if (p->pair_changed[t] ||
			    (r->n == 1 && p->fn.v[t].file != file && fact(p, t)->npx))
				return true;
		}
	}
	return false;
}

static void cand_release(struct pair_cand *c)
{
	finding_release(&c->f);
	free(c->held);
	free(c->callee);
}

/* Walk id again; its candidates replace those of the first pass. */
static void rerun(struct program *p, uint32_t id)
{
	uint32_t file = p->fn.v[id].file, idx = p->fn.v[id].idx;
	struct file_result *fr = &p->rs[file];
	struct file_facts *ff = &p->ff[file];
	double budget = p->o->time_budget;
	if (budget > 0 && fr->seconds >= budget)
		return;
	double t0 = mono_seconds();
	struct cached *c = file_get(p, file);
	if (!c)
		return;
	/* the definitions at the offsets of the first pass, in its order */
	TSNode *fns = xcalloc(ff->fns.n, sizeof(TSNode));
	for (size_t j = 0; j < ff->fns.n; j++) {
		size_t lo = 0, hi = c->fns.n;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (ts_node_start_byte(c->fns.v[mid]) < ff->fns.v[j].start)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < c->fns.n && ts_node_start_byte(c->fns.v[lo]) == ff->fns.v[j].start)
			fns[j] = c->fns.v[lo];
	}
	if (ts_node_is_null(fns[idx])) {
		free(fns);
		return;
	}
	pair_cand_list out = {0};
	p->cur = id;
	int changed = pairs_rerun(p->o, &c->src, fr->path, fns, ff, idx, ext_callee, p, &ff->arena,
				  &out, budget > 0 ? t0 + (budget - fr->seconds) : 0);
	fr->seconds += mono_seconds() - t0;
	free(fns);
	if (changed < 0)
		return;	/* a budget ran out: the first pass's findings stand */
	p->pair_changed[id] = changed > 0;
	pair_cand_list *v = &ff->pairs;
	size_t k = 0;
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i].fn == idx)
			cand_release(&v->v[i]);
		else
			v->v[k++] = v->v[i];
	v->n = k;
	for (size_t i = 0; i < out.n; i++)
		VEC_PUSH(*v, out.v[i]);
	VEC_FREE(out);
}

/* The callee t of a call, reached by name: a rule call is the rule's. */
static bool by_name(const struct fn_fact *f, uint32_t c)
{
	const char *name = f->calls[c].callee;
	int ri, ci;
	bool o;
	return name[0] != '.' && !rules_lookup(name, strlen(name), &ri, &ci, &o);
}

/*
 * Which functions may be walked again, and when: a function whose callee in
 * another file has a summary, or whose callee may be walked again, at one
 * level above the highest such callee (a component's members share it).
 * Walking level by level, each level's functions in file order, reads
 * each file once a level instead of once a function.
 */
static void visit_levels(struct program *p, const uint32_t *scc, size_t n)
{
	uint32_t best = 0;
	bool cand = false;
	for (size_t i = 0; i < n; i++) {
		uint32_t id = scc[i];
		const struct fn_fact *f = fact(p, id);
		for (uint32_t c = 0; c < f->ncalls; c++) {
			if (!by_name(f, c))
				continue;
			const struct range *r = &p->cr.v[p->call_base[id] + c];
			for (uint32_t k = 0; k < r->n; k++) {
				uint32_t t = p->tg.v[r->first + k];
				if (p->pair_level[t]) {
					cand = true;
					best = p->pair_level[t] > best ? p->pair_level[t] : best;
				} else if (r->n == 1 && p->fn.v[t].file != p->fn.v[id].file &&
					   fact(p, t)->npx) {
					cand = true;
				}
			}
		}
	}
	for (size_t i = 0; i < n && cand; i++)
		if (!fact(p, scc[i])->unanalysable)
			p->pair_level[scc[i]] = best + 1;
	/* the components in order, for want() */
	for (size_t i = 0; i < n; i++)
		VEC_PUSH(p->pair_order, scc[i]);
	VEC_PUSH(p->pair_order, UINT32_MAX);
}

/*
 * Which functions a walk again can matter to: an entry point (its
 * findings) and what an entry point reaches through calls (their
 * summaries); the others keep the first pass's findings.  Components are
 * taken callers first; a wanted member makes the whole component wanted.
 */
static void want(struct program *p, bool *wanted)
{
	size_t end = p->pair_order.n;
	while (end > 0) {
		size_t beg = end - 1;	/* the marker after the component */
		while (beg > 0 && p->pair_order.v[beg - 1] != UINT32_MAX)
			beg--;
		bool any = false;
		for (size_t i = beg; i < end - 1; i++) {
			uint32_t id = p->pair_order.v[i];
			any |= wanted[id] || p->entry_why[id] != NULL;
		}
		for (size_t i = beg; i < end - 1 && any; i++) {
			uint32_t id = p->pair_order.v[i];
			wanted[id] = true;
			for (uint32_t t = p->tg_base[id]; t < p->tg_base[id + 1]; t++)
				wanted[p->tg.v[t]] = true;
		}
		end = beg;
	}
}

struct lvl_ent {
	uint32_t level, file, idx, id;
};

static int lvl_cmp(const void *a, const void *b)
{
	const struct lvl_ent *x = a, *y = b;
	if (x->level != y->level)
		return x->level < y->level ? -1 : 1;
	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

void program_pairs(struct program *p)
{
	const struct opts *o = p->o;
	if (!rules_get() || !(o->enabled[C_PAIR_UNBALANCED] || o->enabled[C_LOCK_HELD_RETURN]))
		return;
	bool any = false;
	for (uint32_t id = 0; id < p->fn.n && !any; id++)
		any = fact(p, id)->npx && !fact(p, id)->is_static && opens(fact(p, id));
	if (!any)
		return;	/* nothing any file leaves open for a caller elsewhere */
	p->pair_changed = xcalloc(p->fn.n + 1, sizeof(bool));
	p->pair_level = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	sccs(p, visit_levels);
	bool *wanted = xcalloc(p->fn.n + 1, sizeof(bool));
	want(p, wanted);
	VEC_FREE(p->pair_order);
	VEC(struct lvl_ent) order = {0};
	for (uint32_t id = 0; id < p->fn.n; id++)
		if (p->pair_level[id] && wanted[id])
			VEC_PUSH(order, ((struct lvl_ent){ p->pair_level[id], p->fn.v[id].file,
							  p->fn.v[id].idx, id }));
	qsort(order.v, order.n, sizeof(*order.v), lvl_cmp);
	p->parser = ts_parser_new();
	if (!ts_parser_set_language(p->parser, tree_sitter_c()))
		die("tree-sitter runtime rejects the C grammar (version mismatch)");
	for (size_t i = 0; i < order.n; i++)
		if (needs(p, order.v[i].id))
			rerun(p, order.v[i].id);
	VEC_FREE(order);
	free(wanted);
	ts_parser_delete(p->parser);
	p->parser = NULL;
	cache_release(p);
	free(p->pair_level);
	p->pair_level = NULL;
	free(p->pair_changed);
	p->pair_changed = NULL;
}
