// SPDX-License-Identifier: GPL-2.0
/*
 * The pair rules across files (program_int.h).
 *
 * The first pass sums each function up for the callers of its own file
 * (what it leaves held or open, what it releases, keyed by its parameters,
 * and whether its result tells which); those summaries are in the facts.
 * Here the components of the whole call graph are visited callees first
 * (in the order of plan_walk(), which reads each file once, with only the
 * bodies walked again), and a function that calls a function of another file which leaves
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

/* Walk id again; its candidates replace those of the first pass.  Its
 * file is read with the bodies of spans (every function of it the pass
 * may walk) alone. */
static void rerun(struct program *p, uint32_t id, const uint32_t *spans, size_t nspans)
{
	uint32_t file = p->fn.v[id].file, idx = p->fn.v[id].idx;
	struct file_result *fr = &p->rs[file];
	struct file_facts *ff = &p->ff[file];
	double budget = p->o->time_budget;
	if (budget > 0 && fr->seconds >= budget)
		return;
	double t0 = mono_seconds();
	struct cached *c = file_get_bodies(p, file, spans, nspans);
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
 * Which functions may be walked again: a function whose callee in another
 * file has a summary, or whose callee may be walked again, at one level
 * above the highest such callee (a component's members share it; only
 * whether it is set matters to plan_build()).
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
			any |= wanted[id] || pairs_entry_why(p, id) != NULL;
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

/*
 * The order of the walks.  A function is walked after every function it
 * calls that may be walked (callees first; those of one component in file
 * order, as they see each other's summaries as they change), which is all
 * that decides what a walk sees: any order that keeps this gives the same
 * results.  Of the orders that do, one that reads each file once: Kahn's
 * over the components, taking the ready components of the file in hand
 * first, then those of a file whose every component is ready.
 */
struct walk_comp {
	uint32_t first, n;		/* its members to walk, in run.v */
	uint32_t file;			/* the file of its first member */
	uint32_t waits;			/* components it waits on */
	uint32_t up_first, up_n;	/* the components waiting on it, in ups.v */
};

struct walk_plan {
	VEC(uint32_t) run;		/* the functions, grouped by component */
	VEC(struct walk_comp) comps;
	VEC(uint32_t) ups;
	uint32_t *left;			/* per file: its components not walked yet */
	VEC(uint32_t) *ready;		/* per file: its components ready to walk */
	uint32_t **spans;		/* per file: start, end of each function to walk */
	uint32_t *nspans;
};

static int id_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;	/* ids are in file order, then definition order */
}

