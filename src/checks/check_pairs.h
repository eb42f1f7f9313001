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

#endif
