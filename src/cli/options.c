// SPDX-License-Identifier: GPL-2.0
/*
 * The option table and everything made from it: getopt_long's short and
 * long tables, the kbuild prefilter (which must know our options to leave
 * them alone among gcc's), --help, --list-options and the serialised
 * options the cache keys on.  Adding an option is adding a row (and its
 * handler if storing into a field is not enough); the man-page test fails
 * until addrlimit.1 documents it.
 */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "options.h"
#include "cache.h"

/* The --help sections, in order. */
enum opt_group { G_OUTPUT, G_CHECKS, G_MIGRATION, G_PREPROCESSOR, G_ANALYSIS };

static const char *const group_heading[] = {
	[G_OUTPUT] = "Output:",
	[G_CHECKS] = "Checks and findings:",
	[G_MIGRATION] = "Migration (set_fs() is gone since 5.10):",
	[G_PREPROCESSOR] = "Preprocessor (to decide #if arms; kbuild passes these):",
	[G_ANALYSIS] = "Analysis:",
};

/* What the field an option sets holds: how the default handler stores
 * the argument, and how options_fill_key serialises the field. */
enum opt_type {
	T_NONE,		/* no field of struct opts (or a handler of its own) */
	T_BOOL,		/* bool, set to true */
	T_STR,		/* const char *, the argument */
	T_STRINGS,	/* path_list, the argument appended */
	T_SIZE,		/* size_t, a number with K, M, G suffixes */
	T_SECONDS,	/* double (keyed in milliseconds) */
	T_CHECKS,	/* bool[C__COUNT], the checks that run */
};

/* Does an option change what the cache stores? */
enum opt_key {
	K_NONE,		/* no (or only through what it feeds, e.g. --rules, --exclude) */
	K_FILE,		/* a file's results: the key of files and runs */
	K_RUN,		/* only the run's (statistics): the key of runs */
};

enum {
	OF_HIDDEN = 1,	/* neither in --help nor in --list-options */
	OF_JOINED = 2,	/* in --help on the line of an earlier row (its `left`) */
	OF_EXIT = 4,	/* the handler did the whole job: exit 0 */
	OF_ALIAS = 8,	/* another name of the row before (getopt: not ambiguous with it) */
};

struct option_def;
typedef void opt_handler(struct cli *c, const struct option_def *d, const char *arg);

/*
 * One option.  Spelled --name and/or -letter through getopt_long, or
 * `word` ("-include") in the prefilter.  Its handler is `set`, or when
 * NULL the default for its type storing into the field at `field`.
 */
struct option_def {
	const char *name;		/* long name without "--", or NULL */
	char letter;			/* short option, or 0 */
	const char *word;		/* a single-dash word (-include): next argument is its value */
	int has_arg;			/* no_argument, required_argument, optional_argument */
	const char *meta;		/* the argument's name in --help (FILE), or NULL */
	enum opt_group group;		/* --help section */
	const char *left;		/* --help's left column when not made of the names */
	const char *help;		/* --help text, lines split by '\n'; "": left column only */
	unsigned flags;			/* OF_* */
	enum opt_type type;		/* what `field` holds */
	size_t field;			/* offsetof(struct opts, ...), with type != T_NONE */
	enum opt_key key;		/* does it change results */
	opt_handler *set;		/* or NULL: store by type */
};

static const char usage_head[] =
	"usage: addrlimit [options] PATH...\n"
	"       addrlimit [compiler options] FILE.c     (as kbuild's CHECK=)\n"
	"\n"
	"Check Linux kernel C code for misuse of the address limit (set_fs).\n"
	"PATH is a C file or a folder searched for *.c files.\n";

static const char usage_tail[] =
	"\n"
	"Exit status: 0 no finding at warning level or above, 1 findings,\n"
	"2 usage error or an input that could not be analysed.  In kbuild mode\n"
	"findings, and a file not understood as C, exit 0 unless -Werror, like\n"
	"sparse.\n";

_Noreturn void usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "addrlimit: ");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	fprintf(stderr, fmt, arg);
#pragma GCC diagnostic pop
	fprintf(stderr, "\nTry 'addrlimit --help' for more information.\n");
	exit(2);
}

