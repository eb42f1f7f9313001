/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The last step of a file's results (finish.c): called by the program
 * driver once per file after every check has run.
 */
#ifndef ADDRLIMIT_FINISH_H
#define ADDRLIMIT_FINISH_H

#include "addrlimit.h"

/*
 * Drop the findings of disabled checks, move suppressed ones to
 * r->silenced (noting unused suppressions when o->report_unused), sort
 * both, and give each its fingerprint (from the file's text, reloaded).
 */
void finish_file(const struct opts *o, struct file_result *r);

#endif
