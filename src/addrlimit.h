/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run as a whole: options (one struct for all of them, filled by
 * main.c), the per-file result, and the analysis driver that turns a
 * list of paths into results in input order whatever the thread count.
 */
#ifndef ADDRLIMIT_H
#define ADDRLIMIT_H

#include <stdio.h>
#include "diag.h"
#include "load.h"

#define ADDRLIMIT_VERSION "0.1.0"

enum format { FMT_TEXT, FMT_SARIF };

struct opts {
	enum format format;		/* --format */
	const char *output;		/* -o FILE, or NULL for stdout */
	int jobs;			/* -j: worker threads */
	bool stats;			/* --stats on stderr */
	bool verbose;			/* -v: name functions not analysed */
	const char *dump_cfg;		/* --dump-cfg[=FUNC]: "" for all, NULL off */
	bool no_normalize;		/* --no-normalize: parse raw text (measurement) */
	size_t max_file_size;		/* --max-file-size */
	size_t budget;			/* --state-budget: transfers per function */
	bool enabled[C__COUNT];		/* --checks / --disable */
	VEC(char *) entries;		/* --entry FUNC: extra entry points */
	path_list headers;		/* *.h found in the folders given (macro definitions) */
};

/* Why a function was only partly understood. */
struct partial {
	char *func;			/* owned */
	unsigned line;			/* of the function */
	char *why;			/* owned */
	bool analysed;			/* false: skipped; true: analysed despite it */
};

struct file_result {
	char *path;			/* owned */
	char *error;			/* why the file was skipped, owned, or NULL */
	char *warning;			/* a non-fatal input problem, owned, or NULL */
	struct findings findings;
	VEC(struct partial) partial;	/* functions with parse errors or budget hits */
	char *dump;			/* --dump-cfg output, owned, or NULL */
	size_t bytes;			/* file size */
	size_t error_bytes;		/* bytes under ERROR nodes */
	size_t functions;		/* function definitions found */
	size_t fn_parse_errors;		/* ... of which with a parse error */
	size_t fn_skipped;		/* ... not analysed because of it */
	size_t fn_analysed;		/* ... run through the limit analysis */
	size_t fn_budget;		/* ... whose state budget ran out */
	size_t suppressed;		/* findings silenced by addrlimit-ignore comments */
};

/* Analyse every path in order; results[i] belongs to paths[i]. */
void analyze_files(const struct opts *o, char **paths, size_t n, struct file_result *results);
void file_result_release(struct file_result *r);

/* Output formats: return 0, or -1 on a write error. */
int report_text(FILE *out, const struct opts *o, const struct file_result *rs, size_t n);
int report_sarif(FILE *out, const struct opts *o, const struct file_result *rs, size_t n,
		 char **input_errors, size_t n_input_errors, int exit_code);

#endif