static size_t parse_size(const char *s, const char *opt)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || end == s || *s == '-')
		usage_error("invalid number for %s", opt);
	switch (*end) {
	case 'k': case 'K': v <<= 10; end++; break;
	case 'm': case 'M': v <<= 20; end++; break;
	case 'g': case 'G': v <<= 30; end++; break;
	default: break;
	}
	if (*end)
		usage_error("invalid number for %s", opt);
	return (size_t)v;
}

/* --- handlers ------------------------------------------------------------ */

static void set_format(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	if (!strcmp(arg, "text"))
		c->o.format = FMT_TEXT;
	else if (!strcmp(arg, "sarif"))
		c->o.format = FMT_SARIF;
	else if (!strcmp(arg, "json"))
		c->o.format = FMT_JSON;
	else
		usage_error("unknown format '%s' (text, sarif or json)", arg);
}

static void set_color(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	if (!arg || !strcmp(arg, "always"))
		c->color = 1;
	else if (!strcmp(arg, "never"))
		c->color = 0;
	else if (!strcmp(arg, "auto"))
		c->color = -1;
	else
		usage_error("--color takes auto, always or never, not '%s'", arg);
}

static void set_cache(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	free(c->cache_path);
	c->cache_path = arg ? xstrdup(arg) : cache_default_path();
}

static void set_checks_list(struct opts *o, const char *list, bool only)
{
	if (only)
		for (int i = 0; i < C__COUNT; i++)
			o->enabled[i] = false;
	const char *p = list;
	while (*p) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		int id = check_by_id(p, len);
		if (id < 0) {
			char *bad = xstrndup(p, len);
			usage_error("unknown check '%s' (see --list-checks)", bad);
		}
		o->enabled[id] = only;
		p += len + (e != NULL);
	}
}

static void set_checks(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	set_checks_list(&c->o, arg, true);
}

static void set_disable(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	set_checks_list(&c->o, arg, false);
}

/* -W<id>, -Wno-<id>, -Werror.  Other -W options are gcc's or sparse's:
 * an error normally, ignored in kbuild mode. */
static void set_warning(struct cli *c, const struct option_def *d, const char *w)
{
	(void)d;
	if (!strcmp(w, "error")) {
		c->o.werror = true;
		return;
	}
	bool on = strncmp(w, "no-", 3) != 0;
	const char *id = on ? w : w + 3;
	int k = check_by_id(id, strlen(id));
	if (k >= 0)
		c->o.enabled[k] = on;
	else if (!c->o.kbuild)
		usage_error("unknown check in '-W%s' (see --list-checks)", w);
}

static void set_rules(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	VEC_PUSH(c->rule_files, arg);
}

static void list_checks(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)c, (void)d, (void)arg;
	for (int i = 0; i < C__COUNT; i++)
		printf("%-19s %-8s %s\n", checks[i].id, severity_name(checks[i].sev),
		       checks[i].shortd);
}

static void set_list_rules(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d, (void)arg;
	c->list_rules = true;
}

static void set_fix(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	c->o.fix = true;
	c->o.fix_file = arg;
}

static void add_define(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	const char *eq = strchr(arg, '=');
	VEC_PUSH(c->o.defines, eq ? xstrdup(arg) : xasprintf("%s=1", arg));
}

static void add_undef(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	VEC_PUSH(c->o.undefs, arg);
}

static void add_incdir(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	VEC_PUSH(c->o.incdirs, arg);
}

static void add_include(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	VEC_PUSH(c->o.includes, arg);
}

static void add_exclude(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	VEC_PUSH(c->o.excludes, arg);
}

static void set_jobs(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	size_t j = parse_size(arg, "--jobs");
	if (j < 1 || j > 256)
		usage_error("--jobs takes a number from 1 to 256, not '%s'", arg);
	c->o.jobs = (int)j;
}

static void set_state_budget(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	c->o.budget = parse_size(arg, "--state-budget");
	if (!c->o.budget)
		usage_error("--state-budget must be positive, not '%s'", arg);
}

static void set_time_budget(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	char *end;
	errno = 0;
	double t = strtod(arg, &end);
	if (errno || end == arg || *end || t < 0 || t > 1e6)
		usage_error("--time-budget takes seconds (0: no limit), not '%s'", arg);
	c->o.time_budget = t;
}

