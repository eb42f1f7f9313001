// SPDX-License-Identifier: GPL-2.0
/*
 * Command line: argv → struct opts, collect the files, run the analysis,
 * write the report, choose the exit status.  No analysis here.
 *
 * Exit status: 0 nothing at warning level or above; 1 a finding at warning
 * level or above; 2 a usage error or an input that could not be analysed
 * (the other inputs are still analysed and reported).
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdint.h>
#include <sys/stat.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addrlimit.h"
#include "baseline.h"
#include "cache.h"
#include "fix.h"
#include "ppenv.h"
#include "rules.h"
#include "load.h"
#include "parse.h"

static const char usage_text[] =
	"usage: addrlimit [options] PATH...\n"
	"       addrlimit [compiler options] FILE.c     (as kbuild's CHECK=)\n"
	"\n"
	"Check Linux kernel C code for misuse of the address limit (set_fs).\n"
	"PATH is a C file or a folder searched for *.c files.\n"
	"\n"
	"Output:\n"
	"  -f, --format=FMT        text (default, gcc style), sarif (SARIF 2.1.0)\n"
	"                          or json (docs/json.md)\n"
	"  -o, --output=FILE       write the report to FILE instead of stdout\n"
	"      --html=DIR          also write an HTML report to DIR: index.html and\n"
	"                          one page per finding with its path in the source\n"
	"      --color[=WHEN]      colour text output: auto (default), always, never\n"
	"  -q, --quiet             no warnings about the input and no progress line\n"
	"      --stats             print counts of files and functions on stderr\n"
	"      --cache[=FILE]      keep results in an SQLite cache (default\n"
	"                          $XDG_CACHE_HOME/addrlimit/cache.sqlite) and re-analyse\n"
	"                          only files that changed\n"
	"  -v, --verbose           also name each function that was not fully analysed\n"
	"\n"
	"Checks and findings:\n"
	"      --checks=LIST       run only these checks (comma-separated ids)\n"
	"      --disable=LIST      do not run these checks\n"
	"  -W<id>, -Wno-<id>       enable or disable one check\n"
	"  -Werror                 treat warnings as errors (in kbuild mode: fail the\n"
	"                          build on findings)\n"
	"      --baseline=FILE     report only findings not in FILE (an earlier SARIF\n"
	"                          report or --write-baseline file)\n"
	"      --write-baseline=FILE  write the current findings to FILE as a baseline\n"
	"      --report-unused-suppressions  warn about suppression comments that\n"
	"                          silence nothing\n"
	"      --exclude=GLOB      skip files whose path matches GLOB (repeatable)\n"
	"      --entry=FUNC        treat FUNC as an entry point (repeatable)\n"
	"      --rules=FILE        add the paired-state rules of FILE (repeatable;\n"
	"                          format in docs/rules.md)\n"
	"      --list-checks       list the checks and exit\n"
	"      --list-rules        list the paired-state rules (built-in and\n"
	"                          --rules) and exit\n"
	"\n"
	"Migration (set_fs() is gone since 5.10):\n"
	"      --fix[=FILE]        write a unified diff that rewrites each set_fs()\n"
	"                          window to the modern API (on stdout, the report\n"
	"                          then on stderr; or into FILE); setfs-migrate\n"
	"                          notes say what was rewritten or why not\n"
	"      --compat            keep the old code under #if LINUX_VERSION_CODE <\n"
	"                          KERNEL_VERSION(...) with the new code in #else\n"
	"      --in-place          apply the rewrite to the files themselves\n"
	"\n"
	"Preprocessor (to decide #if arms; kbuild passes these):\n"
	"  -D NAME[=VALUE], -U NAME, -I DIR, -include FILE\n"
	"      --kbuild            accept and ignore the other compiler options, as\n"
	"                          sparse does (implied by -nostdinc, --arch= or\n"
	"                          -D__KERNEL__)\n"
	"\n"
	"Analysis:\n"
	"  -j, --jobs=N            analyse N files at once (default: number of CPUs)\n"
	"      --max-file-size=N   skip files larger than N bytes (K, M, G suffixes;\n"
	"                          default 32M)\n"
	"      --state-budget=N    dataflow states per function before giving up\n"
	"                          (default 200000)\n"
	"      --time-budget=SECS  seconds per file (parse and analysis) before the\n"
	"                          rest of it is reported as not analysed (default\n"
	"                          60; 0: no limit)\n"
	"      --full              parse every file; by default a file that names\n"
	"                          nothing the checks look for is only scanned\n"
	"      --dump-cfg[=FUNC]   print the control-flow graph of FUNC (or of every\n"
	"                          function) instead of checking\n"
	"      --no-normalize      parse the raw text without the kernel-dialect\n"
	"                          rewrites (for measuring the parser)\n"
	"      --verify-elision    parse whole each file parsed with bodies left out\n"
	"                          too, and warn where the pair rules' facts differ\n"
	"                          (a self-test of the relevance pass; slower)\n"
	"  -h, --help              show this help and exit\n"
	"  -V, --version           show the version and exit\n"
	"\n"
	"Exit status: 0 no finding at warning level or above, 1 findings,\n"
	"2 usage error or an input that could not be analysed.  In kbuild mode\n"
	"findings exit 0 unless -Werror, like sparse.\n";

static _Noreturn void usage_error(const char *fmt, const char *arg)
	__attribute__((format(printf, 1, 0)));
static _Noreturn void usage_error(const char *fmt, const char *arg)
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

static void set_checks(struct opts *o, const char *list, bool only)
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

enum { OPT_CHECKS = 256, OPT_DISABLE, OPT_ENTRY, OPT_STATS, OPT_DUMP_CFG, OPT_MAX_SIZE,
       OPT_BUDGET, OPT_NO_NORMALIZE, OPT_VERIFY_ELISION, OPT_LIST_CHECKS, OPT_HTML, OPT_COLOR, OPT_BASELINE,
       OPT_WRITE_BASELINE, OPT_UNUSED, OPT_EXCLUDE, OPT_RULES, OPT_LIST_RULES, OPT_CACHE, OPT_KBUILD, OPT_FIX, OPT_COMPAT,
       OPT_IN_PLACE, OPT_TIME_BUDGET, OPT_FULL };

static const struct option long_opts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "checks", required_argument, NULL, OPT_CHECKS },
	{ "disable", required_argument, NULL, OPT_DISABLE },
	{ "entry", required_argument, NULL, OPT_ENTRY },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "verbose", no_argument, NULL, 'v' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "dump-cfg", optional_argument, NULL, OPT_DUMP_CFG },
	{ "max-file-size", required_argument, NULL, OPT_MAX_SIZE },
	{ "state-budget", required_argument, NULL, OPT_BUDGET },
	{ "time-budget", required_argument, NULL, OPT_TIME_BUDGET },
	{ "no-normalize", no_argument, NULL, OPT_NO_NORMALIZE },
	{ "verify-elision", no_argument, NULL, OPT_VERIFY_ELISION },
	{ "list-checks", no_argument, NULL, OPT_LIST_CHECKS },
	{ "color", optional_argument, NULL, OPT_COLOR },
	{ "colour", optional_argument, NULL, OPT_COLOR },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
	{ "report-unused-suppressions", no_argument, NULL, OPT_UNUSED },
	{ "exclude", required_argument, NULL, OPT_EXCLUDE },
	{ "rules", required_argument, NULL, OPT_RULES },
	{ "cache", optional_argument, NULL, OPT_CACHE },
	{ "full", no_argument, NULL, OPT_FULL },
	{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
	{ "kbuild", no_argument, NULL, OPT_KBUILD },
	{ "fix", optional_argument, NULL, OPT_FIX },
	{ "compat", no_argument, NULL, OPT_COMPAT },
	{ "html", required_argument, NULL, OPT_HTML },
	{ "in-place", no_argument, NULL, OPT_IN_PLACE },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/* -W<id>, -Wno-<id>, -Werror.  Other -W options are gcc's or sparse's:
 * an error normally, ignored in kbuild mode. */
