/* SPDX-License-Identifier: GPL-2.0 */
/*
 * front/ — from a path to a parse tree and a CFG: load (load.c), the kernel
 * dialect normalised in place with offsets kept (normalize*.c), tree-sitter
 * (parse.c), statement macros that hide a jump (macros.c), #if arms
 * (ppenv.c), bodies left out of the parse (elide.c), the name scan that
 * decides which files to parse (relevance.c), and per-function CFGs
 * (cfg.c).  May call kernel/ and util/; nothing above it.
 *
 * This header: one file through the front end (front.c).
 */
#ifndef ADDRLIMIT_FRONT_H
#define ADDRLIMIT_FRONT_H

#include "addrlimit.h"
#include "elide.h"
#include "load.h"
#include "parse.h"

typedef VEC(TSNode) node_list;

/* The function definitions (with bodies) of a tree, in source order. */
void collect_functions(TSNode n, node_list *out, int depth);
/* The name a function definition declares; caller frees. */
char *function_name(TSNode fn, const char *text);
/* Offset + 1 of a parse error in fn that hides control flow, or 0. */
uint32_t vital_error(TSNode n, const char *text, int depth);
/* Bytes of n that lie under ERROR nodes. */
size_t error_bytes(TSNode n, int depth);

/* Load path into src and normalise it (unless --no-normalize).  False with
 * *why set when it cannot be read. */
bool load_text(const struct opts *o, const char *path, struct source *src, char **why);
/* load_text() up to normalize_early() (normalize.h): the caller does
 * normalize_late() (not with o->no_normalize, which this does not take). */
bool load_text_early(const struct opts *o, const char *path, struct source *src, char **why);
/* Parse src->text, loading having started at `start` (mono_seconds) for the
 * --time-budget deadline.  NULL with *why set (and src released) when the
 * parser gave up. */
TSTree *parse_text(const struct opts *o, TSParser *parser, const char *path,
		   struct source *src, double start, char **why);
/* Both of the above.  Returns the tree, or NULL with *why set. */
TSTree *load_and_parse(const struct opts *o, TSParser *parser, const char *path,
		       struct source *src, char **why);

/* parse_text() of text elided by elide_bodies*() (elide.h): the parser
 * reads only the text outside the blanked bodies. */
TSTree *parse_text_elided(const struct opts *o, TSParser *parser, const char *path,
			  struct source *src, const struct elision *el, double start, char **why);
/*
 * load_and_parse() for the whole-tree pass: only the bodies of the
 * definitions that start at spans[2k] (and end at spans[2k + 1]), sorted,
 * are parsed (elide_bodies_except()); the file is parsed whole when the
 * parse does not find each of them with the body kept.  *elided says
 * whether bodies were left out.
 */
TSTree *load_and_parse_bodies(const struct opts *o, TSParser *parser, const char *path,
			      struct source *src, const uint32_t *spans, size_t nspans,
			      bool *elided, char **why);

#endif