static void set_kernel_version(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	unsigned major, minor;
	int used = 0;
	if (sscanf(arg, "%u.%u%n", &major, &minor, &used) != 2 || arg[used] || !major ||
	    major > 99 || minor > 255)
		usage_error("--kernel-version takes MAJOR.MINOR (such as 4.4), not '%s'", arg);
	c->o.kernel_version = KERNEL_VERSION_CODE(major, minor);
}

static void set_dump_cfg(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)d;
	c->o.dump_cfg = arg ? arg : "";
}

static void show_help(struct cli *c, const struct option_def *d, const char *arg);
static void list_options(struct cli *c, const struct option_def *d, const char *arg);

static void show_version(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)c, (void)d, (void)arg;
	printf("addrlimit %s (tree-sitter 0.25.1, tree-sitter-c 0.24.1)\n", ADDRLIMIT_VERSION);
}

/* --- the table ----------------------------------------------------------- */

#define REQ(m) .has_arg = required_argument, .meta = (m)
#define OPT(m) .has_arg = optional_argument, .meta = (m)
#define FIELD(t, f) .type = (t), .field = offsetof(struct opts, f)

static const struct option_def option_defs[] = {
	/* Output */
	{ .name = "format", .letter = 'f', REQ("FMT"), .group = G_OUTPUT, .set = set_format,
	  .help = "text (default, gcc style), sarif (SARIF 2.1.0)\n"
		  "or json (docs/json.md)" },
	{ .name = "output", .letter = 'o', REQ("FILE"), .group = G_OUTPUT, FIELD(T_STR, output),
	  .help = "write the report to FILE instead of stdout" },
	{ .name = "html", REQ("DIR"), .group = G_OUTPUT, FIELD(T_STR, html_dir),
	  .help = "also write an HTML report to DIR: index.html and\n"
		  "one page per finding with its path in the source" },
	{ .name = "color", OPT("WHEN"), .group = G_OUTPUT, .set = set_color,
	  .help = "colour text output: auto (default), always, never" },
	{ .name = "colour", OPT("WHEN"), .group = G_OUTPUT, .set = set_color,
	  .flags = OF_HIDDEN | OF_ALIAS },
	{ .name = "quiet", .letter = 'q', .group = G_OUTPUT, FIELD(T_BOOL, quiet),
	  .help = "no warnings about the input and no progress line" },
	{ .name = "stats", .group = G_OUTPUT, FIELD(T_BOOL, stats),
	  .help = "print counts of files and functions on stderr" },
	{ .name = "cache", OPT("FILE"), .group = G_OUTPUT, .set = set_cache,
	  .help = "keep results in an SQLite cache (default\n"
		  "$XDG_CACHE_HOME/addrlimit/cache.sqlite) and re-analyse\n"
		  "only files that changed" },
	{ .name = "verbose", .letter = 'v', .group = G_OUTPUT, FIELD(T_BOOL, verbose),
	  .help = "also name each function that was not fully analysed" },

	/* Checks and findings */
	{ .name = "checks", REQ("LIST"), .group = G_CHECKS, .set = set_checks,
	  FIELD(T_CHECKS, enabled), .key = K_FILE,
	  .help = "run only these checks (comma-separated ids)" },
	{ .name = "disable", REQ("LIST"), .group = G_CHECKS, .set = set_disable,
	  FIELD(T_CHECKS, enabled), .key = K_FILE,
	  .help = "do not run these checks" },
	{ .letter = 'W', REQ("id"), .group = G_CHECKS, .set = set_warning,
	  FIELD(T_CHECKS, enabled), .key = K_FILE,
	  .left = "-W<id>, -Wno-<id>", .help = "enable or disable one check" },
	/* parsed as -W with "error"; its own row for --help and the man page */
	{ .word = "-Werror", .group = G_CHECKS, .left = "-Werror",
	  .help = "treat warnings as errors (in kbuild mode: fail the\n"
		  "build on findings)" },
	{ .name = "baseline", REQ("FILE"), .group = G_CHECKS, FIELD(T_STR, baseline),
	  .help = "report only findings not in FILE (an earlier SARIF\n"
		  "report or --write-baseline file)" },
	{ .name = "write-baseline", REQ("FILE"), .group = G_CHECKS, FIELD(T_STR, write_baseline),
	  .help = "write the current findings to FILE as a baseline" },
	{ .name = "every-caller", .group = G_CHECKS, FIELD(T_BOOL, every_caller), .key = K_FILE,
	  .help = "report each caller a faulty return reaches, each\n"
		  "user pointer from one source, and each call that\n"
		  "never returns under one raise, and each return\n"
		  "after one raise or acquire, as a finding of its\n"
		  "own (by default one finding per root cause, the\n"
		  "others listed with it)" },
	{ .name = "report-unused-suppressions", .group = G_CHECKS, FIELD(T_BOOL, report_unused),
	  .key = K_FILE,
	  .help = "warn about suppression comments that\n"
		  "silence nothing" },
	/* not keyed: the files it leaves out are not in the run */
	{ .name = "exclude", REQ("GLOB"), .group = G_CHECKS, .set = add_exclude,
	  .help = "skip files whose path matches GLOB (repeatable)" },
	{ .name = "entry", REQ("FUNC"), .group = G_CHECKS, FIELD(T_STRINGS, entries),
	  .key = K_FILE,
	  .help = "treat FUNC as an entry point (repeatable)" },
	/* not keyed here: the cache keys on the rule set the files make */
	{ .name = "rules", REQ("FILE"), .group = G_CHECKS, .set = set_rules,
	  .help = "add the paired-state rules of FILE (repeatable;\n"
		  "format in docs/rules.md)" },
	{ .name = "list-checks", .group = G_CHECKS, .set = list_checks, .flags = OF_EXIT,
	  .help = "list the checks and exit" },
	{ .name = "list-rules", .group = G_CHECKS, .set = set_list_rules,
	  .help = "list the paired-state rules (built-in and\n"
		  "--rules) and exit" },

	/* Migration */
	{ .name = "fix", OPT("FILE"), .group = G_MIGRATION, .set = set_fix,
	  .help = "write a unified diff that rewrites each set_fs()\n"
		  "window to the modern API (on stdout, the report\n"
		  "then on stderr; or into FILE); setfs-migrate\n"
		  "notes say what was rewritten or why not" },
	{ .name = "compat", .group = G_MIGRATION, FIELD(T_BOOL, compat),
	  .help = "keep the old code under #if LINUX_VERSION_CODE <\n"
		  "KERNEL_VERSION(...) with the new code in #else" },
	{ .name = "in-place", .group = G_MIGRATION, FIELD(T_BOOL, in_place),
	  .help = "apply the rewrite to the files themselves" },

	/* Preprocessor: not keyed, --cache is not used with them */
	{ .letter = 'D', REQ("NAME"), .group = G_PREPROCESSOR, .set = add_define,
	  .left = "-D NAME[=VALUE], -U NAME, -I DIR, -include FILE", .help = "" },
	{ .letter = 'U', REQ("NAME"), .group = G_PREPROCESSOR, .set = add_undef,
	  .flags = OF_JOINED },
	{ .letter = 'I', REQ("DIR"), .group = G_PREPROCESSOR, .set = add_incdir,
	  .flags = OF_JOINED },
	{ .word = "-include", REQ("FILE"), .group = G_PREPROCESSOR, .set = add_include,
	  .flags = OF_JOINED },
	/* gcc's other spellings, accepted for kbuild */
	{ .word = "-imacros", REQ("FILE"), .group = G_PREPROCESSOR, .set = add_include,
	  .flags = OF_HIDDEN },
	{ .word = "-isystem", REQ("DIR"), .group = G_PREPROCESSOR, .set = add_incdir,
	  .flags = OF_HIDDEN },
	{ .word = "-iquote", REQ("DIR"), .group = G_PREPROCESSOR, .set = add_incdir,
	  .flags = OF_HIDDEN },
	{ .word = "-idirafter", REQ("DIR"), .group = G_PREPROCESSOR, .set = add_incdir,
	  .flags = OF_HIDDEN },
	{ .name = "kbuild", .group = G_PREPROCESSOR, FIELD(T_BOOL, kbuild),
	  .help = "accept and ignore the other compiler options, as\n"
		  "sparse does (implied by -nostdinc, --arch= or\n"
		  "-D__KERNEL__)" },

	{ .name = "no-makefile-flags", .group = G_PREPROCESSOR, FIELD(T_BOOL, no_makefile_flags),
	  .key = K_FILE,
	  .help = "do not read the -D and -U that each folder's\n"
		  "Kbuild or Makefile gives in every build\n"
		  "(ccflags-y, EXTRA_CFLAGS; off under --kbuild)" },

	{ .name = "no-kconfig", .group = G_PREPROCESSOR, FIELD(T_BOOL, no_kconfig),
	  .key = K_FILE,
	  .help = "do not read what the tree's Kconfig says a CONFIG_\n"
		  "symbol needs (`if INET` around IPV6: no path\n"
		  "takes IPV6 on and INET off; off under --kbuild)" },

	/* Analysis */
	{ .name = "jobs", .letter = 'j', REQ("N"), .group = G_ANALYSIS, .set = set_jobs,
	  .help = "analyse N files at once (default: number of CPUs)" },
	{ .name = "max-file-size", REQ("N"), .group = G_ANALYSIS, FIELD(T_SIZE, max_file_size),
	  .key = K_FILE,
	  .help = "skip files larger than N bytes (K, M, G suffixes;\n"
		  "default 32M)" },
	{ .name = "strict-input", .group = G_ANALYSIS, FIELD(T_BOOL, strict_input),
	  .help = "a file found in a folder and skipped for what it\n"
		  "holds (binary, not C, too large) makes the exit\n"
		  "status 2, as one named on the command line does" },
	{ .name = "state-budget", REQ("N"), .group = G_ANALYSIS, .set = set_state_budget,
	  FIELD(T_SIZE, budget), .key = K_FILE,
	  .help = "dataflow states per function before giving up\n"
		  "(default 200000)" },
	{ .name = "time-budget", REQ("SECS"), .group = G_ANALYSIS, .set = set_time_budget,
	  FIELD(T_SECONDS, time_budget), .key = K_FILE,
	  .help = "seconds per file (parse and analysis) before the\n"
		  "rest of it is reported as not analysed (default\n"
		  "60; 0: no limit)" },
	/* the same findings, other statistics */
	{ .name = "full", .group = G_ANALYSIS, FIELD(T_BOOL, full), .key = K_RUN,
	  .help = "parse every file; by default a file that names\n"
		  "nothing the checks look for is only scanned" },
	{ .name = "pairs-across-files", .group = G_ANALYSIS, FIELD(T_BOOL, pairs_across_files),
	  .key = K_RUN,
	  .help = "walk again the callers of helpers in other files\n"
		  "that leave a lock or paired state held (slower)" },
	{ .name = "kernel-version", REQ("X.Y"), .group = G_ANALYSIS, .set = set_kernel_version,
	  FIELD(T_SIZE, kernel_version), .key = K_FILE,
	  .help = "the kernel the code is for (default: the VERSION\n"
		  "and PATCHLEVEL of the tree's top Makefile); from\n"
		  "5.18 on, no caller raises the limit around a\n"
		  "->write or ->read handler; before 3.7 nothing\n"
		  "runs with user access enabled (uaccess-call)" },
	{ .name = "dump-cfg", OPT("FUNC"), .group = G_ANALYSIS, .set = set_dump_cfg,
	  .help = "print the control-flow graph of FUNC (or of every\n"
		  "function) instead of checking" },
	{ .name = "no-normalize", .group = G_ANALYSIS, FIELD(T_BOOL, no_normalize), .key = K_FILE,
	  .help = "parse the raw text without the kernel-dialect\n"
		  "rewrites (for measuring the parser)" },
	{ .name = "parse-only", .group = G_ANALYSIS, FIELD(T_BOOL, parse_only),
	  .help = "load, normalise and parse the files, and check\n"
		  "nothing (the parse floor of a benchmark: with\n"
		  "--full, what --full costs beyond parsing)" },
	{ .name = "verify-elision", .group = G_ANALYSIS, FIELD(T_BOOL, verify_elision),
	  .help = "parse whole each file parsed with bodies left out\n"
		  "too, and warn where the pair rules' facts differ\n"
		  "(a self-test of the relevance pass; slower)" },
	{ .name = "verify-token-locks", .group = G_ANALYSIS, FIELD(T_BOOL, verify_token_locks),
	  .help = "parse the bodies whose locks the token check\n"
		  "settles too, and warn where the pair rules report\n"
		  "or sum up anything in one (a self-test; slower)" },
	{ .name = "help", .letter = 'h', .group = G_ANALYSIS, .set = show_help, .flags = OF_EXIT,
	  .help = "show this help and exit" },
	{ .name = "version", .letter = 'V', .group = G_ANALYSIS, .set = show_version,
	  .flags = OF_EXIT,
	  .help = "show the version and exit" },
	/* for the man-page test: every documented spelling */
	{ .name = "list-options", .group = G_ANALYSIS, .set = list_options,
	  .flags = OF_EXIT | OF_HIDDEN },
};