/* The components to walk, from p->pair_order, and who waits on whom. */
static void plan_build(struct program *p, const bool *wanted, struct walk_plan *w)
{
	memset(w, 0, sizeof(*w));
	uint32_t *comp_of = xcalloc(p->fn.n + 1, sizeof(uint32_t));	/* 1 + index, or 0 */
	for (size_t i = 0; i < p->pair_order.n;) {
		size_t end = i;
		while (p->pair_order.v[end] != UINT32_MAX)
			end++;
		uint32_t first = (uint32_t)w->run.n;
		for (size_t k = i; k < end; k++) {
			uint32_t id = p->pair_order.v[k];
			if (p->pair_level[id] && wanted[id])
				VEC_PUSH(w->run, id);
		}
		uint32_t nrun = (uint32_t)w->run.n - first;
		if (nrun) {
			qsort(w->run.v + first, nrun, sizeof(uint32_t), id_cmp);
			for (uint32_t k = first; k < first + nrun; k++)
				comp_of[w->run.v[k]] = (uint32_t)w->comps.n + 1;
			VEC_PUSH(w->comps, ((struct walk_comp){ first, nrun,
								 p->fn.v[w->run.v[first]].file, 0, 0,
								 0 }));
		}
		i = end + 1;
	}
	/* the edges callee → caller, each once: counted, then placed */
	size_t nc = w->comps.n;
	uint32_t *seen = xcalloc(nc + 1, sizeof(uint32_t));
	VEC(uint64_t) edges = {0};	/* callee component << 32 | caller component */
	for (uint32_t k = 0; k < nc; k++) {
		struct walk_comp *c = &w->comps.v[k];
		for (uint32_t m = c->first; m < c->first + c->n; m++) {
			uint32_t id = w->run.v[m];
			const struct fn_fact *f = fact(p, id);
			for (uint32_t call = 0; call < f->ncalls; call++) {
				if (!by_name(f, call))
					continue;
				const struct range *r = &p->cr.v[p->call_base[id] + call];
				for (uint32_t j = 0; j < r->n; j++) {
					uint32_t t = comp_of[p->tg.v[r->first + j]];
					if (!t || t - 1 == k || seen[t - 1] == k + 1)
						continue;
					seen[t - 1] = k + 1;
					c->waits++;
					w->comps.v[t - 1].up_n++;
					VEC_PUSH(edges, (uint64_t)(t - 1) << 32 | k);
				}
			}
		}
	}
	uint32_t at = 0;
	for (uint32_t k = 0; k < nc; k++) {
		w->comps.v[k].up_first = at;
		at += w->comps.v[k].up_n;
		w->comps.v[k].up_n = 0;
	}
	w->ups.v = xcalloc(at + 1, sizeof(uint32_t));
	w->ups.n = w->ups.alloc = at;
	for (size_t e = 0; e < edges.n; e++) {
		struct walk_comp *c = &w->comps.v[edges.v[e] >> 32];
		w->ups.v[c->up_first + c->up_n++] = (uint32_t)edges.v[e];
	}
	VEC_FREE(edges);
	free(seen);
	free(comp_of);
	/* per file: what is left, what is ready, the bodies to parse */
	w->left = xcalloc(p->nfiles + 1, sizeof(uint32_t));
	w->ready = xcalloc(p->nfiles + 1, sizeof(*w->ready));
	w->spans = xcalloc(p->nfiles + 1, sizeof(uint32_t *));
	w->nspans = xcalloc(p->nfiles + 1, sizeof(uint32_t));
	for (uint32_t k = 0; k < nc; k++) {
		w->left[w->comps.v[k].file]++;
		if (!w->comps.v[k].waits)
			VEC_PUSH(w->ready[w->comps.v[k].file], k);
	}
	uint32_t *ids = xmalloc((w->run.n + 1) * sizeof(uint32_t));
	memcpy(ids, w->run.v, w->run.n * sizeof(uint32_t));
	qsort(ids, w->run.n, sizeof(uint32_t), id_cmp);
	for (size_t i = 0; i < w->run.n;) {
		uint32_t file = p->fn.v[ids[i]].file;
		size_t j = i;
		while (j < w->run.n && p->fn.v[ids[j]].file == file)
			j++;
		uint32_t *sp = xmalloc(2 * (j - i) * sizeof(uint32_t));
		for (size_t k = i; k < j; k++) {
			sp[2 * (k - i)] = fact(p, ids[k])->start;
			sp[2 * (k - i) + 1] = fact(p, ids[k])->end;
		}
		w->spans[file] = sp;
		w->nspans[file] = (uint32_t)(j - i);
		i = j;
	}
	free(ids);
}

/* The next file to take components from: one whose components are all
 * ready (read once), else the one with most ready; UINT32_MAX when none. */
static uint32_t plan_next_file(const struct program *p, const struct walk_plan *w)
{
	uint32_t best = UINT32_MAX;
	for (uint32_t f = 0; f < p->nfiles; f++) {
		if (!w->ready[f].n)
			continue;
		if (w->ready[f].n == w->left[f])
			return f;
		if (best == UINT32_MAX || w->ready[f].n > w->ready[best].n)
			best = f;
	}
	return best;
}

static void plan_walk(struct program *p, struct walk_plan *w)
{
	uint32_t file = plan_next_file(p, w);
	while (file != UINT32_MAX) {
		struct walk_comp *c = &w->comps.v[w->ready[file].v[--w->ready[file].n]];
		w->left[file]--;
		for (uint32_t m = c->first; m < c->first + c->n; m++) {
			uint32_t id = w->run.v[m], f = p->fn.v[id].file;
			if (needs(p, id))
				rerun(p, id, w->spans[f], w->nspans[f]);
		}
		for (uint32_t u = c->up_first; u < c->up_first + c->up_n; u++) {
			struct walk_comp *up = &w->comps.v[w->ups.v[u]];
			if (!--up->waits)
				VEC_PUSH(w->ready[up->file], w->ups.v[u]);
		}
		if (!w->ready[file].n)
			file = plan_next_file(p, w);
	}
}

static void plan_release(struct program *p, struct walk_plan *w)
{
	for (uint32_t f = 0; f < p->nfiles; f++) {
		VEC_FREE(w->ready[f]);
		free(w->spans[f]);
	}
	free(w->ready);
	free(w->spans);
	free(w->nspans);
	free(w->left);
	VEC_FREE(w->run);
	VEC_FREE(w->comps);
	VEC_FREE(w->ups);
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
	struct walk_plan w;
	plan_build(p, wanted, &w);
	VEC_FREE(p->pair_order);
	parser_open(p);
	plan_walk(p, &w);
	plan_release(p, &w);
	free(wanted);
	parser_close(p);
	free(p->pair_level);
	p->pair_level = NULL;
	free(p->pair_changed);
	p->pair_changed = NULL;
}

