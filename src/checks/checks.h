/* SPDX-License-Identifier: GPL-2.0 */
/*
 * checks/ — the checks, one family per file group: the address limit
 * (check_limit*.c: ds-leak, ds-unbalanced, oops-in-window, ds-no-save,
 * user-ptr-kernel-ds), the paired-state rules (check_pairs*.c:
 * pair-unbalanced, lock-held-return, uaccess-call), and per-function
 * checks registered by a CHECK_FN row of report/diag.def (registry.c runs
 * them).  Every walk goes through analysis/dataflow.h; names are asked of
 * kernel/api.h.  May call analysis/, front/, kernel/, report/diag and util/.
 *
 * This header: what a per-function check (a CHECK_FN row) is given.
 */
#ifndef ADDRLIMIT_CHECKS_H
#define ADDRLIMIT_CHECKS_H

#include "addrlimit.h"
#include "cfg.h"

/* One function of a parsed file, for a CHECK_FN hook. */
struct fn_check {
	const struct opts *o;
	enum check_id id;		/* the hook's own check (for its findings) */
	const struct source *src;	/* the file: text, positions */
	const char *path;		/* as reported */
	TSNode fn;			/* the function definition */
	const char *name;		/* its name */
	const struct cfg *g;		/* its CFG (with the run's control macros) */
	struct findings *out;		/* findings go here (fn_check_report) */
	size_t budget;			/* --state-budget, for df_init */
	double deadline;		/* the file's --time-budget deadline, or 0 */
};

/* The hooks of diag.def's CHECK_FN rows, declared from the rows. */
#define CHECK(e, id, sev, shortd, help)
#define CHECK_FN(e, id, sev, shortd, help, hook) void hook(const struct fn_check *c);
#include "diag.def"
#undef CHECK
#undef CHECK_FN

/*
 * Report a finding of c->id at byte offset off of the file, with message
 * msg (taken) and the path of tr (df_step()s, newest first as the driver
 * keeps them; may be NULL) as notes: a step's text, or for a branch the
 * driver recorded, which way it went.
 */
struct df_trace;
void fn_check_report(const struct fn_check *c, uint32_t off, char *msg,
		     const struct df_trace *tr);

/*
 * Run every enabled CHECK_FN hook over the functions fns[0..n) of a parsed
 * file (skip[i]: a parse error hides fns[i]'s control flow).  Costs nothing
 * when no such check is enabled.
 */
void checks_file(const struct opts *o, const struct source *src, const char *path,
		 const TSNode *fns, char *const *names, const bool *skip, size_t n,
		 const struct ctl_macros *ctl, struct findings *out, double deadline);

#endif