#define N_OPTIONS ARRAY_SIZE(option_defs)

/* --- --help, --list-options ---------------------------------------------- */

#define HELP_COLUMN 26

static void show_help(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)c, (void)d, (void)arg;
	fputs(usage_head, stdout);
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct option_def *o = &option_defs[i];
		if (o->flags & (OF_HIDDEN | OF_JOINED))
			continue;
		if (!i || o->group != option_defs[i - 1].group)
			printf("\n%s\n", group_heading[o->group]);
		int w;
		if (o->left)
			w = printf("  %s", o->left);
		else
			w = printf("  %c%c%c --%s%s%s%s", o->letter ? '-' : ' ',
				   o->letter ? o->letter : ' ', o->letter ? ',' : ' ', o->name,
				   o->has_arg == optional_argument ? "[=" :
				   o->has_arg == required_argument ? "=" : "",
				   o->has_arg ? o->meta : "",
				   o->has_arg == optional_argument ? "]" : "");
		if (!o->help)
			BUG("an option in --help without a help line (OF_HIDDEN?)");
		if (!*o->help) {
			putchar('\n');
			continue;
		}
		for (const char *p = o->help; *p;) {
			size_t len = strcspn(p, "\n");
			printf("%*s%.*s\n", w < HELP_COLUMN ? HELP_COLUMN - w : 2, "", (int)len, p);
			w = 0;
			p += len + (p[len] == '\n');
		}
	}
	fputs(usage_tail, stdout);
}

