/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The two passes over the input.  analyze.c reads every file once, in
 * parallel, and keeps its facts; program.c joins the facts into a call
 * graph, sums functions up bottom-up and runs the checks, reading again
 * only the files whose functions need it.
 */
#ifndef ADDRLIMIT_PIPELINE_H
#define ADDRLIMIT_PIPELINE_H

#include "addrlimit.h"
#include "facts.h"
#include "load.h"
#include "parse.h"

typedef VEC(TSNode) node_list;

/* The function definitions (with bodies) of a tree, in source order. */
void collect_functions(TSNode n, node_list *out, int depth);
/* The name a function definition declares; caller frees. */
char *function_name(TSNode fn, const char *text);
/* Offset + 1 of a parse error in fn that hides control flow, or 0. */
uint32_t vital_error(TSNode n, const char *text, int depth);
/* Load, normalise (unless --no-normalize) and parse one file.  Returns
 * the tree, or NULL with *why set. */
TSTree *load_and_parse(const struct opts *o, TSParser *parser, const char *path,
		       struct source *src, char **why);

/* The second pass: summaries and checks over the whole input; ctl is the
 * run's table of control macros (macros.h), the one the first pass used. */
void program_run(const struct opts *o, struct file_result *rs, struct file_facts *ff, size_t n,
		 const struct ctl_macros *ctl);

/*
 * The same over the files parsed so far, reporting nothing, for the
 * relevance pass: adds to `ask` the names whose files must be parsed too
 * (see relevance.h) and returns true when some analysed function may run
 * with the limit raised (then every file must be parsed).
 */
struct name_set;
bool program_probe(const struct opts *o, struct file_result *rs, struct file_facts *ff, size_t n,
		   const struct ctl_macros *ctl, struct name_set *ask);

#endif
