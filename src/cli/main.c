// SPDX-License-Identifier: GPL-2.0
/*
 * Command line: argv → struct opts (options.c), collect the files
 * (inputs.c), run the analysis, write the report and choose the exit
 * status (output.c).  No analysis here.
 *
 * Exit status: 0 nothing at warning level or above; 1 a finding at warning
 * level or above; 2 a usage error, an input named on the command line that
 * could not be analysed, a file that could not be read, or a run in which
 * nothing could be analysed (the other inputs are still analysed and
 * reported).  A file found in a folder and refused for what it holds is
 * reported but leaves the status alone, unless --strict-input (output.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "addrlimit.h"
#include "baseline.h"
#include "heap.h"
#include "inputs.h"
#include "kbflags.h"
#include "kconfig.h"
#include "options.h"
#include "outfile.h"
#include "output.h"
#include "parse.h"
#include "ppenv.h"
#include "rules.h"

/* --list-rules: each rule, its check and its calls. */
static void print_rules(const struct rule_set *rs)
{
	for (size_t i = 0; i < rs->v.n; i++) {
		const struct rule *r = &rs->v.v[i];
		printf("%s (%s%s, %s): %s\n", r->name, checks[r->check].id,
		       r->balanced ? ", balanced" : "", r->origin, r->what);
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

/* The rule set: built-in and --rules; 2 after a bad rule file. */
static int load_rules(struct cli *c, struct rule_set *rules)
{
	rules_builtin(rules);
	for (size_t i = 0; i < c->rule_files.n; i++)
		if (rules_load(rules, c->rule_files.v[i]) < 0) {
			fprintf(stderr, "addrlimit: error: bad rule file '%s'\n", c->rule_files.v[i]);
			return 2;
		}
	VEC_FREE(c->rule_files);
	rules_set(rules);
	return -1;
}

/*
 * What the options decide together, once all are read: the rules, the
 * combinations that are errors, whether --cache is used, the baseline,
 * colour and progress.  Returns -1 to go on, else the exit status.
 */
static int setup(struct cli *c, struct rule_set *rules, struct baseline *base)
{
	struct opts *o = &c->o;
	int status = load_rules(c, rules);
	if (status >= 0)
		return status;
	if (c->list_rules) {
		print_rules(rules);
		return 0;
	}
	if (c->first_path >= c->argc)
		usage_error("%s", "no input: name at least one C file or folder");
	if ((o->compat || o->in_place) && !o->fix)
		usage_error("%s", "--compat and --in-place go with --fix");
	if (o->fix)
		o->enabled[C_SETFS_MIGRATE] = true;
	if (c->cache_path) {
		/* what the cache keys on does not cover the files a preprocessor
		 * environment reads, nor the rewrites --fix makes */
		if (o->fix || o->defines.n || o->undefs.n || o->incdirs.n || o->includes.n) {
			if (!o->quiet && !o->kbuild)
				fprintf(stderr, "addrlimit: note: --cache is not used with --fix or -D/-U/-I/-include\n");
		} else {
			o->cache = c->cache_path;
		}
	}
	if (o->baseline) {
		char *why = NULL;
		if (baseline_read(o->baseline, base, &why) < 0) {
			fprintf(stderr, "addrlimit: error: %s\n", why);
			free(why);
			return 2;
		}
	}
	/* colour and progress only where a person reads them */
	o->color = c->color == 1 ||
		   (c->color == -1 && o->format == FMT_TEXT && !o->output &&
		    isatty(o->kbuild ? STDERR_FILENO : STDOUT_FILENO) && getenv("TERM") &&
		    strcmp(getenv("TERM"), "dumb") && !getenv("NO_COLOR"));
	o->progress = !o->quiet && !o->kbuild && isatty(STDERR_FILENO);
	return -1;
}

int main(int argc, char **argv)
{
	/* static: what early exits (--help, usage errors) leave is still reachable */
	static struct cli c;
	static struct rule_set rules;
	struct baseline base = {0};
	heap_pages(argv);
	/* a run stopped by ^C or kill leaves no temporary file behind */
	outfile_signals();
	int status = options_parse(&c, argc, argv);
	if (status < 0)
		status = setup(&c, &rules, &base);
	if (status >= 0)
		return status;
	if (ppenv_init(&c.o) < 0)
		return 2;
	kbflags_enable(!c.o.kbuild && !c.o.no_makefile_flags);
	parse_init();

	struct inputs in = {0};
	inputs_collect(&in, &c.o, c.argv + c.first_path, c.argc - c.first_path);
	c.o.named = in.named.v;
	if (c.argc > c.first_path && !c.o.kbuild && !c.o.no_kconfig) {
		char *top = tree_top(c.argv[c.first_path]);
		kconfig_load(top, c.argv[c.first_path]);
		free(top);
	}
	options_fill_key(&c.o);
	if (kconfig_digest())	/* what the tree's Kconfig says changes the findings */
		strbuf_addf(&c.o.key_file, " kconfig=%016llx", (unsigned long long)kconfig_digest());
	struct file_result *rs = xcalloc(in.paths.n ? in.paths.n : 1, sizeof(*rs));
	analyze_files(&c.o, in.paths.v, in.paths.n, rs);
	status = report_run(&c.o, &base, rs, &in);

	for (size_t i = 0; i < in.paths.n; i++)
		file_result_release(&rs[i]);
	free(rs);
	inputs_release(&in);
	baseline_release(&base);
	options_release(&c);
	ppenv_release();
	kbflags_release();
	kconfig_release();
	rules_set(NULL);
	rules_release(&rules);
	return status;
}