static void list_options(struct cli *c, const struct option_def *d, const char *arg)
{
	(void)c, (void)d, (void)arg;
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct option_def *o = &option_defs[i];
		if (o->flags & OF_HIDDEN)
			continue;
		if (o->letter)
			printf("-%c\n", o->letter);
		if (o->name)
			printf("--%s\n", o->name);
		if (o->word)
			printf("%s\n", o->word);
	}
}

/* --- the cache key ------------------------------------------------------- */

static void key_u64(struct strbuf *sb, uint64_t v)
{
	strbuf_add(sb, &v, sizeof(v));
}

void options_fill_key(struct opts *o)
{
	strbuf_release(&o->key_file);
	strbuf_init(&o->key_file);
	strbuf_release(&o->key_run);
	strbuf_init(&o->key_run);
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct option_def *d = &option_defs[i];
		if (d->key == K_NONE)
			continue;
		/* a field several options set (the checks) goes in once */
		bool seen = false;
		for (size_t k = 0; k < i && !seen; k++)
			seen = option_defs[k].key != K_NONE && option_defs[k].field == d->field;
		if (seen)
			continue;
		struct strbuf *sb = d->key == K_RUN ? &o->key_run : &o->key_file;
		const char *p = (const char *)o + d->field;
		strbuf_add(sb, d->name ? d->name : "", strlen(d->name ? d->name : "") + 1);
		switch (d->type) {
		case T_BOOL:
			key_u64(sb, *(const bool *)p);
			break;
		case T_SIZE:
			key_u64(sb, *(const size_t *)p);
			break;
		case T_SECONDS:
			key_u64(sb, (uint64_t)(*(const double *)p * 1000));
			break;
		case T_CHECKS:
			for (int k = 0; k < C__COUNT; k++)
				strbuf_addc(sb, ((const bool *)p)[k]);
			break;
		case T_STRINGS: {
			const path_list *l = (const path_list *)p;
			key_u64(sb, l->n);
			for (size_t k = 0; k < l->n; k++)
				strbuf_add(sb, l->v[k], strlen(l->v[k]) + 1);
			break;
		}
		case T_STR: {
			const char *v = *(const char *const *)p;
			strbuf_add(sb, v ? v : "\xff", v ? strlen(v) + 1 : 1);
			break;
		}
		case T_NONE:
			BUG("a keyed option without a field the key can hold");
		}
	}
}

