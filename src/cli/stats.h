/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --stats: what the run read, parsed, analysed and found, on stderr.
 */
#ifndef ADDRLIMIT_STATS_H
#define ADDRLIMIT_STATS_H

#include "addrlimit.h"

/* The counts of rs[0, n), with n_input_errors PATHs that gave no file
 * and `excluded` files --exclude left out. */
void print_stats(const struct file_result *rs, size_t n, size_t n_input_errors,
		 size_t excluded);

#endif
