/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The paired-state rules (rules.h) over one file: a path-sensitive walk
 * of each function's CFG that tracks which rule states are open (which
 * locks are held, keyed by the text of the lock argument), understands
 * conditional acquires (trylock, _interruptible, user_access_begin), sums
 * helpers up for their callers in the same file, and reports
 * pair-unbalanced, lock-held-return and uaccess-call.
 *
 * It runs while the file's tree is still in memory (the first pass).  What
 * depends on the whole tree — is this function an entry point, is that
 * callee an out-of-line function — is left as a candidate that
 * program.c decides.
 */
#ifndef ADDRLIMIT_CHECK_PAIRS_H
#define ADDRLIMIT_CHECK_PAIRS_H

#include "addrlimit.h"
#include "facts.h"
#include "rules.h"


/* Run the rules over the functions of one parsed file (facts already
 * collected in ff, whose fns match fns[]); candidates go to out, functions
 * a budget stopped (o->budget states, the file's deadline: mono_seconds(),
 * 0 for none) to r->partial. */
void pairs_file(const struct opts *o, const struct source *src, const char *path,
		const TSNode *fns, size_t n, struct file_facts *ff, pair_cand_list *out,
		struct file_result *r, double deadline);

/*
 * The whole-tree pass: the fact of the function a call of function fn of
 * the file (at byte off) reaches in another file, and that file's path; NULL
 * when none or more than one.  The fact's px is its summary so far.
 */
typedef const struct fn_fact *(*pairs_ext_fn)(void *ctx, uint32_t fn, uint32_t off,
					      const char **path);

/*
 * Run the rules again over function fn of a file read again (src, fns[]
 * matching ff->fns), with the summaries of its callees in other files from
 * ext (those of its own file are their facts' px): its candidates to out,
 * its fact's summary (px, in a) replaced.  Returns 1 when the summary
 * changed, 0 when not, -1 (out left empty) when a budget ran out.
 */
int pairs_rerun(const struct opts *o, const struct source *src, const char *path,
		 const TSNode *fns, struct file_facts *ff, uint32_t fn, pairs_ext_fn ext,
		 void *ctx, struct arena *a, pair_cand_list *out, double deadline);

/* May lock keys a and b (each in its own function's terms: "&dev->lock",
 * "&$0->lock", a global's "&name") name one lock?  Not the addresses of
 * two objects whose last names differ (`&acm->mutex`, `&open_mutex`); a
 * pointer variable (`m`) may be any. */
bool pairs_may_alias(const char *a, const char *b);

#endif