/* --- parsing ------------------------------------------------------------- */

static const struct option_def *by_letter(int letter)
{
	for (size_t i = 0; i < N_OPTIONS; i++)
		if (option_defs[i].letter == letter)
			return &option_defs[i];
	return NULL;
}

static const struct option_def *by_word(const char *a)
{
	for (size_t i = 0; i < N_OPTIONS; i++)
		if (option_defs[i].word && option_defs[i].set && !strcmp(option_defs[i].word, a))
			return &option_defs[i];
	return NULL;
}

/* --name or --name=VALUE, spelt out in full (the prefilter does not take
 * getopt's abbreviations). */
static const struct option_def *by_long(const char *a)
{
	if (a[0] != '-' || a[1] != '-')
		return NULL;
	size_t len = strcspn(a + 2, "=");
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const char *n = option_defs[i].name;
		if (n && strlen(n) == len && !strncmp(n, a + 2, len))
			return &option_defs[i];
	}
	return NULL;
}

static void apply(struct cli *c, const struct option_def *d, const char *arg)
{
	if (d->set) {
		d->set(c, d, arg);
		return;
	}
	char *p = (char *)&c->o + d->field;
	switch (d->type) {
	case T_BOOL:
		*(bool *)p = true;
		break;
	case T_STR:
		*(const char **)p = arg;
		break;
	case T_STRINGS:
		VEC_PUSH(*(path_list *)p, (char *)arg);
		break;
	case T_SIZE: {
		char *opt = xasprintf("--%s", d->name);
		*(size_t *)p = parse_size(arg, opt);
		free(opt);
		break;
	}
	default:
		BUG("an option with neither a handler nor a field");
	}
}

