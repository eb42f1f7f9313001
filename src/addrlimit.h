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
#include "suppress.h"

#define ADDRLIMIT_VERSION "0.1.0"

enum format { FMT_TEXT, FMT_SARIF, FMT_JSON };

/* A kernel version as --kernel-version and the tree's Makefile give it. */
#define KERNEL_VERSION_CODE(major, minor) ((size_t)(major) * 256 + (size_t)(minor))

/* set_fs() is gone from every architecture (Linux 5.18): no caller can
 * raise the limit around a handler, so checks that assume one stay off. */
#define KERNEL_WITHOUT_SET_FS KERNEL_VERSION_CODE(5, 18)

/* x86's SMAP support (Linux 3.7): before it no kernel set EFLAGS.AC, and
 * `get_user_try {` only cleared an error flag, so nothing runs with user
 * access enabled. */
#define KERNEL_WITH_STAC KERNEL_VERSION_CODE(3, 7)

struct opts {
	enum format format;		/* --format */
	const char *output;		/* -o FILE, or NULL for stdout */
	int jobs;			/* -j: worker threads */
	bool stats;			/* --stats on stderr */
	bool verbose;			/* -v: name functions not analysed */
	const char *dump_cfg;		/* --dump-cfg[=FUNC]: "" for all, NULL off */
	bool no_normalize;		/* --no-normalize: parse raw text (measurement) */
	bool no_makefile_flags;		/* --no-makefile-flags: kbflags.h off */
	bool no_kconfig;		/* --no-kconfig: kconfig.h off */
	bool parse_only;		/* --parse-only: load, normalise and parse, no analysis
					 * (the parse floor of a benchmark) */
	bool verify_elision;		/* --verify-elision: parse elided files whole too and
					 * compare (a self-test) */
	bool verify_token_locks;	/* --verify-token-locks: parse what the token check
					 * of locks settles, and compare (a self-test) */
	size_t max_file_size;		/* --max-file-size */
	size_t budget;			/* --state-budget: transfers per function */
	double time_budget;		/* --time-budget: seconds per file (0: none) */
	bool enabled[C__COUNT];		/* --checks / --disable */
	path_list entries;		/* --entry FUNC: extra entry points */
	path_list headers;		/* *.h found in the folders given (macro definitions) */
	bool report_unused;		/* --report-unused-suppressions */
	bool every_caller;		/* --every-caller: a finding per caller a root cause
					 * reaches, not one folded finding (program_fold.c) */
	const char *baseline;		/* --baseline OLD.sarif */
	const char *write_baseline;	/* --write-baseline FILE */
	const char *html_dir;		/* --html DIR */
	VEC(const char *) excludes;	/* --exclude GLOB */
	bool quiet;			/* -q: no warnings about the input on stderr */
	bool strict_input;		/* --strict-input: a file found in a folder and
					 * refused for what it holds makes the run exit 2,
					 * as one named on the command line does */
	bool color;			/* --color, resolved against the output's tty */
	bool werror;			/* -Werror: warnings count as errors */
	bool kbuild;			/* run by kbuild as CHECK=: exit 0 unless -Werror */
	bool progress;			/* a progress line on stderr (a tty, not -q) */
	bool fix;			/* --fix: rewrite set_fs() windows */
	const char *fix_file;		/* --fix=FILE: the patch goes there */
	bool compat;			/* --compat: keep the old code under a version guard */
	bool in_place;			/* --in-place: apply the rewrite to the files */
	VEC(char *) defines;		/* -D NAME[=VALUE] (owned "NAME=VALUE") */
	VEC(const char *) undefs;	/* -U NAME */
	VEC(const char *) incdirs;	/* -I, -isystem, -iquote, -idirafter DIR */
	VEC(const char *) includes;	/* -include, -imacros FILE */
	const char *cache;		/* --cache: the database, or NULL */
	bool full;			/* --full: parse every file, not only the relevant ones */
	bool pairs_across_files;	/* --pairs-across-files: the pair rules' whole-tree
					 * pass (program_pairs.c); off by default: it costs
					 * about 1.6x on net/ of 6.1 (bench/RESULTS.md) */
	size_t kernel_version;		/* --kernel-version X.Y, or the version in the top
					 * Makefile of the tree the inputs lie in, as
					 * KERNEL_VERSION_CODE(X, Y); 0: not known */
	const bool *named;		/* per path: named on the command line (always parsed) */
	bool whole_tree;		/* an input is a kernel tree's top folder (and nothing
					 * is excluded): a function not exported has no
					 * caller outside the files read */
	struct strbuf key_file;		/* the options that change a file's results, serialised
					 * from the option table (cli/options.c): --cache's key */
	struct strbuf key_run;		/* ... that change only the run's (statistics) */
};

