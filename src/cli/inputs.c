// SPDX-License-Identifier: GPL-2.0
/*
 * The files a run analyses, from the PATHs on the command line: each
 * folder searched for *.c (and its headers kept for their macros), each
 * path --exclude matches left out.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "inputs.h"
#include "load.h"

/* --exclude: the glob matches the path, or the path from any '/' on, or
 * a leading folder of either ("drivers/staging" skips what is under it). */
static bool excluded(const struct opts *o, const char *path)
{
	for (size_t i = 0; i < o->excludes.n; i++) {
		const char *g = o->excludes.v[i];
		for (const char *p = path; p; p = strchr(p, '/')) {
			if (*p == '/')
				p++;
			if (fnmatch(g, p, FNM_LEADING_DIR) == 0)
				return true;
		}
	}
	return false;
}

void inputs_collect(struct inputs *in, struct opts *o, char **args, int n)
{
	path_list all = {0};
	VEC(bool) all_named = {0};
	for (int i = 0; i < n; i++) {
		size_t before = all.n;
		if (collect_files(args[i], &all, &o->headers) < 0)
			VEC_PUSH(in->errors, xasprintf("%s: no C files to analyse", args[i]));
		/* a file named on the command line is parsed whatever it holds
		 * (the relevance pass only skips files found in folders) */
		struct stat st;
		bool file = stat(args[i], &st) != 0 || !S_ISDIR(st.st_mode);
		for (size_t k = before; k < all.n; k++)
			VEC_PUSH(all_named, file);
	}
	for (size_t i = 0; i < all.n; i++) {
		if (excluded(o, all.v[i])) {
			free(all.v[i]);
			in->excluded++;
		} else {
			VEC_PUSH(in->paths, all.v[i]);
			VEC_PUSH(in->named, all_named.v[i]);
		}
	}
	VEC_FREE(all);
	VEC_FREE(all_named);
}

void inputs_release(struct inputs *in)
{
	for (size_t i = 0; i < in->paths.n; i++)
		free(in->paths.v[i]);
	VEC_FREE(in->paths);
	VEC_FREE(in->named);
	for (size_t i = 0; i < in->errors.n; i++)
		free(in->errors.v[i]);
	VEC_FREE(in->errors);
}
