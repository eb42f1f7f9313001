// SPDX-License-Identifier: GPL-2.0
/*
 * gcc-style text output: one line per finding, then a `note:` line for
 * each step of its path, so editors and CI log parsers that understand
 * gcc understand addrlimit.  Colours (--color) are gcc's own.
 */
#include "addrlimit.h"

enum severity effective_severity(const struct opts *o, enum check_id id)
{
	enum severity s = checks[id].sev;
	return o->werror && s == SEV_WARNING ? SEV_ERROR : s;
}

enum severity finding_severity(const struct opts *o, const struct finding *f)
{
	enum severity s = finding_default_severity(f);
	return o->werror && s == SEV_WARNING ? SEV_ERROR : s;
}

struct paint {
	const char *locus, *sev, *reset;
};

static struct paint paint(const struct opts *o, enum severity s)
{
	if (!o->color)
		return (struct paint){ "", "", "" };
	return (struct paint){ "\033[01m",
			       s == SEV_ERROR ? "\033[01;31m" :
			       s == SEV_WARNING ? "\033[01;35m" : "\033[01;36m",
			       "\033[m" };
}

static void line(FILE *out, const struct opts *o, const char *path, const struct pos *at,
		 enum severity s, const char *msg, const char *id)
{
	struct paint p = paint(o, s);
	fprintf(out, "%s%s:%u:%u:%s %s%s:%s %s", p.locus, path, at->line, at->col, p.reset, p.sev,
		severity_name(s), p.reset, msg);
	if (id)
		fprintf(out, " [%s%s%s]", p.sev, id, p.reset);
	fputc('\n', out);
}

int report_text(FILE *out, const struct opts *o, const struct file_result *rs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = &rs[i];
		for (size_t k = 0; k < r->findings.v.n; k++) {
			const struct finding *f = &r->findings.v.v[k];
			line(out, o, r->path, &f->at, finding_severity(o, f), f->msg,
			     checks[f->id].id);
			for (size_t s = 0; s < f->steps.n; s++) {
				const struct step *st = &f->steps.v[s];
				line(out, o, st->file ? st->file : r->path, &st->at, SEV_NOTE, st->msg,
				     NULL);
			}
			/* the findings folded in, each with its own check id */
			for (size_t s = 0; s < f->also.n; s++) {
				const struct related *a = &f->also.v[s];
				char *m = xasprintf("%s: %s", a->kind == REL_SOURCE ? "same source" :
							a->kind == REL_RETURN ? "same cause" :
							"reached from here", a->msg);
				line(out, o, a->file, &a->at, SEV_NOTE, m, checks[a->id].id);
				free(m);
			}
		}
		for (size_t k = 0; k < r->notes.n; k++)
			line(out, o, r->path, &r->notes.v[k].at, o->werror ? SEV_ERROR : SEV_WARNING,
			     r->notes.v[k].msg, "suppression");
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