/* A byte-range rewrite of a file (--fix). */
struct edit {
	uint32_t a, b;			/* replace raw[a, b) ... */
	char *text;			/* ... with this (owned) */
};
typedef VEC(struct edit) edit_list;

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
	bool refused;			/* ... for what it holds (binary, not understood as
					 * C, over --max-file-size, not a regular file), not
					 * because it could not be read */
	bool skipped;			/* refused, found in a folder, no --strict-input:
					 * reported, but not an error of the run (set by
					 * the report, cli/output.c) */
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
	size_t fn_time;			/* ... not (fully) analysed: the file's time budget ran out */
	double seconds;			/* time spent on the file (parse and analysis) */
	size_t suppressed;		/* findings silenced by suppression comments */
	size_t baselined;		/* findings dropped because --baseline has them */
	struct findings silenced;	/* the findings suppression comments silenced */
	suppression_list supps;		/* the file's suppression comments */
	tool_note_list notes;		/* problems with those comments */
	edit_list edits;		/* --fix: sorted, disjoint */
	uint64_t raw_hash;		/* of the bytes the edits apply to (--in-place) */
	bool unparsed;			/* the relevance pass found nothing to parse it for */
	bool elided;			/* parsed with only the bodies the pair rules need
					 * (elide.h): parsed whole when asked about */
	bool elision_undone;		/* elided, but the parse disagreed: parsed whole */
	bool fresh;			/* parsed in this run (not only known from --cache) */
	size_t elided_bodies;		/* bodies left out */
	bool locks_settled;		/* not parsed: every lock call settled from the tokens */
	size_t settled_bodies;		/* bodies left out because the token check settled
					 * them (locktok.h) */
	size_t tok_checked;		/* --verify-token-locks: functions settled from the
					 * tokens and analysed all the same, */
	size_t tok_differs;		/* ... of which the analysis reports or sums up */
	uint8_t scan_flags;		/* its name scan's flags (relevance.h), kept for
					 * --cache: an unparsed file's are its scan; a parsed
					 * one's tell a later run whether the limit is raised
					 * before any probe (scan_known: there was a scan) */
	bool scan_known;
	uint32_t nscan_hash;
	uint32_t *scan_hash;		/* owned, or NULL */
};

/* Analyse every path in order; results[i] belongs to paths[i]. */
void analyze_files(const struct opts *o, char **paths, size_t n, struct file_result *results);
/* What --cache did in the last analyze_files: files reused from it, files
 * analysed and stored, whether the whole run came from it. */
void analyze_cache_counts(size_t *reused, size_t *analysed, bool *whole);
/* What the relevance pass did: files parsed, rounds of it (0: --full;
 * -1: the cache knew the whole run), whether it ended up parsing every
 * file because the limit is raised, files parsed in each of the first
 * RELEVANCE_ROUNDS rounds. */
#define RELEVANCE_ROUNDS 8
void analyze_relevance_counts(size_t *parsed, int *rounds, bool *full, size_t *per_round);
/* Where the last analyze_files spent its time (wall-clock seconds, the
 * phases in order; a phase that did not run is 0). */
enum { PH_CACHE_LOAD, PH_HEADERS, PH_SCAN, PH_FILES, PH_PROBE, PH_CACHE_STORE, PH_PROGRAM,
       PH_AUDIT, PH_COUNT };
void analyze_phase_times(double t[PH_COUNT]);
void file_result_release(struct file_result *r);

/* The key of our partialFingerprints in SARIF (and baselines). */
#define SARIF_FINGERPRINT "addrlimit/v1"

/* A check's severity after -Werror. */
enum severity effective_severity(const struct opts *o, enum check_id id);
/* A finding's: its check's, or the most severe of the findings folded into
 * it (an entry point's ds-leak makes the helper's root cause an error). */
enum severity finding_severity(const struct opts *o, const struct finding *f);

/* Is a check of the address limit itself on (the ones that need the
 * summaries of the whole tree when the limit is raised)? */
/* Is any paired-state check on (the rules' walk, the lock wrappers)? */
static inline bool pair_checks_on(const struct opts *o)
{
	return o->enabled[C_PAIR_UNBALANCED] || o->enabled[C_LOCK_HELD_RETURN] ||
	       o->enabled[C_UACCESS_CALL] || o->enabled[C_LOCK_UNBALANCED] ||
	       o->enabled[C_LOCK_RELEASE_UNHELD] || o->enabled[C_LOCK_DOUBLE_ACQUIRE];
}

static inline bool limit_checks_on(const struct opts *o)
{
	return o->enabled[C_DS_LEAK] || o->enabled[C_USER_PTR_KERNEL_DS] ||
	       o->enabled[C_DS_UNBALANCED] || o->enabled[C_OOPS_IN_WINDOW] ||
	       o->enabled[C_DS_NO_SAVE];
}

/* Output formats: return 0, or -1 on a write error. */
int report_text(FILE *out, const struct opts *o, const struct file_result *rs, size_t n);
int report_sarif(FILE *out, const struct opts *o, const struct file_result *rs, size_t n,
		 char **input_errors, size_t n_input_errors, int exit_code);
/* --html: index.html and one page per finding in dir, created if missing. */
int report_html(const char *dir, const struct opts *o, const struct file_result *rs, size_t n);
int report_json(FILE *out, const struct opts *o, const struct file_result *rs, size_t n,
		char **input_errors, size_t n_input_errors, int exit_code);

#endif
