/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Baselines: the fingerprints of an earlier run's SARIF report.  Findings
 * whose fingerprint is in the baseline are not reported again, so a CI
 * job fails only on findings a change introduced.
 */
#ifndef ADDRLIMIT_BASELINE_H
#define ADDRLIMIT_BASELINE_H

#include "addrlimit.h"

struct baseline {
	char **fp;		/* sorted, owned */
	size_t n;
};

/* Read the fingerprints of the SARIF file `path`.  Returns 0, or -1 with
 * *why set (owned by the caller) when it is not a readable SARIF log. */
int baseline_read(const char *path, struct baseline *b, char **why);
/* Parse a SARIF document held in memory (the fuzz target's entry). */
int baseline_parse(const char *text, size_t len, struct baseline *b, char **why);
/* Drop the findings the baseline has; counts them in each file's baselined. */
void baseline_apply(const struct baseline *b, struct file_result *rs, size_t n);
void baseline_release(struct baseline *b);

#endif