/* --- pair rules: the candidates that needed the whole tree --------------- */

/* Does function id call a function of another file that releases what
 * `rule` takes for its caller (spu_release() unlocking the context)?  The
 * file's own helpers were already seen through their summaries. */
static bool releases_elsewhere(struct program *p, uint32_t id, uint16_t rule)
{
	if (rule >= 32)
		return false;
	const struct fn_fact *f = fact(p, id);
	uint32_t file = p->fn.v[id].file;
	for (uint32_t k = 0; k < f->ncalls; k++) {
		const char *c = f->calls[k].callee;
		if (c[0] == '.')
			continue;
		uint32_t ids[MAX_TARGETS];
		size_t n = resolve_name(p, file, c, strlen(c), ids, MAX_TARGETS);
		for (size_t j = 0; j < n; j++)
			if (p->fn.v[ids[j]].file != file && (fact(p, ids[j])->pair_closes & (1u << rule)))
				return true;
	}
	return false;
}

/* lock-double-acquire: does one of the functions named in names (blank
 * separated, called by function id between the two acquires) live in
 * another file and release its caller's lock of `rule`
 * (xlog_wait_on_iclog() drops l_icloglock)?  Then the lock was dropped. */
static bool drops_between(struct program *p, uint32_t id, uint16_t rule, const char *names)
{
	if (rule >= 32 || !names)
		return false;
	uint32_t file = p->fn.v[id].file;
	for (const char *n = names; *n;) {
		size_t len = strcspn(n, " ");
		uint32_t ids[MAX_TARGETS];
		size_t k = len ? resolve_name(p, file, n, len, ids, MAX_TARGETS) : 0;
		for (size_t j = 0; j < k; j++)
			if (p->fn.v[ids[j]].file != file && (fact(p, ids[j])->pair_closes & (1u << rule)))
				return true;
		n += len;
		while (*n == ' ')
			n++;
	}
	return false;
}

/* Per function: the rules (bit per rule < 32) a caller releases without
 * taking them, itself or through another callee (foo_prepare() ...
 * foo_finish()): a helper returning locked for its callers (lock-unbalanced).
 * by[] lists each such (callee, caller) pair, callee-major, for
 * closes_key(). */
struct closers {
	uint32_t *m;
	VEC(uint64_t) by;	/* callee << 32 | caller */
};

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static void closing_callers(struct program *p, struct closers *c)
{
	c->m = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < p->fn.n; id++) {
		uint32_t closes = fact(p, id)->pair_closes;
		for (uint32_t t = p->tg_base[id]; t < p->tg_base[id + 1]; t++)
			if (p->tg.v[t] != id)
				closes |= fact(p, p->tg.v[t])->pair_closes;
		for (uint32_t t = p->tg_base[id]; closes && t < p->tg_base[id + 1]; t++) {
			uint32_t to = p->tg.v[t];
			uint32_t bits = to != id ? closes & ~fact(p, to)->pair_closes : 0;
			c->m[to] |= bits;
			if (bits)
				VEC_PUSH(c->by, (uint64_t)to << 32 | id);
		}
	}
	if (c->by.n)
		qsort(c->by.v, c->by.n, sizeof(c->by.v[0]), cmp_u64);
}

/* Does function x, or a callee of x other than id, release for its caller
 * an object of `rule` that key may name? */
static bool releases_like(struct program *p, uint32_t x, uint32_t id, uint16_t rule, const char *key)
{
	for (uint32_t t = p->tg_base[x]; t <= p->tg_base[x + 1]; t++) {
		uint32_t y = t < p->tg_base[x + 1] ? p->tg.v[t] : x;
		const struct fn_fact *f = fact(p, y);
		if (y == id || !(f->pair_closes & (1u << rule)))
			continue;
		if (!f->px_known)
			return true;	/* no keys to tell: any */
		for (uint8_t k = 0; k < f->npx; k++)
			if (f->px[k].close && f->px[k].rule == rule &&
			    (!key || !f->px[k].key || pairs_may_alias(key, f->px[k].key)))
				return true;
	}
	return false;
}

