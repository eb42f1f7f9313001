// SPDX-License-Identifier: GPL-2.0
/*
 * `--format=json`: a small, stable document for scripts (docs/json.md).
 * Version 1; fields are only ever added, never renamed or removed.
 */
#include "addrlimit.h"
#include "report.h"

static json_t *place(const char *path, const struct pos *at)
{
	json_t *o = json_object();
	json_object_set_new(o, "file", json_text(path));
	json_object_set_new(o, "line", json_integer(at->line));
	json_object_set_new(o, "column", json_integer(at->col));
	return o;
}

static json_t *finding(const struct opts *o, const struct file_result *r, const struct finding *f)
{
	json_t *j = place(r->path, &f->at);
	json_object_set_new(j, "check", json_text(checks[f->id].id));
	json_object_set_new(j, "severity", json_text(severity_name(finding_severity(o, f))));
	json_object_set_new(j, "function", json_text(f->func));
	json_object_set_new(j, "message", json_text(f->msg));
	json_object_set_new(j, "fingerprint", json_text(f->fingerprint));
	json_t *path = json_array();
	for (size_t s = 0; s < f->steps.n; s++) {
		const struct step *st = &f->steps.v[s];
		json_t *p = place(st->file ? st->file : r->path, &st->at);
		json_object_set_new(p, "message", json_text(st->msg));
		json_array_append_new(path, p);
	}
	json_object_set_new(j, "path", path);
	/* findings folded into this one (the same root cause, in its callers) */
	if (f->also.n) {
		json_t *also = json_array();
		for (size_t k = 0; k < f->also.n; k++) {
			const struct related *a = &f->also.v[k];
			json_t *p = place(a->file, &a->at);
			json_object_set_new(p, "check", json_text(checks[a->id].id));
			json_object_set_new(p, "relation",
					    json_text(a->kind == REL_SOURCE ? "same-source" :
						      a->kind == REL_RETURN ? "same-cause" : "caller"));
			json_object_set_new(p, "function", json_text(a->func));
			json_object_set_new(p, "message", json_text(a->msg));
			json_array_append_new(also, p);
		}
		json_object_set_new(j, "also", also);
	}
	if (f->justification)
		json_object_set_new(j, "reason", json_text(f->justification));
	return j;
}

int report_json(FILE *out, const struct opts *o, const struct file_result *rs, size_t n,
		char **input_errors, size_t n_input_errors, int exit_code)
{
	json_t *found = json_array(), *silenced = json_array(), *problems = json_array();
	json_t *errors = json_array(), *partial = json_array(), *skipped = json_array();
	size_t files = 0, parsed = 0, baselined = 0;
	for (size_t i = 0; i < n_input_errors; i++)
		json_array_append_new(errors, json_text(input_errors[i]));
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = &rs[i];
		if (r->error) {
			json_array_append_new(errors, json_text(r->error));
			if (r->skipped) {
				json_t *p = json_object();
				json_object_set_new(p, "file", json_text(r->path));
				json_object_set_new(p, "message", json_text(r->error));
				json_array_append_new(skipped, p);
			}
			continue;
		}
		files++;
		parsed += !r->unparsed;
		baselined += r->baselined;
		for (size_t k = 0; k < r->findings.v.n; k++)
			json_array_append_new(found, finding(o, r, &r->findings.v.v[k]));
		for (size_t k = 0; k < r->silenced.v.n; k++)
			json_array_append_new(silenced, finding(o, r, &r->silenced.v.v[k]));
		for (size_t k = 0; k < r->notes.n; k++) {
			json_t *p = place(r->path, &r->notes.v[k].at);
			json_object_set_new(p, "message", json_text(r->notes.v[k].msg));
			json_array_append_new(problems, p);
		}
		for (size_t k = 0; k < r->partial.n; k++) {
			const struct partial *pa = &r->partial.v[k];
			json_t *p = json_object();
			json_object_set_new(p, "file", json_text(r->path));
			json_object_set_new(p, "line", json_integer(pa->line));
			json_object_set_new(p, "function", json_text(pa->func));
			json_object_set_new(p, "reason", json_text(pa->why));
			json_object_set_new(p, "analysed", json_boolean(pa->analysed));
			json_array_append_new(partial, p);
		}
	}
	json_t *doc = json_object();
	json_object_set_new(doc, "format", json_text("addrlimit-json"));
	json_object_set_new(doc, "version", json_integer(1));
	json_object_set_new(doc, "tool_version", json_text(ADDRLIMIT_VERSION));
	json_object_set_new(doc, "exit_status", json_integer(exit_code));
	json_object_set_new(doc, "files_analysed", json_integer((json_int_t)files));
	json_object_set_new(doc, "files_parsed", json_integer((json_int_t)parsed));
	json_object_set_new(doc, "findings", found);
	json_object_set_new(doc, "suppressed", silenced);
	json_object_set_new(doc, "baselined", json_integer((json_int_t)baselined));
	json_object_set_new(doc, "suppression_problems", problems);
	json_object_set_new(doc, "not_fully_analysed", partial);
	json_object_set_new(doc, "errors", errors);
	json_object_set_new(doc, "skipped", skipped);
	int rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(doc);
	fflush(out);
	return rc || ferror(out) ? -1 : 0;
}