static void warning_option(struct opts *o, const char *w)
{
	if (!strcmp(w, "error")) {
		o->werror = true;
		return;
	}
	bool on = strncmp(w, "no-", 3) != 0;
	const char *id = on ? w : w + 3;
	int c = check_by_id(id, strlen(id));
	if (c >= 0)
		o->enabled[c] = on;
	else if (!o->kbuild)
		usage_error("unknown check in '-W%s' (see --list-checks)", w);
}

/* --list-rules: each rule, its check and its calls. */
static void print_rules(const struct rule_set *rs)
{
	for (size_t i = 0; i < rs->v.n; i++) {
		const struct rule *r = &rs->v.v[i];
		printf("%s (%s, %s): %s\n", r->name, checks[r->check].id, r->origin, r->what);
		for (int k = 0; k < 2; k++) {
			size_t n = k ? r->close.n : r->open.n;
			printf("  %s:", k ? "close" : "open ");
			for (size_t j = 0; j < n; j++) {
				const struct rule_call *c = k ? &r->close.v[j] : &r->open.v[j];
				printf(" %s", c->name);
				if (c->acq == ACQ_ZERO)
					printf("[if zero]");
				else if (c->acq == ACQ_NONZERO)
					printf("[if nonzero]");
			}
			printf("\n");
		}
		if (r->allow.n) {
			printf("  allow:");
			for (size_t j = 0; j < r->allow.n; j++)
				printf(" %s", r->allow.v[j]);
			printf("\n");
		}
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

static const struct option *our_long(const char *a)
{
	if (a[0] != '-' || a[1] != '-')
		return NULL;
	size_t len = strcspn(a + 2, "=");
	for (const struct option *l = long_opts; l->name; l++)
		if (strlen(l->name) == len && !strncmp(l->name, a + 2, len))
			return l;
	return NULL;
}

static void add_define(struct opts *o, const char *d)
{
	const char *eq = strchr(d, '=');
	VEC_PUSH(o->defines, eq ? xstrdup(d) : xasprintf("%s=1", d));
}

/*
 * The preprocessor options, and in kbuild mode everything sparse would
 * accept: the arguments left for getopt are ours and the files.  kbuild
 * runs `$(CHECK) $(CHECKFLAGS) $(c_flags) file.c`, so a gcc option we do
 * not know is not an error there.
 */
static char **prefilter(struct opts *o, int argc, char **argv, int *out_argc)
{
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
		if (!strcmp(a, "-include") || !strcmp(a, "-imacros")) {
			if (!val)
				usage_error("%s needs a file", a);
			VEC_PUSH(o->includes, val);
			i++;
			continue;
		}
		if (!strcmp(a, "-isystem") || !strcmp(a, "-iquote") || !strcmp(a, "-idirafter")) {
			if (!val)
				usage_error("%s needs a folder", a);
			VEC_PUSH(o->incdirs, val);
			i++;
			continue;
		}
		if (!o->kbuild || a[0] != '-' || a[1] == '\0') {
			out[n++] = a;
			continue;
		}
		const struct option *l = our_long(a);
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
			if (a[1] == 'D')
				add_define(o, v);
			else if (a[1] == 'U')
				VEC_PUSH(o->undefs, v);
			else
				VEC_PUSH(o->incdirs, v);
			continue;
		}
		if (a[1] == 'W' && a[2] && strncmp(a, "-Wp,", 4) && strncmp(a, "-Wa,", 4) &&
		    strncmp(a, "-Wl,", 4)) {
			warning_option(o, a + 2);
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

static void print_stats(const struct file_result *rs, size_t n, size_t n_input_errors,
			size_t excluded)
{
	size_t files = 0, skipped = n_input_errors, bytes = 0, err_bytes = 0, fns = 0, fn_err = 0,
	       fn_skip = 0, fn_an = 0, fn_budget = 0, fn_time = 0, findings = 0, suppressed = 0,
	       baselined = 0;
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = &rs[i];
		if (r->error) {
			skipped++;
			continue;
		}
		files++;
		bytes += r->bytes;
		err_bytes += r->error_bytes;
		fns += r->functions;
		fn_err += r->fn_parse_errors;
		fn_skip += r->fn_skipped;
		fn_an += r->fn_analysed;
		fn_budget += r->fn_budget;
		fn_time += r->fn_time;
		findings += r->findings.v.n;
		suppressed += r->suppressed;
		baselined += r->baselined;
	}
	double pct = fns ? 100.0 * (double)fn_err / (double)fns : 0.0;
	double und = bytes ? 100.0 * (double)(bytes - err_bytes) / (double)bytes : 100.0;
	fprintf(stderr,
		"addrlimit: stats: files read %zu, skipped %zu, excluded %zu, bytes %zu (%.2f%% understood)\n"
		"addrlimit: stats: functions %zu, with parse errors %zu (%.2f%%)\n"
		"addrlimit: stats: functions analysed for the address limit %zu, not analysed "
		"because of parse errors %zu, state budget exceeded %zu, time budget exceeded %zu\n"
		"addrlimit: stats: findings %zu, suppressed %zu, in the baseline %zu\n",
		files, skipped, excluded, bytes, und, fns, fn_err, pct, fn_an, fn_skip, fn_budget,
		fn_time, findings, suppressed, baselined);
	/* the five slowest files (parse and analysis), where a budget would bite first */
	size_t top[5];
	size_t nt = 0;
	for (size_t i = 0; i < n; i++) {
		if (rs[i].error)
			continue;
		size_t k = nt < 5 ? nt++ : 5;
		if (k == 5 && rs[i].seconds <= rs[top[4]].seconds)
			continue;
		if (k == 5)
			k = 4;
		while (k > 0 && rs[top[k - 1]].seconds < rs[i].seconds) {
			top[k] = top[k - 1];
			k--;
		}
		top[k] = i;
	}
	size_t parsed;
	int rounds;
	bool every;
	size_t per[RELEVANCE_ROUNDS];
	analyze_relevance_counts(&parsed, &rounds, &every, per);
	if (rounds < 0) {
		;	/* the cache knew the whole run */
	} else if (!rounds) {
		fprintf(stderr, "addrlimit: stats: relevance: not used, every file parsed (--full)\n");
	} else {
		fprintf(stderr, "addrlimit: stats: relevance: %zu of %zu files parsed, %d round%s (",
			parsed, n, rounds, rounds == 1 ? "" : "s");
		for (int i = 0; i < rounds && i < RELEVANCE_ROUNDS; i++)
			fprintf(stderr, "%s%zu", i ? " + " : "", per[i]);
		fprintf(stderr, "%s)%s\n", rounds > RELEVANCE_ROUNDS ? " + ..." : "",
			every ? "; every file: the address limit is raised, the summaries need them all"
			      : "; the others name nothing the checks look for");
		size_t ef = 0, eb = 0, eu = 0;
		for (size_t i = 0; i < n; i++) {
			ef += rs[i].elided;
			eb += rs[i].elided ? rs[i].elided_bodies : 0;
			eu += rs[i].elision_undone;
		}
		if (ef || eu)
			fprintf(stderr, "addrlimit: stats: bodies: %zu file%s parsed with only the "
				"bodies the pair rules need (%zu bodies left out); %zu parsed whole "
				"after all\n", ef, ef == 1 ? "" : "s", eb, eu);
	}
	size_t c_reused, c_analysed;
	bool c_whole;
	analyze_cache_counts(&c_reused, &c_analysed, &c_whole);
	if (c_reused || c_analysed)
		fprintf(stderr, "addrlimit: stats: cache: %zu files reused, %zu analysed%s\n", c_reused,
			c_analysed, c_whole ? " (the whole run was known)" : "");
	if (nt) {
		fprintf(stderr, "addrlimit: stats: slowest files:");
		for (size_t k = 0; k < nt; k++)
			fprintf(stderr, "%s %s %.2f s", k ? "," : "", rs[top[k]].path, rs[top[k]].seconds);
		fputc('\n', stderr);
	}
}

/* Write `data` over `path` through a temporary file in the same folder
 * and a rename, keeping the file's mode. */
static int replace_file(const char *path, const char *data, size_t len)
{
	struct stat st;
	if (stat(path, &st) < 0)
		return error("cannot rewrite '%s': %s", path, strerror(errno)), -1;
	char *tmp = xasprintf("%s.addrlimit-XXXXXX", path);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		error("cannot rewrite '%s': %s", path, strerror(errno));
		free(tmp);
		return -1;
	}
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	int rc = done == len && fchmod(fd, st.st_mode & 07777) == 0 && fsync(fd) == 0 ? 0 : -1;
	if (close(fd) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, path) != 0)
		rc = -1;
	if (rc < 0) {
		error("cannot rewrite '%s': %s", path, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return rc;
}

/*
 * --fix: the unified diff of every file's edits, on stdout or into the
 * --fix=FILE; with --in-place the files themselves, each only if it still
 * holds the bytes the edits were computed on.
 */
static int write_fix(const struct opts *o, struct file_result *rs, size_t n)
{
	struct strbuf patch;
	strbuf_init(&patch);
	int rc = 0;
	size_t files = 0;
	for (size_t i = 0; i < n; i++) {
		struct file_result *r = &rs[i];
		if (!r->edits.n)
			continue;
		struct source src;
		char *why = NULL;
		if (source_load(&src, r->path, SIZE_MAX, &why) < 0) {
			error("%s", why);
			free(why);
			rc = -1;
			continue;
		}
		if (hash_bytes(src.raw, src.len, 0) != r->raw_hash) {
			error("%s: changed while it was analysed; not rewritten", r->path);
			rc = -1;
		} else {
			fix_diff(&patch, r->path, src.raw, src.len, &r->edits);
			files++;
			if (o->in_place) {
				size_t nl;
				char *nw = fix_apply(src.raw, src.len, &r->edits, &nl);
				if (replace_file(r->path, nw, nl) < 0)
					rc = -1;
				free(nw);
			}
		}
		source_release(&src);
	}
	if (o->fix_file) {
		FILE *f = fopen(o->fix_file, "w");
		if (!f || fwrite(patch.buf ? patch.buf : "", 1, patch.len, f) != patch.len ||
		    fclose(f) != 0) {
			error("cannot write '%s': %s", o->fix_file, strerror(errno));
			rc = -1;
		}
	} else if (!o->in_place) {
		fwrite(patch.buf ? patch.buf : "", 1, patch.len, stdout);
		fflush(stdout);
	}
	if (!o->quiet)
		fprintf(stderr, "addrlimit: --fix: %zu file%s %s\n", files, files == 1 ? "" : "s",
			o->in_place ? "rewritten" : "in the patch");
	strbuf_release(&patch);
	return rc;
}

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

static int write_report(const struct opts *o, FILE *out, enum format fmt,
			const struct file_result *rs, size_t n, char **errs, size_t nerrs,
			int status)
{
	switch (fmt) {
	case FMT_SARIF:
		return report_sarif(out, o, rs, n, errs, nerrs, status);
	case FMT_JSON:
		return report_json(out, o, rs, n, errs, nerrs, status);
	default:
		return report_text(out, o, rs, n);
	}
}

/* Write a report to a file named by an option; false after saying why. */
static bool report_to(const struct opts *o, const char *file, enum format fmt,
		      const struct file_result *rs, size_t n, char **errs, size_t nerrs,
		      int status)
{
	FILE *f = fopen(file, "w");
	if (!f) {
		error("cannot write '%s': %s", file, strerror(errno));
		return false;
	}
	int rc = write_report(o, f, fmt, rs, n, errs, nerrs, status);
	if (fclose(f) != 0 || rc < 0) {
		error("cannot write '%s': %s", file, strerror(errno));
		return false;
	}
	return true;
}

int main(int argc, char **argv)
{
	/* static: what early exits (--help, usage errors) leave is still reachable */
	static struct opts o = { .format = FMT_TEXT, .max_file_size = 32u << 20, .budget = 200000,
				 .time_budget = 60 };
	for (int i = 0; i < C__COUNT; i++)
		o.enabled[i] = true;
	o.enabled[C_SETFS_MIGRATE] = false;	/* notes for migration: asked for, or --fix */
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	o.jobs = ncpu > 0 ? (int)(ncpu > 64 ? 64 : ncpu) : 1;
	int color = -1;		/* --color: -1 auto, 0 never, 1 always */
	static VEC(const char *) rule_files;	/* --rules */
	static char *cache_path;		/* --cache */
	bool list_rules = false;

	int fargc;
	/* static: --help, --version and usage errors return without freeing it */
	static char **fargv;
	fargv = prefilter(&o, argc, argv, &fargc);
	int c;
	while ((c = getopt_long(fargc, fargv, "f:o:j:vqhVD:U:I:W:", long_opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (!strcmp(optarg, "text"))
				o.format = FMT_TEXT;
			else if (!strcmp(optarg, "sarif"))
				o.format = FMT_SARIF;
			else if (!strcmp(optarg, "json"))
				o.format = FMT_JSON;
			else
				usage_error("unknown format '%s' (text, sarif or json)", optarg);
			break;
		case 'o':
			o.output = optarg;
			break;
		case 'j': {
			size_t j = parse_size(optarg, "--jobs");
			if (j < 1 || j > 256)
				usage_error("--jobs takes a number from 1 to 256, not '%s'", optarg);
			o.jobs = (int)j;
			break;
		}
		case OPT_CHECKS:
			set_checks(&o, optarg, true);
			break;
		case OPT_DISABLE:
			set_checks(&o, optarg, false);
			break;
		case 'W':
			warning_option(&o, optarg);
			break;
		case 'D':
			add_define(&o, optarg);
			break;
		case 'U':
			VEC_PUSH(o.undefs, optarg);
			break;
		case 'I':
			VEC_PUSH(o.incdirs, optarg);
			break;
		case OPT_ENTRY:
			VEC_PUSH(o.entries, optarg);
			break;
		case OPT_STATS:
			o.stats = true;
			break;
		case 'v':
			o.verbose = true;
			break;
		case 'q':
			o.quiet = true;
			break;
		case OPT_DUMP_CFG:
			o.dump_cfg = optarg ? optarg : "";
			break;
		case OPT_MAX_SIZE:
			o.max_file_size = parse_size(optarg, "--max-file-size");
			break;
		case OPT_BUDGET:
			o.budget = parse_size(optarg, "--state-budget");
			if (!o.budget)
				usage_error("--state-budget must be positive, not '%s'", optarg);
			break;
		case OPT_TIME_BUDGET: {
			char *end;
			errno = 0;
			double t = strtod(optarg, &end);
			if (errno || end == optarg || *end || t < 0 || t > 1e6)
				usage_error("--time-budget takes seconds (0: no limit), not '%s'", optarg);
			o.time_budget = t;
			break;
		}
		case OPT_NO_NORMALIZE:
			o.no_normalize = true;
			break;
		case OPT_VERIFY_ELISION:
			o.verify_elision = true;
			break;
		case OPT_FULL:
			o.full = true;
			break;
		case OPT_COLOR:
			if (!optarg || !strcmp(optarg, "always"))
				color = 1;
			else if (!strcmp(optarg, "never"))
				color = 0;
			else if (!strcmp(optarg, "auto"))
				color = -1;
			else
				usage_error("--color takes auto, always or never, not '%s'", optarg);
			break;
		case OPT_BASELINE:
			o.baseline = optarg;
			break;
		case OPT_WRITE_BASELINE:
			o.write_baseline = optarg;
			break;
		case OPT_UNUSED:
			o.report_unused = true;
			break;
		case OPT_EXCLUDE:
			VEC_PUSH(o.excludes, optarg);
			break;
		case OPT_RULES:
			VEC_PUSH(rule_files, optarg);
			break;
		case OPT_CACHE:
			free(cache_path);
			cache_path = optarg ? xstrdup(optarg) : cache_default_path();
			break;
		case OPT_LIST_RULES:
			list_rules = true;
			break;
		case OPT_KBUILD:
			o.kbuild = true;
			break;
		case OPT_FIX:
			o.fix = true;
			o.fix_file = optarg;
			break;
		case OPT_HTML:
			o.html_dir = optarg;
			break;
		case OPT_COMPAT:
			o.compat = true;
			break;
		case OPT_IN_PLACE:
			o.in_place = true;
			break;
		case OPT_LIST_CHECKS:
			for (int i = 0; i < C__COUNT; i++)
				printf("%-19s %-8s %s\n", checks[i].id, severity_name(checks[i].sev),
				       checks[i].shortd);
			return 0;
		case 'h':
			fputs(usage_text, stdout);
			return 0;
		case 'V':
			printf("addrlimit %s (tree-sitter 0.25.1, tree-sitter-c 0.24.1)\n",
			       ADDRLIMIT_VERSION);
			return 0;
		default:
			fprintf(stderr, "Try 'addrlimit --help' for more information.\n");
			return 2;
		}
	}
	/* static: early returns leave it reachable */
	static struct rule_set rules;
	rules_builtin(&rules);
	for (size_t i = 0; i < rule_files.n; i++)
		if (rules_load(&rules, rule_files.v[i]) < 0) {
			fprintf(stderr, "addrlimit: error: bad rule file '%s'\n", rule_files.v[i]);
			return 2;
		}
	VEC_FREE(rule_files);
	rules_set(&rules);
	if (list_rules) {
		print_rules(&rules);
		return 0;
	}
	if (optind >= fargc)
		usage_error("%s", "no input: name at least one C file or folder");
	if ((o.compat || o.in_place) && !o.fix)
		usage_error("%s", "--compat and --in-place go with --fix");
	if (o.fix)
		o.enabled[C_SETFS_MIGRATE] = true;
	if (cache_path) {
		/* what the cache keys on does not cover the files a preprocessor
		 * environment reads, nor the rewrites --fix makes */
		if (o.fix || o.defines.n || o.undefs.n || o.incdirs.n || o.includes.n) {
			if (!o.quiet && !o.kbuild)
				fprintf(stderr, "addrlimit: note: --cache is not used with --fix or -D/-U/-I/-include\n");
		} else {
			o.cache = cache_path;
		}
	}

	struct baseline base = {0};
	if (o.baseline) {
		char *why = NULL;
		if (baseline_read(o.baseline, &base, &why) < 0) {
			fprintf(stderr, "addrlimit: error: %s\n", why);
			free(why);
			return 2;
		}
	}
	/* colour and progress only where a person reads them */
	o.color = color == 1 || (color == -1 && o.format == FMT_TEXT && !o.output &&
				 isatty(o.kbuild ? STDERR_FILENO : STDOUT_FILENO) && getenv("TERM") &&
				 strcmp(getenv("TERM"), "dumb") && !getenv("NO_COLOR"));
	o.progress = !o.quiet && !o.kbuild && isatty(STDERR_FILENO);

	if (ppenv_init(&o) < 0)
		return 2;
	parse_init();
	path_list all = {0}, paths = {0};
	VEC(char *) input_errors = {0};
	VEC(bool) all_named = {0}, named = {0};
	for (int i = optind; i < fargc; i++) {
		size_t before = all.n;
		if (collect_files(fargv[i], &all, (path_list *)&o.headers) < 0)
			VEC_PUSH(input_errors, xasprintf("%s: no C files to analyse", fargv[i]));
		/* a file named on the command line is parsed whatever it holds
		 * (the relevance pass only skips files found in folders) */
		struct stat st;
		bool file = stat(fargv[i], &st) != 0 || !S_ISDIR(st.st_mode);
		for (size_t k = before; k < all.n; k++)
			VEC_PUSH(all_named, file);
	}
	size_t n_excluded = 0;
	for (size_t i = 0; i < all.n; i++) {
		if (excluded(&o, all.v[i])) {
			free(all.v[i]);
			n_excluded++;
		} else {
			VEC_PUSH(paths, all.v[i]);
			VEC_PUSH(named, all_named.v[i]);
		}
	}
	VEC_FREE(all);
	VEC_FREE(all_named);
	o.named = named.v;

	struct file_result *rs = xcalloc(paths.n ? paths.n : 1, sizeof(*rs));
	analyze_files(&o, paths.v, paths.n, rs);

	int status = input_errors.n ? 2 : 0;
	for (size_t i = 0; i < paths.n; i++) {
		if (rs[i].error) {
			fprintf(stderr, "addrlimit: error: %s\n", rs[i].error);
			status = 2;
		}
		if (rs[i].warning && !o.quiet)
			fprintf(stderr, "addrlimit: warning: %s\n", rs[i].warning);
	}
	if (o.write_baseline &&
	    !report_to(&o, o.write_baseline, FMT_SARIF, rs, paths.n, input_errors.v,
		       input_errors.n, status))
		status = 2;
	size_t baselined = 0;
	if (o.baseline) {
		baseline_apply(&base, rs, paths.n);
		for (size_t i = 0; i < paths.n; i++)
			baselined += rs[i].baselined;
		if (!o.quiet)
			fprintf(stderr, "addrlimit: %zu finding%s in the baseline not reported\n",
				baselined, baselined == 1 ? "" : "s");
	}
	bool found = false;
	for (size_t i = 0; i < paths.n; i++) {
		for (size_t k = 0; k < rs[i].findings.v.n; k++)
			found |= checks[rs[i].findings.v.v[k].id].sev <= SEV_WARNING;
		found |= rs[i].notes.n > 0;
	}
	if (status == 0 && found && (!o.kbuild || o.werror))
		status = 1;

	/* kbuild sends a quiet build's stdout to /dev/null: report on
	 * stderr there, as sparse and gcc do */
	FILE *out = o.kbuild || (o.fix && !o.fix_file && !o.in_place) ? stderr : stdout;
	if (o.output && !(out = fopen(o.output, "w"))) {
		error("cannot write '%s': %s", o.output, strerror(errno));
		status = 2;
		out = NULL;
	}
	if (out) {
		int rc;
		if (o.dump_cfg) {
			for (size_t i = 0; i < paths.n; i++)
				if (rs[i].dump)
					fputs(rs[i].dump, out);
			rc = ferror(out) ? -1 : 0;
			if (status == 1)
				status = 0;
		} else {
			rc = write_report(&o, out, o.format, rs, paths.n, input_errors.v,
					  input_errors.n, status);
		}
		if (o.output && fclose(out) != 0)
			rc = -1;
		if (rc < 0) {
			error("cannot write the report: %s", strerror(errno));
			status = 2;
		}
	}
	if (o.fix && !o.dump_cfg && write_fix(&o, rs, paths.n) < 0)
		status = 2;
	if (o.html_dir && !o.dump_cfg && report_html(o.html_dir, &o, rs, paths.n) < 0)
		status = 2;	/* report_html said why */
	if (o.stats)
		print_stats(rs, paths.n, input_errors.n, n_excluded);

	for (size_t i = 0; i < paths.n; i++) {
		file_result_release(&rs[i]);
		free(paths.v[i]);
	}
	free(rs);
	free(fargv);
	baseline_release(&base);
	VEC_FREE(paths);
	VEC_FREE(named);
	for (size_t i = 0; i < input_errors.n; i++)
		free(input_errors.v[i]);
	VEC_FREE(input_errors);
	VEC_FREE(o.entries);
	VEC_FREE(o.excludes);
	for (size_t i = 0; i < o.defines.n; i++)
		free(o.defines.v[i]);
	VEC_FREE(o.defines);
	VEC_FREE(o.undefs);
	VEC_FREE(o.incdirs);
	VEC_FREE(o.includes);
	ppenv_release();
	rules_set(NULL);
	rules_release(&rules);
	for (size_t i = 0; i < o.headers.n; i++)
		free(o.headers.v[i]);
	VEC_FREE(o.headers);
	return status;
}
