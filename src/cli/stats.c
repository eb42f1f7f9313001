// SPDX-License-Identifier: GPL-2.0
/*
 * --stats: counts of files, functions, findings, what the relevance pass
 * and the cache spared, and the slowest files, on stderr after the report.
 */
#include <stdio.h>

#include "stats.h"

#include "entry.h"
#include "heap.h"

void print_stats(const struct file_result *rs, size_t n, size_t n_input_errors,
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
	/* the files found in folders and skipped for what they hold: each
	 * one, since the run's exit status does not show them */
	size_t not_c = 0;
	for (size_t i = 0; i < n; i++)
		not_c += rs[i].skipped;
	if (not_c) {
		fprintf(stderr, "addrlimit: stats: skipped for what they hold (not C, binary, too "
			"large; not errors of the run) %zu:\n", not_c);
		for (size_t i = 0; i < n; i++)
			if (rs[i].skipped)
				fprintf(stderr, "addrlimit: stats:   %s\n", rs[i].error);
	}
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
				"bodies the pair rules need (%zu bod%s left out); %zu parsed whole "
				"after all\n", ef, ef == 1 ? "" : "s", eb, eb == 1 ? "y" : "ies", eu);
		size_t tf = 0, tb = 0;
		for (size_t i = 0; i < n; i++) {
			tf += rs[i].unparsed && rs[i].locks_settled;
			tb += rs[i].elided || (rs[i].unparsed && rs[i].locks_settled)
				      ? rs[i].settled_bodies : 0;
		}
		if (tf || tb)
			fprintf(stderr, "addrlimit: stats: token locks: %zu bod%s whose locks the "
				"tokens settle left out, %zu file%s not parsed for them\n", tb,
				tb == 1 ? "y" : "ies", tf, tf == 1 ? "" : "s");
	}
	/* the entry points among the functions of the files parsed, by kind */
	const struct entry_kind_count *kinds;
	size_t nk = entry_tally(&kinds);
	if (nk) {
		size_t all = 0;
		for (size_t k = 0; k < nk; k++)
			all += kinds[k].n;
		fprintf(stderr, "addrlimit: stats: entry points %zu, by kind:\n", all);
		for (size_t k = 0; k < nk; k++)
			fprintf(stderr, "addrlimit: stats:   %6zu %s\n", kinds[k].n, kinds[k].why);
		entry_tally_reset();
	}
	size_t c_reused, c_analysed;
	bool c_whole;
	analyze_cache_counts(&c_reused, &c_analysed, &c_whole);
	if (c_reused || c_analysed)
		fprintf(stderr, "addrlimit: stats: cache: %zu files reused, %zu analysed%s\n", c_reused,
			c_analysed, c_whole ? " (the whole run was known)" : "");
	/* wall-clock seconds by phase (a file's own time is in the line below) */
	static const char *const phase_name[PH_COUNT] = {
		[PH_CACHE_LOAD] = "cache read", [PH_HEADERS] = "headers' macros",
		[PH_SCAN] = "name scan", [PH_FILES] = "files parsed and checked",
		[PH_PROBE] = "whole-tree probes", [PH_CACHE_STORE] = "cache write",
		[PH_PROGRAM] = "whole-tree pass", [PH_AUDIT] = "audit",
	};
	double ph[PH_COUNT];
	analyze_phase_times(ph);
	fprintf(stderr, "addrlimit: stats: time:");
	for (int k = 0; k < PH_COUNT; k++)
		fprintf(stderr, "%s %s %.2f s", k ? "," : "", phase_name[k], ph[k]);
	fputc('\n', stderr);
	const char *off = heap_pages_off();
	fprintf(stderr, "addrlimit: stats: heap: %s%s%s\n",
		off ? "4 KiB pages (" : "on transparent huge pages", off ? off : "", off ? ")" : "");
	if (nt) {
		fprintf(stderr, "addrlimit: stats: slowest files:");
		for (size_t k = 0; k < nt; k++)
			fprintf(stderr, "%s %s %.2f s", k ? "," : "", rs[top[k]].path, rs[top[k]].seconds);
		fputc('\n', stderr);
	}
}

