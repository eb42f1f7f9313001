/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PATHs of the command line → the C files to analyse: folders
 * searched, --exclude applied, and for each file whether it was named
 * itself (then it is parsed whatever it holds).
 */
#ifndef ADDRLIMIT_INPUTS_H
#define ADDRLIMIT_INPUTS_H

#include "addrlimit.h"

struct inputs {
	path_list paths;		/* the files to analyse, owned */
	VEC(bool) named;		/* per path: named on the command line */
	VEC(char *) errors;		/* PATHs with no C file: "PATH: why", owned */
	size_t excluded;		/* files --exclude left out */
};

/*
 * Collect the files of args[0, n) into in (zeroed by the caller); the
 * headers found beside them go to o->headers.  Without --kernel-version,
 * o->kernel_version becomes that of the kernel tree the first file lies in
 * (0 outside a tree).
 */
void inputs_collect(struct inputs *in, struct opts *o, char **args, int n);
void inputs_release(struct inputs *in);
/* The top folder of the kernel tree path lies in (the nearest enclosing
 * folder with a top Makefile giving VERSION, kernel/ and arch/), malloc'd,
 * or NULL. */
char *tree_top(const char *path);

#endif
