// SPDX-License-Identifier: GPL-2.0
/*
 * Baselines (see baseline.h), read with Jansson from any SARIF log that
 * carries our partialFingerprints: a --write-baseline file or an earlier
 * `--format=sarif` report.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int from_json(json_t *doc, struct baseline *b, char **why)
{
	json_t *runs = json_object_get(doc, "runs");
	const char *version = json_string_value(json_object_get(doc, "version"));
	if (!json_is_object(doc) || !json_is_array(runs) || !version) {
		*why = xstrdup("not a SARIF log (no \"version\" and \"runs\")");
		return -1;
	}
	VEC(char *) fps = {0};
	size_t i, k;
	json_t *run, *res;
	json_array_foreach(runs, i, run) {
		json_t *results = json_object_get(run, "results");
		if (!json_is_array(results))
			continue;
		json_array_foreach(results, k, res) {
			json_t *pf = json_object_get(res, "partialFingerprints");
			const char *fp = json_string_value(json_object_get(pf, SARIF_FINGERPRINT));
			if (fp)
				VEC_PUSH(fps, xstrdup(fp));
		}
	}
	if (fps.n)
		qsort(fps.v, fps.n, sizeof(*fps.v), cmp_str);
	b->fp = fps.v;
	b->n = fps.n;
	return 0;
}

int baseline_parse(const char *text, size_t len, struct baseline *b, char **why)
{
	memset(b, 0, sizeof(*b));
	json_error_t err;
	json_t *doc = json_loadb(text, len, 0, &err);
	if (!doc) {
		*why = xasprintf("not valid JSON at line %d: %s", err.line, err.text);
		return -1;
	}
	int rc = from_json(doc, b, why);
	json_decref(doc);
	return rc;
}

int baseline_read(const char *path, struct baseline *b, char **why)
{
	memset(b, 0, sizeof(*b));
	FILE *f = fopen(path, "rb");
	if (!f) {
		*why = xasprintf("cannot read baseline '%s': %s", path, strerror(errno));
		return -1;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	char buf[65536];
	size_t got;
	while ((got = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, got);
	bool bad = ferror(f);
	fclose(f);
	char *inner = NULL;
	int rc = bad ? -1 : baseline_parse(sb.buf, sb.len, b, &inner);
	if (rc < 0)
		*why = xasprintf("baseline '%s': %s", path, inner ? inner : strerror(EIO));
	free(inner);
	strbuf_release(&sb);
	return rc;
}

static bool has(const struct baseline *b, const char *fp)
{
	return b->n && bsearch(&fp, b->fp, b->n, sizeof(*b->fp), cmp_str);
}

void baseline_apply(const struct baseline *b, struct file_result *rs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct findings *fs = &rs[i].findings;
		size_t w = 0;
		for (size_t k = 0; k < fs->v.n; k++) {
			if (!has(b, fs->v.v[k].fingerprint)) {
				fs->v.v[w++] = fs->v.v[k];
				continue;
			}
			finding_release(&fs->v.v[k]);
			rs[i].baselined++;
		}
		fs->v.n = w;
	}
}

void baseline_release(struct baseline *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->fp[i]);
	free(b->fp);
	memset(b, 0, sizeof(*b));
}
