// SPDX-License-Identifier: GPL-2.0
/*
 * SARIF 2.1.0 output, built as a document with Jansson and dumped once, so
 * the result is well-formed JSON whatever the messages contain.  Rules
 * come from diag.def; each result carries its path as a codeFlow and a
 * partialFingerprint that ignores line numbers (rule, file, function,
 * message), so findings still match after unrelated lines move.
 */
#include "addrlimit.h"
#include "report.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

json_t *json_text(const char *s)
{
	json_t *j = json_string(s);
	if (j)
		return j;
	char *c = xstrdup(s);
	for (char *p = c; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	j = json_string(c);
	free(c);
	return j;
}

#define str json_text

/* Percent-encode a path as a URI reference (RFC 3986 unreserved and '/'). */
static char *uri_of(const char *path)
{
	struct strbuf sb;
	strbuf_init(&sb);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p))
			strbuf_addc(&sb, (char)*p);
		else
			strbuf_addf(&sb, "%%%02X", *p);
	}
	return sb.buf;
}

static json_t *artifact_location(const char *path)
{
	char *u = uri_of(path[0] == '.' && path[1] == '/' ? path + 2 : path);
	json_t *loc = json_object();
	if (path[0] == '/') {
		char *full = xasprintf("file://%s", u);
		json_object_set_new(loc, "uri", str(full));
		free(full);
	} else {
		json_object_set_new(loc, "uri", str(u));
		json_object_set_new(loc, "uriBaseId", str("SRCROOT"));
	}
	free(u);
	return loc;
}

static json_t *physical(const char *path, const struct pos *at)
{
	json_t *region = json_object();
	json_object_set_new(region, "startLine", json_integer(at->line));
	json_object_set_new(region, "startColumn", json_integer(at->col_cp));
	json_t *pl = json_object();
	json_object_set_new(pl, "artifactLocation", artifact_location(path));
	json_object_set_new(pl, "region", region);
	return pl;
}

static json_t *message(const char *text)
{
	json_t *m = json_object();
	json_object_set_new(m, "text", str(text));
	return m;
}

static const char *level_of(enum severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "note";
}

static json_t *rules(void)
{
	json_t *a = json_array();
	for (int i = 0; i < C__COUNT; i++) {
		json_t *r = json_object();
		json_object_set_new(r, "id", str(checks[i].id));
		json_object_set_new(r, "shortDescription", message(checks[i].shortd));
		json_object_set_new(r, "fullDescription", message(checks[i].help));
		json_object_set_new(r, "help", message(checks[i].help));
		json_t *cfg = json_object();
		json_object_set_new(cfg, "level", str(level_of(checks[i].sev)));
		json_object_set_new(r, "defaultConfiguration", cfg);
		json_array_append_new(a, r);
	}
	return a;
}

/* logicalLocations: the function a location is in */
static json_t *in_function(const char *func)
{
	json_t *fn = json_object();
	json_object_set_new(fn, "name", str(func));
	json_object_set_new(fn, "kind", str("function"));
	json_t *fns = json_array();
	json_array_append_new(fns, fn);
	return fns;
}

static json_t *result(const struct opts *o, const struct file_result *fr, const struct finding *f)
{
	json_t *res = json_object();
	json_object_set_new(res, "ruleId", str(checks[f->id].id));
	json_object_set_new(res, "ruleIndex", json_integer(f->id));
	json_object_set_new(res, "level", str(level_of(finding_severity(o, f))));
	json_object_set_new(res, "message", message(f->msg));

	json_t *loc = json_object();
	json_object_set_new(loc, "physicalLocation", physical(fr->path, &f->at));
	json_object_set_new(loc, "logicalLocations", in_function(f->func));
	json_t *locs = json_array();
	json_array_append_new(locs, loc);
	json_object_set_new(res, "locations", locs);

	if (f->steps.n) {
		json_t *tfl = json_array();
		for (size_t s = 0; s < f->steps.n; s++) {
			json_t *l = json_object();
			json_object_set_new(l, "physicalLocation", physical(f->steps.v[s].file ? f->steps.v[s].file : fr->path,
						 &f->steps.v[s].at));
			json_object_set_new(l, "message", message(f->steps.v[s].msg));
			json_t *tl = json_object();
			json_object_set_new(tl, "location", l);
			json_object_set_new(tl, "executionOrder", json_integer((json_int_t)s + 1));
			json_array_append_new(tfl, tl);
		}
		json_t *tf = json_object();
		json_object_set_new(tf, "locations", tfl);
		json_t *tfs = json_array();
		json_array_append_new(tfs, tf);
		json_t *cf = json_object();
		json_object_set_new(cf, "threadFlows", tfs);
		json_t *cfs = json_array();
		json_array_append_new(cfs, cf);
		json_object_set_new(res, "codeFlows", cfs);
	}

	/* the findings folded into this one: where the same root cause would
	 * have been reported again */
	if (f->also.n) {
		json_t *rel = json_array();
		for (size_t k = 0; k < f->also.n; k++) {
			const struct related *a = &f->also.v[k];
			json_t *l = json_object();
			json_object_set_new(l, "id", json_integer((json_int_t)k + 1));
			json_object_set_new(l, "physicalLocation", physical(a->file, &a->at));
			char *m = xasprintf("%s%s [%s]", a->kind == REL_SOURCE ? "same source: " :
					    a->kind == REL_RETURN ? "same cause: " : "",
					    a->msg, checks[a->id].id);
			json_object_set_new(l, "message", message(m));
			free(m);
			json_object_set_new(l, "logicalLocations", in_function(a->func));
			json_array_append_new(rel, l);
		}
		json_object_set_new(res, "relatedLocations", rel);
	}

	json_t *pf = json_object();
	json_object_set_new(pf, SARIF_FINGERPRINT, str(f->fingerprint));
	json_object_set_new(res, "partialFingerprints", pf);
	if (f->justification) {
		json_t *sup = json_object();
		json_object_set_new(sup, "kind", str("inSource"));
		json_object_set_new(sup, "justification", str(f->justification));
		json_t *sups = json_array();
		json_array_append_new(sups, sup);
		json_object_set_new(res, "suppressions", sups);
	}
	return res;
}

