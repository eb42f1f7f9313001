// SPDX-License-Identifier: GPL-2.0
/*
 * gcc-style text output: one line per finding, then a `note:` line for
 * each step of its path, so editors and CI log parsers that understand
 * gcc understand addrlimit.
 */
#include "addrlimit.h"

int report_text(FILE *out, const struct opts *o, const struct file_result *rs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = &rs[i];
		for (size_t k = 0; k < r->findings.v.n; k++) {
			const struct finding *f = &r->findings.v.v[k];
			fprintf(out, "%s:%u:%u: %s: %s [%s]\n", r->path, f->at.line, f->at.col,
				severity_name(checks[f->id].sev), f->msg, checks[f->id].id);
			for (size_t s = 0; s < f->steps.n; s++) {
				const struct step *st = &f->steps.v[s];
				fprintf(out, "%s:%u:%u: note: %s\n", st->file ? st->file : r->path,
					st->at.line, st->at.col, st->msg);
			}
		}
		if (o->verbose) {
			for (size_t k = 0; k < r->partial.n; k++) {
				const struct partial *p = &r->partial.v[k];
				fprintf(out, "%s:%u: remark: function '%s' %s\n", r->path, p->line,
					p->func, p->why);
			}
		}
	}
	fflush(out);
	return ferror(out) ? -1 : 0;
}