static bool kbuild_hint(const char *a)
{
	return !strcmp(a, "--kbuild") || !strcmp(a, "-nostdinc") || !strncmp(a, "--arch=", 7) ||
	       !strcmp(a, "-D__KERNEL__");
}

/* gcc options whose value is the next argument when not attached. */
static bool takes_value(const char *a)
{
	static const char *const v[] = { "-include", "-imacros", "-isystem", "-iquote",
					 "-idirafter", "-MF", "-MT", "-MQ", "-x", "-o",
					 "--param", "-Xpreprocessor", "-Xassembler", "-Xlinker",
					 "-D", "-U", "-I", "-arch", "-aux-info" };
	for (size_t i = 0; i < ARRAY_SIZE(v); i++)
		if (!strcmp(a, v[i]))
			return true;
	return false;
}

/*
 * The single-dash words (-include), and in kbuild mode everything sparse
 * would accept: the arguments left for getopt are ours and the files.
 * kbuild runs `$(CHECK) $(CHECKFLAGS) $(c_flags) file.c`, so a gcc option
 * we do not know is not an error there.
 */
static char **prefilter(struct cli *c, int argc, char **argv, int *out_argc)
{
	struct opts *o = &c->o;
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (kbuild_hint(argv[i]))
			o->kbuild = true;
	char **out = xcalloc((size_t)argc + 1, sizeof(char *));
	int n = 0;
	out[n++] = argv[0];
	for (int i = 1; i < argc; i++) {
		char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--")) {
			while (i < argc)
				out[n++] = argv[i++];
			break;
		}
		const struct option_def *w = by_word(a);
		if (w) {
			if (!val)
				usage_error(!strcmp(w->meta, "DIR") ? "%s needs a folder"
								    : "%s needs a file", a);
			apply(c, w, val);
			i++;
			continue;
		}
		if (!o->kbuild || a[0] != '-' || a[1] == '\0') {
			out[n++] = a;
			continue;
		}
		const struct option_def *l = by_long(a);
		if (l) {
			out[n++] = a;
			if (l->has_arg == required_argument && !strchr(a, '=') && val)
				out[n++] = argv[++i];
			continue;
		}
		if (a[1] == 'D' || a[1] == 'U' || a[1] == 'I') {
			const char *v = a[2] ? a + 2 : val;
			if (!v)
				usage_error("%s needs a value", a);
			if (!a[2])
				i++;
			apply(c, by_letter(a[1]), v);
			continue;
		}
		if (a[1] == 'W' && a[2] && strncmp(a, "-Wp,", 4) && strncmp(a, "-Wa,", 4) &&
		    strncmp(a, "-Wl,", 4)) {
			apply(c, by_letter('W'), a + 2);
			continue;
		}
		/* of our short options only -j, -q and -v: gcc's -f and -o are
		 * not ours here (use --format, --output) */
		if (!strcmp(a, "-j") && val) {
			out[n++] = a;
			out[n++] = argv[++i];
			continue;
		}
		if (!strcmp(a, "-q") || !strcmp(a, "-v") ||
		    (a[1] == 'j' && a[2] >= '0' && a[2] <= '9')) {
			out[n++] = a;
			continue;
		}
		if (takes_value(a))
			i++;
		/* any other compiler option: not ours */
	}
	out[n] = NULL;
	*out_argc = n;
	return out;
}

