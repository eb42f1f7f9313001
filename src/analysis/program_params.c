// SPDX-License-Identifier: GPL-2.0
/*
 * What the parameters of each function reach through any depth of calls
 * (program_int.h): a uaccess routine (the sinks), or a call the tree
 * cannot follow (opaque).  Fixpoints over the whole call graph, before
 * the summaries.
 */
#include "program_int.h"

#include <string.h>

#include "api.h"

/* Parameters that reach a uaccess routine, through any depth of calls. */
void sink_fixpoint(struct program *p)
{
	p->sinks = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	p->sink_via = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < p->fn.n; id++) {
		p->sinks[id] = fact(p, id)->sinks;
		p->sink_via[id] = id;
	}
	for (int round = 0; round < 64; round++) {
		bool changed = false;
		for (uint32_t id = 0; id < p->fn.n; id++) {
			const struct fn_fact *f = fact(p, id);
			for (uint32_t c = 0; c < f->ncalls; c++) {
				const struct call_fact *cf = &f->calls[c];
				if (!cf->argmask)
					continue;
				const struct range *r = &p->cr.v[p->call_base[id] + c];
				uint32_t m = 0, via = 0;
				for (uint32_t k = 0; k < r->n; k++) {
					uint32_t t = p->tg.v[r->first + k];
					if (p->sinks[t] && !m)
						via = t;
					m |= p->sinks[t];
				}
				uint32_t add = 0;
				for (uint32_t a = 0; a < cf->nargs && a < 32; a++)
					if (m & (1u << a))
						add |= cf->argmask[a];
				if ((p->sinks[id] | add) != p->sinks[id]) {
					if (!p->sinks[id])
						p->sink_via[id] = via;
					p->sinks[id] |= add;
					changed = true;
				}
			}
		}
		if (!changed)
			break;
	}
}

/*
 * Parameters handed to a call through a function pointer (`file->f_op->
 * unlocked_ioctl(file, cmd, arg)`) or to a function the tree does not
 * define (video_usercopy()), through any depth of direct calls: a
 * compat handler's kernel struct given to such a function under KERNEL_DS
 * may reach any native handler, whatever the tree lets us resolve.
 */
void opaque_fixpoint(struct program *p)
{
	p->opaque = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < p->fn.n; id++) {
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
	for (int round = 0; round < 64; round++) {
		bool changed = false;
		for (uint32_t id = 0; id < p->fn.n; id++) {
			const struct fn_fact *f = fact(p, id);
			for (uint32_t c = 0; c < f->ncalls; c++) {
				const struct call_fact *cf = &f->calls[c];
				if (!cf->argmask)
					continue;
				const struct range *r = &p->cr.v[p->call_base[id] + c];
				uint32_t m = 0;
				for (uint32_t k = 0; k < r->n; k++)
					m |= p->opaque[p->tg.v[r->first + k]];
				uint32_t add = 0;
				for (uint32_t a = 0; a < cf->nargs && a < 32; a++)
					if (m & (1u << a))
						add |= cf->argmask[a];
				if ((p->opaque[id] | add) != p->opaque[id]) {
					p->opaque[id] |= add;
					changed = true;
				}
			}
		}
		if (!changed)
			break;
	}
}
