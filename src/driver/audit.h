/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tree audit: when a whole kernel tree is scanned (a Makefile, arch/
 * and kernel/exit.c at one root, with arch/ files among the inputs), does
 * it carry the two run-time defences that make a leaked KERNEL_DS or an
 * oops inside a window harmless?  The check of the limit on the return to
 * user mode (tree-no-limit-check, per architecture) and do_exit()'s reset
 * to USER_DS (tree-no-exit-reset, CVE-2010-4258).  A tree without the
 * address limit (no architecture defines it: Linux 5.18+) needs neither.
 * When one is missing, the ds-leak or oops-in-window findings it would
 * have defused get a note saying they are exploitable.
 */
#ifndef ADDRLIMIT_AUDIT_H
#define ADDRLIMIT_AUDIT_H

#include "addrlimit.h"

/*
 * Audit the tree paths[0, n) come from, if they are one; its findings go
 * to the result of kernel/exit.c (enabled checks only, fingerprinted and
 * sorted), its notes to the other results' findings.
 */
void audit_tree(const struct opts *o, char **paths, size_t n, struct file_result *results);

#endif
