// SPDX-License-Identifier: GPL-2.0
/*
 * The parameters' fixpoints of the whole-tree pass (program_int.h): which
 * parameters reach a uaccess routine (sinks), and which are handed to a
 * call the tree cannot follow (opaque), through any depth of calls.
 */
#include "program_int.h"

#include <string.h>

#include "api.h"

/*
 * The two fixpoints below go over every function in order, round after
 * round, until a round changes nothing.  A function none of whose callees
 * changed since it was last looked at would change nothing either: only
 * the callers of what changed are looked at again (dirty), in the same
 * order, so the rounds give what they gave when every function was.
 */
struct callers {
	uint32_t *base;			/* per function: its first caller in v */
	uint32_t *v;
	bool *dirty;
};

static void callers_init(const struct program *p, struct callers *cs)
{
	cs->base = xcalloc(p->fn.n + 2, sizeof(uint32_t));
	cs->v = xcalloc(p->tg.n + 1, sizeof(uint32_t));
	cs->dirty = xcalloc(p->fn.n + 1, sizeof(bool));
	for (size_t k = 0; k < p->tg.n; k++)
		cs->base[p->tg.v[k] + 2]++;
	for (uint32_t id = 0; id < p->fn.n; id++)
		cs->base[id + 2] += cs->base[id + 1];
	for (uint32_t id = 0; id < p->fn.n; id++)
		for (uint32_t t = p->tg_base[id]; t < p->tg_base[id + 1]; t++)
			cs->v[cs->base[p->tg.v[t] + 1]++] = id;
	for (uint32_t id = 0; id < p->fn.n; id++)
		cs->dirty[id] = true;
}

static void callers_changed(struct callers *cs, uint32_t id)
{
	for (uint32_t k = cs->base[id]; k < cs->base[id + 1]; k++)
		cs->dirty[cs->v[k]] = true;
}

static void callers_free(struct callers *cs)
{
	free(cs->base);
	free(cs->v);
	free(cs->dirty);
}

/*
 * The round-robin both fixpoints share: masks[id] (bit a: parameter a)
 * takes in, for each call with an argument mask, the bits of its callees'
 * masks mapped through the call's arguments onto the caller's parameters.
 * via, when given, gets for each function the first callee that gave it a
 * bit (the one a message names).
 */
static void param_fixpoint(struct program *p, uint32_t *masks, uint32_t *via)
{
	struct callers cs;
	callers_init(p, &cs);
	for (int round = 0; round < 64; round++) {
		bool changed = false;
		for (uint32_t id = 0; id < p->fn.n; id++) {
			if (!cs.dirty[id] || !p->fix_scope[id])
				continue;
			cs.dirty[id] = false;
			const struct fn_fact *f = fact(p, id);
			uint32_t before = masks[id];
			for (uint32_t c = 0; c < f->ncalls; c++) {
				const struct call_fact *cf = &f->calls[c];
				if (!cf->argmask)
					continue;
				const struct range *r = &p->cr.v[p->call_base[id] + c];
				uint32_t m = 0, from = 0;
				for (uint32_t k = 0; k < r->n; k++) {
					uint32_t t = p->tg.v[r->first + k];
					if (masks[t] && !m)
						from = t;
					m |= masks[t];
				}
				uint32_t add = 0;
				for (uint32_t a = 0; a < cf->nargs && a < 32; a++)
					if (m & (1u << a))
						add |= cf->argmask[a];
				if ((masks[id] | add) != masks[id]) {
					if (via && !masks[id])
						via[id] = from;
					masks[id] |= add;
					changed = true;
				}
			}
			if (masks[id] != before)
				callers_changed(&cs, id);
		}
		if (!changed)
			break;
	}
	callers_free(&cs);
}

/*
 * The functions whose masks some analysis reads (p->fix_scope): what a
 * function that reaches the limit (p->reach: its analysis, or its
 * component's pass_wsinks()) calls, and what those hand an argument's
 * mask on to, at any depth; the masks of the others are never asked for
 * (sum_at() is called for the analysed functions and their callees).  On
 * linux-6.1, 1,583 of 301,800 functions; on the triaged vendor tree full
 * of set_fs(), where half the functions reach the limit, 235,663 of
 * 304,080.  Their masks are what the
 * fixpoints over every function give them: a mask takes in only its
 * callees' through argument masks, and those are in scope too.
 */
typedef VEC(uint32_t) id_list;

static void scope_add(struct program *p, id_list *work, uint32_t id)
{
	if (!p->fix_scope[id]) {
		p->fix_scope[id] = true;
		VEC_PUSH(*work, id);
	}
}

static void fix_scope(struct program *p)
{
	find_reach(p);
	p->fix_scope = xcalloc(p->fn.n + 1, sizeof(bool));
	id_list work = {0};
	for (uint32_t id = 0; id < p->fn.n; id++) {
		if (!p->reach[id])
			continue;
		scope_add(p, &work, id);
		for (uint32_t t = p->tg_base[id]; t < p->tg_base[id + 1]; t++)
			scope_add(p, &work, p->tg.v[t]);
	}
	while (work.n) {
		uint32_t id = work.v[--work.n];
		const struct fn_fact *f = fact(p, id);
		for (uint32_t c = 0; c < f->ncalls; c++) {
			if (!f->calls[c].argmask)
				continue;
			const struct range *r = &p->cr.v[p->call_base[id] + c];
			for (uint32_t k = 0; k < r->n; k++)
				scope_add(p, &work, p->tg.v[r->first + k]);
		}
	}
	VEC_FREE(work);
}

/* Parameters that reach a uaccess routine, through any depth of calls. */
static void sink_fixpoint(struct program *p)
{
	p->sinks = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	p->sink_via = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < p->fn.n; id++) {
		p->sinks[id] = p->fix_scope[id] ? fact(p, id)->sinks : 0;
		p->sink_via[id] = id;
	}
	param_fixpoint(p, p->sinks, p->sink_via);
}

/*
 * Parameters handed to a call through a function pointer (`file->f_op->
 * unlocked_ioctl(file, cmd, arg)`) or to a function the tree does not
 * define (video_usercopy()), through any depth of direct calls: a
 * compat handler's kernel struct given to such a function under KERNEL_DS
 * may reach any native handler, whatever the tree lets us resolve.
 */
static void opaque_fixpoint(struct program *p)
{
	p->opaque = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < p->fn.n; id++) {
		if (!p->fix_scope[id])
			continue;
		const struct fn_fact *f = fact(p, id);
		for (uint32_t c = 0; c < f->ncalls; c++) {
			const struct call_fact *cf = &f->calls[c];
			if (!cf->argmask)
				continue;
			/* through a pointer, or to a function the tree does not define */
			bool unknown = cf->callee[0] == '.' ||
				       (!p->cr.v[p->call_base[id] + c].n &&
					!api_lookup(cf->callee, strlen(cf->callee)));
			for (uint32_t a = 0; unknown && a < cf->nargs && a < 64; a++)
				p->opaque[id] |= cf->argmask[a];
		}
	}
	param_fixpoint(p, p->opaque, NULL);
}

void param_fixpoints(struct program *p)
{
	fix_scope(p);
	sink_fixpoint(p);
	opaque_fixpoint(p);
}
