/* SPDX-License-Identifier: GPL-2.0 */
/*
 * driver/ — the pipeline, in order (analyze.c: analyze_files): scan every
 * file's names (front/relevance) → rounds of load, normalise, parse and
 * facts over the files that matter, in parallel (front/, analysis/facts,
 * the per-file pair walk of checks/) → the whole-tree pass
 * (analysis/program) → results for report/ and fix/; store/cache wraps the
 * per-file and per-run results.  The top layer: it may call every stage,
 * and nothing but cli/ calls it.
 *
 * Kept for the stages' old includes: the front end's per-file entry points
 * (front.h) and the whole-tree pass (program.h).
 */
#ifndef ADDRLIMIT_PIPELINE_H
#define ADDRLIMIT_PIPELINE_H

#include "front.h"
#include "program.h"

#endif
