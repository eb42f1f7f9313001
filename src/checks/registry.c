// SPDX-License-Identifier: GPL-2.0
/*
 * The per-function checks of report/diag.def's CHECK_FN rows: their hooks
 * declared and tabled from the same rows, and run over each function of a
 * parsed file in the first pass (checks.h).  A CFG is built only when one
 * of them is enabled.
 */
#include "checks.h"

#include <stdlib.h>

#include "dataflow.h"

static const struct {
	enum check_id id;
	void (*run)(const struct fn_check *c);
} fn_checks[] = {
#define CHECK(e, id, sev, shortd, help)
#define CHECK_FN(e, id, sev, shortd, help, hook) { C_##e, hook },
#include "diag.def"
#undef CHECK
#undef CHECK_FN
	{ C__COUNT, NULL }	/* there may be none */
};

void fn_check_report(const struct fn_check *c, uint32_t off, char *msg,
		     const struct df_trace *tr)
{
	struct finding f = { .id = c->id, .at = source_at(c->src, off), .msg = msg,
			     .func = xstrdup(c->name) };
	size_t n;
	const struct df_trace **v = df_steps(tr, &n);
	for (size_t i = 0; i < n; i++) {
		const struct df_trace *t = v[i];
		struct step s = { .at = source_at(c->src, t->off),
				  .msg = t->kind == DF_STEP_EDGE ? edge_note(t->edge_kind, t->text)
								 : xstrdup(t->text ? t->text : "") };
		VEC_PUSH(f.steps, s);
	}
	free(v);
	findings_add(c->out, &f);
}

void checks_file(const struct opts *o, const struct source *src, const char *path,
		 const TSNode *fns, char *const *names, const bool *skip, size_t n,
		 const struct ctl_macros *ctl, struct findings *out, double deadline)
{
	bool any = false;
	for (size_t k = 0; fn_checks[k].run; k++)
		any |= o->enabled[fn_checks[k].id];
	if (!any)
		return;
	struct arena arena;
	arena_init(&arena);
	for (size_t i = 0; i < n; i++) {
		if (skip[i])
			continue;
		struct cfg g;
		cfg_build(&g, &arena, src->text, fns[i], names[i], ctl);
		for (size_t k = 0; fn_checks[k].run; k++) {
			if (!o->enabled[fn_checks[k].id])
				continue;
			struct fn_check c = { o, fn_checks[k].id, src, path, fns[i], names[i], &g, out,
					      o->budget, deadline };
			fn_checks[k].run(&c);
		}
		cfg_release(&g);
		arena_release(&arena);
	}
}
