/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli/ — the command line: options (options.c, one table), the input files
 * (inputs.c), the run's outputs and exit status (output.c), --stats
 * (stats.c), the progress line (progress.c), the heap on huge pages
 * (heap.c) and main().  The top: may call
 * the driver and every output stage; nothing calls it.
 *
 * The command line's options.  Every option is one row of the table in
 * options.c; the parser (getopt_long's tables and the kbuild prefilter),
 * --help, --list-options (which the man-page test reads) and the cache's
 * key material (options_fill_key) are all made from it, so an option
 * cannot be parsed but undocumented, or change results without changing
 * the key.
 */
#ifndef ADDRLIMIT_OPTIONS_H
#define ADDRLIMIT_OPTIONS_H

#include "addrlimit.h"

/* The command line: struct opts for the run, plus what only main uses. */
struct cli {
	struct opts o;			/* the run's options */
	int color;			/* --color: -1 auto, 0 never, 1 always */
	VEC(const char *) rule_files;	/* --rules FILE, in order */
	char *cache_path;		/* --cache[=FILE], owned, or NULL */
	bool list_rules;		/* --list-rules */
	char **argv;			/* the arguments left for getopt (owned array) */
	int argc;			/* ... their count */
	int first_path;			/* argv[first_path, argc) are the PATHs */
};

/*
 * Fill c with the defaults, then with the options of argv.  Returns -1 to
 * go on with the run, or the exit status when the command line was the
 * whole job: 0 after --help, --version, --list-checks, --list-options; 2
 * after an option getopt rejected (and said why).  Other usage errors
 * print their message and exit(2) (usage_error).
 */
int options_parse(struct cli *c, int argc, char **argv);

/*
 * Serialise the options whose rows say they change results into
 * o->key_file (a file's results) and o->key_run (only the run's: the
 * statistics), for --cache to key on.  Call once all options are final.
 */
void options_fill_key(struct opts *o);

/* Free what c owns: what options_parse and options_fill_key allocated,
 * and the headers the inputs added to c->o. */
void options_release(struct cli *c);

/* "addrlimit: " + the message, the --help hint, exit(2). */
_Noreturn void usage_error(const char *fmt, const char *arg) __attribute__((format(printf, 1, 0)));

#endif
