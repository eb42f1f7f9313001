// SPDX-License-Identifier: GPL-2.0
/*
 * After the analysis: the exit status from the results, the report (on
 * stdout, -o FILE, or stderr in kbuild mode and with --fix's patch on
 * stdout), the baseline written or applied, the --fix patch or rewrite,
 * the HTML report and --stats.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"
#include "fix.h"
#include "load.h"
#include "outfile.h"
#include "stats.h"

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
				/* beside the file and renamed over it, on disk
				 * first: the file is the old one or the new one */
				if (outfile_write_all(r->path, nw, nl, true) < 0)
					rc = -1;
				free(nw);
			}
		}
		source_release(&src);
	}
	if (o->fix_file) {
		if (outfile_write_all(o->fix_file, patch.buf ? patch.buf : "", patch.len, false) < 0)
			rc = -1;
	} else if (!o->in_place) {
		fwrite(patch.buf ? patch.buf : "", 1, patch.len, stdout);
		if (fflush(stdout) != 0 || ferror(stdout)) {
			error("cannot write the patch: %s", strerror(errno));
			rc = -1;
		}
	}
	if (!o->quiet)
		fprintf(stderr, "addrlimit: --fix: %zu file%s %s\n", files, files == 1 ? "" : "s",
			o->in_place ? "rewritten" : "in the patch");
	strbuf_release(&patch);
	return rc;
}

/* --exclude: the glob matches the path, or the path from any '/' on, or
 * a leading folder of either ("drivers/staging" skips what is under it). */
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
	struct outfile of;
	if (outfile_open(&of, file, false) < 0)
		return false;
	if (write_report(o, of.f, fmt, rs, n, errs, nerrs, status) < 0) {
		error("cannot write '%s': %s", file, strerror(of.err ? of.err : EIO));
		outfile_abort(&of);
		return false;
	}
	return outfile_commit(&of) == 0;
}


/*
 * Errors and warnings about single files, then the status before the
 * findings count: 2 when an input could not be analysed.  A file found in
 * a folder and refused for what it holds (a test fragment that is not C,
 * a generated table, a binary) is skipped with a warning: a stock kernel
 * tree has such files, and a CI job must be able to scan it.  Named on
 * the command line, with --strict-input, or when no file at all could be
 * analysed, it is an error as any other; but in kbuild mode (each file is
 * named) a warning unless -Werror, as sparse's complaints do not fail a
 * build: a vendor module's file the grammar cannot read must not stop
 * `make C=2 CHECK=addrlimit`.
 */
static int input_status(const struct opts *o, struct file_result *rs, const struct inputs *in)
{
	int status = in->errors.n ? 2 : 0;
	size_t analysed = 0, skipped = 0;
	for (size_t i = 0; i < in->paths.n; i++) {
		struct file_result *r = &rs[i];
		bool named = o->named && o->named[i] && !(o->kbuild && !o->werror);
		r->skipped = r->error && r->refused && !o->strict_input && !named;
		skipped += r->skipped;
		analysed += !r->error;
	}
	bool none = in->paths.n && !analysed;
	if (none && skipped && !(o->kbuild && !o->werror && !o->strict_input)) {
		fprintf(stderr, "addrlimit: error: no input could be analysed (%zu file%s skipped)\n",
			in->paths.n, in->paths.n == 1 ? "" : "s");
		for (size_t i = 0; i < in->paths.n; i++)
			rs[i].skipped = false;
		skipped = 0;
	}
	for (size_t i = 0; i < in->paths.n; i++) {
		if (rs[i].skipped) {
			if (!o->quiet)
				fprintf(stderr, "addrlimit: warning: %s\n", rs[i].error);
		} else if (rs[i].error) {
			fprintf(stderr, "addrlimit: error: %s\n", rs[i].error);
			status = 2;
		}
		if (rs[i].warning && !o->quiet)
			fprintf(stderr, "addrlimit: warning: %s\n", rs[i].warning);
	}
	if (skipped && !o->quiet)
		fprintf(stderr, "addrlimit: note: %zu file%s found in the folders given skipped for "
			"what %s (not C, binary or too large): not an error of the run "
			"(--strict-input makes %s one)\n", skipped, skipped == 1 ? "" : "s",
			skipped == 1 ? "it holds" : "they hold", skipped == 1 ? "it" : "each");
	return status;
}

/* The report itself (or --dump-cfg's graphs): the status after it. */
static int write_main_report(const struct opts *o, const struct file_result *rs,
			     const struct inputs *in, int status)
{
	size_t n = in->paths.n;
	/* kbuild sends a quiet build's stdout to /dev/null: report on
	 * stderr there, as sparse and gcc do */
	FILE *out = o->kbuild || (o->fix && !o->fix_file && !o->in_place) ? stderr : stdout;
	struct outfile of;
	if (o->output) {
		if (outfile_open(&of, o->output, false) < 0)
			return 2;
		out = of.f;
	}
	int rc;
	if (o->dump_cfg) {
		for (size_t i = 0; i < n; i++)
			if (rs[i].dump)
				fputs(rs[i].dump, out);
		rc = ferror(out) ? -1 : 0;
		if (status == 1)
			status = 0;
	} else {
		rc = write_report(o, out, o->format, rs, n, in->errors.v, in->errors.n, status);
	}
	/* stdout into a full disk: the error shows at the flush, not at exit */
	if (!o->output && rc == 0 && (fflush(out) != 0 || ferror(out)))
		rc = -1;
	if (o->output) {
		if (rc < 0) {
			error("cannot write '%s': %s", o->output, strerror(of.err ? of.err : EIO));
			outfile_abort(&of);
		} else if (outfile_commit(&of) < 0) {
			rc = 0;
			status = 2;	/* outfile_commit said why */
		}
	}
	if (rc < 0) {
		if (!o->output)
			error("cannot write the report: %s", strerror(errno));
		status = 2;
	}
	return status;
}

int report_run(const struct opts *o, const struct baseline *base, struct file_result *rs,
	       const struct inputs *in)
{
	size_t n = in->paths.n;
	int status = input_status(o, rs, in);
	if (o->write_baseline &&
	    !report_to(o, o->write_baseline, FMT_SARIF, rs, n, in->errors.v, in->errors.n, status))
		status = 2;
	if (o->baseline) {
		baseline_apply(base, rs, n);
		size_t baselined = 0;
		for (size_t i = 0; i < n; i++)
			baselined += rs[i].baselined;
		if (!o->quiet)
			fprintf(stderr, "addrlimit: %zu finding%s in the baseline not reported\n",
				baselined, baselined == 1 ? "" : "s");
	}
	bool found = false;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < rs[i].findings.v.n; k++)
			found |= finding_severity(o, &rs[i].findings.v.v[k]) <= SEV_WARNING;
		found |= rs[i].notes.n > 0;
	}
	if (status == 0 && found && (!o->kbuild || o->werror))
		status = 1;

	status = write_main_report(o, rs, in, status);
	if (o->fix && !o->dump_cfg && write_fix(o, rs, n) < 0)
		status = 2;
	if (o->html_dir && !o->dump_cfg && report_html(o->html_dir, o, rs, n) < 0)
		status = 2;	/* report_html said why */
	if (o->stats)
		print_stats(rs, n, in->errors.n, in->excluded);
	return status;
}
