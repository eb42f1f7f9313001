/* SPDX-License-Identifier: GPL-2.0 */
/*
 * analysis/ — what the checks stand on: per-file facts (facts.c: functions,
 * calls, bindings, entry points, what each function does to the limit), the
 * whole-tree call graph and bottom-up summaries over its SCCs (program.c),
 * and the dataflow driver the checks plug into.  May call front/, kernel/,
 * checks/ (the whole-tree pass runs them), report/diag and util/.
 *
 * This header: the second pass over the whole input (program.c).
 */
#ifndef ADDRLIMIT_PROGRAM_H
#define ADDRLIMIT_PROGRAM_H

#include "addrlimit.h"
#include "facts.h"

struct program;

/* The second pass: summaries and checks over the whole input; ctl is the
 * run's table of control macros (macros.h), the one the first pass used.
 * kept (or NULL) is what the last program_probe() kept, over the same
 * facts: its call graph is used again, and freed. */
void program_run(const struct opts *o, struct file_result *rs, struct file_facts *ff, size_t n,
		 const struct ctl_macros *ctl, struct program *kept);

/*
 * The same over the files parsed so far, reporting nothing, for the
 * relevance pass: adds to `ask` the names whose files must be parsed too
 * (see relevance.h), to `ask_def` those of which only the files that may
 * define them are (where a callee is defined, and how), to `ask_reg` those
 * of which only the files that may register them are (is an extern
 * function an entry point?), and returns true when some analysed function may run
 * with the limit raised (then every file must be parsed).  With keep, and
 * unless it returns true, *keep gets its call graph for program_run (the
 * caller frees it with program_discard when the facts change first).
 */
struct name_set;
bool program_probe(const struct opts *o, struct file_result *rs, struct file_facts *ff, size_t n,
		   const struct ctl_macros *ctl, struct name_set *ask, struct name_set *ask_def,
		   struct name_set *ask_reg, struct program **keep);
/* Free what program_probe kept (NULL: nothing). */
void program_discard(struct program *kept);

#endif
