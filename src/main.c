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
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addrlimit.h"
#include "load.h"
#include "parse.h"

static const char usage_text[] =
	"usage: addrlimit [options] PATH...\n"
	"\n"
	"Check Linux kernel C code for misuse of the address limit (set_fs).\n"
	"PATH is a C file or a folder searched for *.c files.\n"
	"\n"
	"  -f, --format=FMT        text (default, gcc style) or sarif (SARIF 2.1.0)\n"
	"  -o, --output=FILE       write the report to FILE instead of stdout\n"
	"  -j, --jobs=N            analyse N files at once (default: number of CPUs)\n"
	"      --checks=LIST       run only these checks (comma-separated ids)\n"
	"      --disable=LIST      do not run these checks\n"
	"      --entry=FUNC        treat FUNC as an entry point (repeatable)\n"
	"      --stats             print counts of files and functions on stderr\n"
	"  -v, --verbose           also name each function that was not fully analysed\n"
	"      --dump-cfg[=FUNC]   print the control-flow graph of FUNC (or of every\n"
	"                          function) instead of checking\n"
	"      --max-file-size=N   skip files larger than N bytes (K, M, G suffixes;\n"
	"                          default 32M)\n"
	"      --state-budget=N    dataflow states per function before giving up\n"
	"                          (default 200000)\n"
	"      --no-normalize      parse the raw text without the kernel-dialect\n"
	"                          rewrites (for measuring the parser)\n"
	"      --list-checks       list the checks and exit\n"
	"  -h, --help              show this help and exit\n"
	"  -V, --version           show the version and exit\n"
	"\n"
	"Exit status: 0 no finding at warning level or above, 1 findings,\n"
	"2 usage error or an input that could not be analysed.\n";

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
       OPT_BUDGET, OPT_NO_NORMALIZE, OPT_LIST_CHECKS };

static const struct option long_opts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "output", required_argument, NULL, 'o' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "checks", required_argument, NULL, OPT_CHECKS },
	{ "disable", required_argument, NULL, OPT_DISABLE },
	{ "entry", required_argument, NULL, OPT_ENTRY },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "verbose", no_argument, NULL, 'v' },
	{ "dump-cfg", optional_argument, NULL, OPT_DUMP_CFG },
	{ "max-file-size", required_argument, NULL, OPT_MAX_SIZE },
	{ "state-budget", required_argument, NULL, OPT_BUDGET },
	{ "no-normalize", no_argument, NULL, OPT_NO_NORMALIZE },
	{ "list-checks", no_argument, NULL, OPT_LIST_CHECKS },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static void print_stats(const struct file_result *rs, size_t n, size_t n_input_errors)
{
	size_t files = 0, skipped = n_input_errors, bytes = 0, err_bytes = 0, fns = 0, fn_err = 0,
	       fn_skip = 0, fn_an = 0, fn_budget = 0, findings = 0, suppressed = 0;
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
		findings += r->findings.v.n;
		suppressed += r->suppressed;
	}
	double pct = fns ? 100.0 * (double)fn_err / (double)fns : 0.0;
	double und = bytes ? 100.0 * (double)(bytes - err_bytes) / (double)bytes : 100.0;
	fprintf(stderr,
		"addrlimit: stats: files read %zu, skipped %zu, bytes %zu (%.2f%% understood)\n"
		"addrlimit: stats: functions %zu, with parse errors %zu (%.2f%%)\n"
		"addrlimit: stats: functions analysed for the address limit %zu, not analysed "
		"because of parse errors %zu, state budget exceeded %zu\n"
		"addrlimit: stats: findings %zu, suppressed %zu\n",
		files, skipped, bytes, und, fns, fn_err, pct, fn_an, fn_skip, fn_budget, findings,
		suppressed);
}

int main(int argc, char **argv)
{
	struct opts o = { .format = FMT_TEXT, .max_file_size = 32u << 20, .budget = 200000 };
	for (int i = 0; i < C__COUNT; i++)
		o.enabled[i] = true;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	o.jobs = ncpu > 0 ? (int)(ncpu > 64 ? 64 : ncpu) : 1;

	int c;
	while ((c = getopt_long(argc, argv, "f:o:j:vhV", long_opts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (!strcmp(optarg, "text"))
				o.format = FMT_TEXT;
			else if (!strcmp(optarg, "sarif"))
				o.format = FMT_SARIF;
			else
				usage_error("unknown format '%s' (text or sarif)", optarg);
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
		case OPT_ENTRY:
			VEC_PUSH(o.entries, optarg);
			break;
		case OPT_STATS:
			o.stats = true;
			break;
		case 'v':
			o.verbose = true;
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
		case OPT_NO_NORMALIZE:
			o.no_normalize = true;
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
	if (optind >= argc)
		usage_error("%s", "no input: name at least one C file or folder");

	parse_init();
	path_list paths = {0};
	VEC(char *) input_errors = {0};
	for (int i = optind; i < argc; i++) {
		size_t before = paths.n;
		if (collect_files(argv[i], &paths, (path_list *)&o.headers) < 0) {
			VEC_PUSH(input_errors, xasprintf("%s: no C files to analyse", argv[i]));
			(void)before;
		}
	}

	struct file_result *rs = xcalloc(paths.n ? paths.n : 1, sizeof(*rs));
	analyze_files(&o, paths.v, paths.n, rs);

	int status = input_errors.n ? 2 : 0;
	bool found = false;
	for (size_t i = 0; i < paths.n; i++) {
		if (rs[i].error) {
			fprintf(stderr, "addrlimit: error: %s\n", rs[i].error);
			status = 2;
		}
		if (rs[i].warning)
			fprintf(stderr, "addrlimit: warning: %s\n", rs[i].warning);
		for (size_t k = 0; k < rs[i].findings.v.n; k++)
			found |= checks[rs[i].findings.v.v[k].id].sev <= SEV_WARNING;
	}
	if (status == 0 && found)
		status = 1;

	FILE *out = stdout;
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
		} else if (o.format == FMT_SARIF) {
			rc = report_sarif(out, &o, rs, paths.n, input_errors.v, input_errors.n, status);
		} else {
			rc = report_text(out, &o, rs, paths.n);
		}
		if (out != stdout && fclose(out) != 0)
			rc = -1;
		if (rc < 0) {
			error("cannot write the report: %s", strerror(errno));
			status = 2;
		}
	}
	if (o.stats)
		print_stats(rs, paths.n, input_errors.n);

	for (size_t i = 0; i < paths.n; i++) {
		file_result_release(&rs[i]);
		free(paths.v[i]);
	}
	free(rs);
	VEC_FREE(paths);
	for (size_t i = 0; i < input_errors.n; i++)
		free(input_errors.v[i]);
	VEC_FREE(input_errors);
	VEC_FREE(o.entries);
	for (size_t i = 0; i < o.headers.n; i++)
		free(o.headers.v[i]);
	VEC_FREE(o.headers);
	return status;
}
