/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The intraprocedural address-limit analysis: a path-sensitive walk of one
 * function's CFG over states (limit, saved limits, branch assumptions)
 * that reports ds-leak, ds-unbalanced, oops-in-window and ds-no-save,
 * each with the path from the raise to the fault.
 */
#ifndef ADDRLIMIT_CHECK_LIMIT_H
#define ADDRLIMIT_CHECK_LIMIT_H

#include "cfg.h"
#include "diag.h"
#include "load.h"

struct limit_ctx {
	const struct source *src;	/* positions and messages */
	const struct cfg *g;		/* the function */
	const char *entry_why;		/* why it is an entry point, or NULL */
	struct findings *out;		/* findings are appended here */
	size_t budget;			/* state transfers allowed */
	bool budget_hit;		/* set when the budget ran out */
};

/* Can the function's text change the limit at all (a cheap pre-test)? */
bool limit_relevant(const char *text, size_t start, size_t end);

/* Analyse ctx->g; returns false when the budget ran out (results partial). */
bool check_limit(struct limit_ctx *ctx);

#endif
