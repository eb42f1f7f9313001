/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Everything a run writes after the analysis, and its exit status.
 */
#ifndef ADDRLIMIT_OUTPUT_H
#define ADDRLIMIT_OUTPUT_H

#include "addrlimit.h"
#include "baseline.h"
#include "inputs.h"

/*
 * Report the results rs of the files in `in` as o asks: errors and
 * warnings about the input, --write-baseline, --baseline (base, read
 * already), the report or --dump-cfg, --fix, --html, --stats.  Returns
 * the exit status: 0 nothing at warning level or above, 1 findings (not
 * in kbuild mode without -Werror), 2 an input or an output failed.
 */
int report_run(const struct opts *o, const struct baseline *base, struct file_result *rs,
	       const struct inputs *in);

#endif
