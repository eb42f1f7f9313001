// SPDX-License-Identifier: GPL-2.0
/*
 * The files a run analyses, from the PATHs on the command line: each
 * folder searched for *.c (and its headers kept for their macros), each
 * path --exclude matches left out.
 */
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
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

/* VERSION and PATCHLEVEL of dir/Makefile when dir is a kernel tree's top
 * (it has kernel/ and arch/ too), else 0. */
static size_t tree_makefile_version(const char *dir)
{
	char *mk = xasprintf("%s/Makefile", dir), *kd = xasprintf("%s/kernel", dir),
	     *ad = xasprintf("%s/arch", dir);
	struct stat st;
	size_t v = 0;
	FILE *f = stat(kd, &st) == 0 && S_ISDIR(st.st_mode) && stat(ad, &st) == 0 &&
			  S_ISDIR(st.st_mode) ? fopen(mk, "r") : NULL;
	if (f) {
		char line[256];
		unsigned major = 0, minor = 0;
		bool has_major = false, has_minor = false;
		/* the version lines open the top Makefile */
		for (int i = 0; i < 20 && fgets(line, sizeof(line), f); i++) {
			has_major |= sscanf(line, "VERSION = %u", &major) == 1;
			has_minor |= sscanf(line, "PATCHLEVEL = %u", &minor) == 1;
		}
		fclose(f);
		if (has_major && has_minor && major)
			v = KERNEL_VERSION_CODE(major, minor);
	}
	free(mk);
	free(kd);
	free(ad);
	return v;
}

char *tree_top(const char *path)
{
	char buf[PATH_MAX];
	if (!realpath(path, buf))
		return NULL;
	struct stat st;
	if (stat(buf, &st) == 0 && !S_ISDIR(st.st_mode)) {
		char *slash = strrchr(buf, '/');
		if (slash)
			*slash = 0;
	}
	for (;;) {
		if (tree_makefile_version(*buf ? buf : "/"))
			return xstrdup(*buf ? buf : "/");
		char *slash = strrchr(buf, '/');
		if (!slash || !*buf)
			return NULL;
		*slash = 0;
	}
}

/* The version of the kernel tree path lies in (its nearest enclosing top
 * Makefile with VERSION and PATCHLEVEL), or 0. */
static size_t tree_version(const char *path)
{
	char *top = tree_top(path);
	size_t v = top ? tree_makefile_version(top) : 0;
	free(top);
	return v;
}

void inputs_collect(struct inputs *in, struct opts *o, char **args, int n)
{
	path_list all = {0};
	VEC(bool) all_named = {0};
	for (int i = 0; i < n; i++) {
		size_t before = all.n;
		if (collect_files(args[i], &all, &o->headers, o->jobs) < 0)
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
	/* the version of the tree the first input lies in, unless
	 * --kernel-version said it */
	if (!o->kernel_version && in->paths.n)
		o->kernel_version = tree_version(in->paths.v[0]);
	/* a kernel tree's top folder, read whole */
	for (int i = 0; i < n && !o->excludes.n && !o->whole_tree; i++) {
		char buf[PATH_MAX];
		struct stat st;
		o->whole_tree = stat(args[i], &st) == 0 && S_ISDIR(st.st_mode) &&
				realpath(args[i], buf) && tree_makefile_version(buf) != 0;
	}
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