/* Does a caller of id release for its own caller what id leaves held (the
 * rule, and an object key may name: not another lock of the rule the
 * caller was handed, alloc_key()'s htlbpage_lock for prefault_key()'s
 * key->lock)? */
static bool closes_key(struct program *p, const struct closers *c, uint32_t id, uint16_t rule,
		       const char *key)
{
	if (rule >= 32 || !(c->m[id] & (1u << rule)))
		return false;
	/* a semaphore (a `balanced` rule) is handed between functions by
	 * design, whichever of its objects the caller releases (hp_sdc_mlc's
	 * csem taken by ->out and ->cts for the interrupt to up()) */
	const struct rule_set *rs = rules_get();
	if (rule < rs->v.n && rs->v.v[rule].balanced)
		return true;
	size_t lo = 0, hi = c->by.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->by.v[mid] >> 32 < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < c->by.n && c->by.v[lo] >> 32 == id; lo++)
		if (releases_like(p, (uint32_t)c->by.v[lo], id, rule, key))
			return true;
	return false;
}

void program_settle_pairs(struct program *p)
{
	uint32_t base = 0;
	struct closers closers = { 0 };
	for (size_t f = 0; f < p->nfiles; f++) {
		pair_cand_list *v = &p->ff[f].pairs;
		for (size_t i = 0; i < v->n; i++) {
			struct pair_cand *c = &v->v[i];
			uint32_t id = base + c->fn;
			const char *why = pairs_entry_why(p, id);
			if (why && (c->f.id == C_LOCK_HELD_RETURN || c->f.id == C_PAIR_UNBALANCED ||
				    c->f.id == C_LOCK_RELEASE_UNHELD) &&
			    !strcmp(why, "seq_file handler"))
				why = NULL;	/* ->start takes what ->stop releases */
			bool keep = false;
			if (c->f.id == C_LOCK_UNBALANCED) {
				/* an entry point's leaking exits are lock-held-return's */
				if (!closers.m)
					closing_callers(p, &closers);
				keep = !(why && p->o->enabled[C_LOCK_HELD_RETURN]) &&
				       !releases_elsewhere(p, id, c->rule) &&
				       !closes_key(p, &closers, id, c->rule, c->held);
			} else if (c->need == PC_NO_DROP) {
				keep = !drops_between(p, id, c->rule, c->callee);
			} else if (c->need == PC_OUTLINE) {
				uint32_t ids[MAX_TARGETS];
				size_t k = resolve_name(p, (uint32_t)f, c->callee, strlen(c->callee), ids,
							MAX_TARGETS);
				for (size_t j = 0; j < k && !keep; j++)
					keep = !fact(p, ids[j])->is_inline;
				if (keep && c->f.msg) {	/* the walk left where it is defined to us */
					uint32_t at = ids[0];
					for (size_t j = 0; j < k; j++)
						if (!fact(p, ids[j])->is_inline)
							at = ids[j];
					char *m = xasprintf("%s'%s' is defined out of line in %s (objtool: "
							    "call with UACCESS enabled)", c->f.msg,
							    c->callee, p->rs[p->fn.v[at].file].path);
					free(c->f.msg);
					c->f.msg = m;
				}
			} else if (c->f.id == C_LOCK_RELEASE_UNHELD && c->need == PC_ENTRY) {
				/* check_pairs_rel.c: a release of what it never takes */
				keep = why != NULL;
				free(c->f.msg);
				const char *what = rules_get()->v.v[c->rule].what;
				c->f.msg = !keep ? NULL
					 : c->held ? xasprintf("%s '%s' releases the %s '%s', which it "
							       "never takes: called from user mode, it "
							       "holds nothing", why, c->f.func, what, c->held)
						   : xasprintf("%s '%s' releases the %s, which it never "
							       "takes: called from user mode, it holds "
							       "nothing", why, c->f.func, what);
			} else if (why && c->held) {
				keep = !releases_elsewhere(p, id, c->rule);
				free(c->f.msg);
				c->f.msg = xasprintf("%s '%s' can return to user mode with %s %s", why,
						     c->f.func, c->held,
						     c->f.id == C_LOCK_HELD_RETURN ? "held" : "still open");
			} else {
				keep = c->need == PC_ALWAYS && c->f.msg;	/* uaccess-call, unbalanced */
			}
			if (keep) {
				findings_add(&p->rs[f].findings, &c->f);
				memset(&c->f, 0, sizeof(c->f));
			}
		}
		pair_cands_release(v);
		base += (uint32_t)p->ff[f].fns.n;
	}
	free(closers.m);
	VEC_FREE(closers.by);
}