static json_t *notification(const char *level, const char *text)
{
	json_t *n = json_object();
	json_object_set_new(n, "level", str(level));
	json_object_set_new(n, "message", message(text));
	return n;
}

/* A notification about a place in a file (a suppression comment). */
static json_t *notification_at(const char *level, const char *path, const struct pos *at,
			       const char *text)
{
	json_t *n = notification(level, text);
	json_t *loc = json_object();
	json_object_set_new(loc, "physicalLocation", physical(path, at));
	json_t *locs = json_array();
	json_array_append_new(locs, loc);
	json_object_set_new(n, "locations", locs);
	return n;
}

/* A notification about a whole file (one skipped for what it holds). */
static json_t *notification_file(const char *level, const char *path, const char *text)
{
	json_t *n = notification(level, text);
	json_t *pl = json_object();
	json_object_set_new(pl, "artifactLocation", artifact_location(path));
	json_t *loc = json_object();
	json_object_set_new(loc, "physicalLocation", pl);
	json_t *locs = json_array();
	json_array_append_new(locs, loc);
	json_object_set_new(n, "locations", locs);
	return n;
}

int report_sarif(FILE *out, const struct opts *o, const struct file_result *rs, size_t n,
		 char **input_errors, size_t n_input_errors, int exit_code)
{
	json_t *driver = json_object();
	json_object_set_new(driver, "name", str("addrlimit"));
	json_object_set_new(driver, "version", str(ADDRLIMIT_VERSION));
	json_object_set_new(driver, "semanticVersion", str(ADDRLIMIT_VERSION));
	json_object_set_new(driver, "rules", rules());
	json_t *tool = json_object();
	json_object_set_new(tool, "driver", driver);

	json_t *results = json_array();
	json_t *notes = json_array();
	for (size_t i = 0; i < n_input_errors; i++)
		json_array_append_new(notes, notification("error", input_errors[i]));
	size_t baselined = 0;
	for (size_t i = 0; i < n; i++) {
		const struct file_result *r = &rs[i];
		for (size_t k = 0; k < r->findings.v.n; k++)
			json_array_append_new(results, result(o, r, &r->findings.v.v[k]));
		for (size_t k = 0; k < r->silenced.v.n; k++)
			json_array_append_new(results, result(o, r, &r->silenced.v.v[k]));
		for (size_t k = 0; k < r->notes.n; k++)
			json_array_append_new(notes, notification_at(o->werror ? "error" : "warning",
								     r->path, &r->notes.v[k].at,
								     r->notes.v[k].msg));
		baselined += r->baselined;
		if (r->skipped)
			json_array_append_new(notes, notification_file("warning", r->path, r->error));
		else if (r->error)
			json_array_append_new(notes, notification("error", r->error));
		if (r->warning)
			json_array_append_new(notes, notification("warning", r->warning));
		for (size_t k = 0; k < r->partial.n; k++) {
			char *t = xasprintf("%s:%u: function '%s' %s", r->path, r->partial.v[k].line,
					    r->partial.v[k].func, r->partial.v[k].why);
			json_array_append_new(notes, notification("note", t));
			free(t);
		}
	}

	if (baselined) {
		char *t = xasprintf("%zu findings are in the baseline and not reported", baselined);
		json_array_append_new(notes, notification("note", t));
		free(t);
	}
	json_t *inv = json_object();
	json_object_set_new(inv, "executionSuccessful", json_boolean(exit_code != 2));
	json_object_set_new(inv, "exitCode", json_integer(exit_code));
	json_object_set_new(inv, "toolExecutionNotifications", notes);
	json_t *invs = json_array();
	json_array_append_new(invs, inv);

	json_t *run = json_object();
	json_object_set_new(run, "tool", tool);
	json_object_set_new(run, "invocations", invs);
	char cwd[PATH_MAX];
	if (getcwd(cwd, sizeof(cwd))) {
		char *u = uri_of(cwd);
		char *base = xasprintf("file://%s/", strcmp(u, "/") ? u : "");
		json_t *root = json_object();
		json_object_set_new(root, "uri", str(base));
		json_t *bases = json_object();
		json_object_set_new(bases, "SRCROOT", root);
		json_object_set_new(run, "originalUriBaseIds", bases);
		free(u);
		free(base);
	}
	json_object_set_new(run, "columnKind", str("unicodeCodePoints"));
	json_object_set_new(run, "results", results);
	json_t *runs = json_array();
	json_array_append_new(runs, run);

	json_t *doc = json_object();
	json_object_set_new(doc, "$schema", str("https://json.schemastore.org/sarif-2.1.0.json"));
	json_object_set_new(doc, "version", str("2.1.0"));
	json_object_set_new(doc, "runs", runs);
	int rc = json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(doc);
	fflush(out);
	return rc || ferror(out) ? -1 : 0;
}