/* getopt_long's tables from ours: val is the letter, or 256 + the row. */
static void getopt_tables(char *shorts, struct option *longs)
{
	size_t ns = 0, nl = 0;
	for (size_t i = 0; i < N_OPTIONS; i++) {
		const struct option_def *d = &option_defs[i];
		if (d->letter) {
			shorts[ns++] = d->letter;
			if (d->has_arg == required_argument)
				shorts[ns++] = ':';
		}
		size_t row = d->flags & OF_ALIAS ? i - 1 : i;
		if (d->name)
			longs[nl++] = (struct option){ d->name, d->has_arg, NULL,
						       d->letter ? d->letter : 256 + (int)row };
	}
	shorts[ns] = 0;
	longs[nl] = (struct option){ 0 };
}

static void set_defaults(struct opts *o)
{
	*o = (struct opts){ .format = FMT_TEXT, .max_file_size = 32u << 20, .budget = 200000,
			    .time_budget = 60 };
	for (int i = 0; i < C__COUNT; i++)
		o->enabled[i] = true;
	o->enabled[C_SETFS_MIGRATE] = false;	/* notes for migration: asked for, or --fix */
	/* asked for (-Wlock-unbalanced, --checks=): on the whole of 6.1 most of
	 * its findings are locking protocols it cannot see yet (bench/
	 * triage-lock-unbalanced.md), too many for a default warning */
	o->enabled[C_LOCK_UNBALANCED] = false;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	o->jobs = ncpu > 0 ? (int)(ncpu > 64 ? 64 : ncpu) : 1;
}

int options_parse(struct cli *c, int argc, char **argv)
{
	set_defaults(&c->o);
	c->color = -1;
	c->argv = prefilter(c, argc, argv, &c->argc);
	char shorts[2 * N_OPTIONS + 1];
	struct option longs[N_OPTIONS + 1];
	getopt_tables(shorts, longs);
	int v;
	while ((v = getopt_long(c->argc, c->argv, shorts, longs, NULL)) != -1) {
		const struct option_def *d = v >= 256 && v < 256 + (int)N_OPTIONS ?
					     &option_defs[v - 256] : v > 0 && v < 256 ?
					     by_letter(v) : NULL;
		if (!d) {
			fprintf(stderr, "Try 'addrlimit --help' for more information.\n");
			return 2;
		}
		apply(c, d, optarg);
		if (d->flags & OF_EXIT)
			return 0;
	}
	c->first_path = optind;
	return -1;
}

void options_release(struct cli *c)
{
	struct opts *o = &c->o;
	free(c->argv);
	c->argv = NULL;
	VEC_FREE(c->rule_files);
	free(c->cache_path);
	c->cache_path = NULL;
	VEC_FREE(o->entries);
	VEC_FREE(o->excludes);
	for (size_t i = 0; i < o->defines.n; i++)
		free(o->defines.v[i]);
	VEC_FREE(o->defines);
	VEC_FREE(o->undefs);
	VEC_FREE(o->incdirs);
	VEC_FREE(o->includes);
	for (size_t i = 0; i < o->headers.n; i++)
		free(o->headers.v[i]);
	VEC_FREE(o->headers);
	strbuf_release(&o->key_file);
	strbuf_release(&o->key_run);
}
