// SPDX-License-Identifier: GPL-2.0
/*
 * The checks table and finding lists (see diag.h).
 */
#include <stdlib.h>
#include <string.h>
#include "diag.h"

const struct check_info checks[C__COUNT] = {
#define CHECK(e, id, sev, shortd, help) [C_##e] = { id, sev, shortd, help },
#define CHECK_FN(e, id, sev, shortd, help, hook) [C_##e] = { id, sev, shortd, help },
#include "diag.def"
#undef CHECK
#undef CHECK_FN
};

int check_by_id(const char *id, size_t len)
{
	for (int i = 0; i < C__COUNT; i++)
		if (strlen(checks[i].id) == len && !memcmp(checks[i].id, id, len))
			return i;
	return -1;
}

const char *severity_name(enum severity s)
{
	switch (s) {
	case SEV_ERROR:
		return "error";
	case SEV_WARNING:
		return "warning";
	default:
		return "note";
	}
}

void findings_add(struct findings *fs, struct finding *f)
{
	VEC_PUSH(fs->v, *f);
	memset(f, 0, sizeof(*f));
}

static int cmp_finding(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	if (x->at.line != y->at.line)
		return x->at.line < y->at.line ? -1 : 1;
	if (x->at.col != y->at.col)
		return x->at.col < y->at.col ? -1 : 1;
	int c = strcmp(checks[x->id].id, checks[y->id].id);
	if (c)
		return c;
	return strcmp(x->msg, y->msg);
}

enum severity finding_default_severity(const struct finding *f)
{
	enum severity s = checks[f->id].sev;
	for (size_t k = 0; k < f->also.n; k++)
		if (checks[f->also.v[k].id].sev < s)
			s = checks[f->also.v[k].id].sev;
	return s;
}

void findings_sort(struct findings *fs)
{
	if (fs->v.n > 1)
		qsort(fs->v.v, fs->v.n, sizeof(*fs->v.v), cmp_finding);
}

void finding_release(struct finding *f)
{
	free(f->msg);
	free(f->func);
	for (size_t k = 0; k < f->steps.n; k++) {
		free(f->steps.v[k].msg);
		free(f->steps.v[k].file);
	}
	VEC_FREE(f->steps);
	free(f->cause);
	for (size_t k = 0; k < f->also.n; k++) {
		free(f->also.v[k].msg);
		free(f->also.v[k].file);
		free(f->also.v[k].func);
	}
	VEC_FREE(f->also);
}

void findings_release(struct findings *fs)
{
	for (size_t i = 0; i < fs->v.n; i++)
		finding_release(&fs->v.v[i]);
	VEC_FREE(fs->v);
}
