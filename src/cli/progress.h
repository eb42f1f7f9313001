/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The progress line on a terminal (--progress is implied on a tty, off
 * with -q or when stderr is not a terminal): files read out of the total
 * and the folder being read, then functions checked and findings so far.
 * Redrawn at most ten times a second; erased before the report.
 */
#ifndef ADDRLIMIT_PROGRESS_H
#define ADDRLIMIT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

void progress_start(bool on, size_t files);
/* A worker finished reading `path` (thread-safe). */
void progress_file(const char *path);
/* Would a redraw happen now?  (To skip counting what would not be shown.) */
bool progress_due(void);
/* The second pass: `done` of `total` functions, `findings` so far. */
void progress_check(size_t done, size_t total, size_t findings);
void progress_end(void);

#endif
