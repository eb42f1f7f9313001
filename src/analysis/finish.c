// SPDX-License-Identifier: GPL-2.0
/*
 * The last step of a file's results, once every check has run: findings
 * of disabled checks dropped, suppression comments applied (and the unused
 * ones reported with --report-unused-suppressions), the output order, and
 * the fingerprints baselines and SARIF match findings by.  Split out of
 * program.c, which drives the checks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finish.h"
#include "front.h"
#include "suppress.h"

/* The trimmed text of line `line` of src, for fingerprints. */
static void line_text(const struct source *src, unsigned line, struct strbuf *out)
{
	if (line < 1 || line > src->nlines)
		return;
	size_t a = src->line_start[line - 1];
	size_t b = line < src->nlines ? src->line_start[line] : src->len;
	for (size_t i = a; i < b; i++)
		if (src->raw[i] != ' ' && src->raw[i] != '\t' && src->raw[i] != '\n' &&
		    src->raw[i] != '\r')
			strbuf_addc(out, src->raw[i]);
}

/*
 * Fingerprints: the check, the file, the function, the message and the
 * text of the reported line (without blanks), so a finding keeps its
 * fingerprint when unrelated lines are added or removed above it; the
 * n-th finding with the same key gets n mixed in.
 */
static void fingerprint(const struct source *src, const char *path, struct finding *v, size_t n)
{
	uint64_t *keys = xcalloc(n ? n : 1, sizeof(*keys));
	for (size_t i = 0; i < n; i++) {
		struct finding *f = &v[i];
		struct strbuf sb;
		strbuf_init(&sb);
		strbuf_addf(&sb, "%s\n%s\n%s\n%s\n", checks[f->id].id, path, f->func, f->msg);
		if (src)
			line_text(src, f->at.line, &sb);
		keys[i] = hash_bytes(sb.buf, sb.len, 0);
		strbuf_release(&sb);
		uint64_t nth = 0;
		for (size_t k = 0; k < i; k++)
			nth += keys[k] == keys[i];
		snprintf(f->fingerprint, sizeof(f->fingerprint), "%016llx",
			 (unsigned long long)hash_bytes(&nth, sizeof(nth), keys[i]));
	}
	free(keys);
}

void finish_file(const struct opts *o, struct file_result *r)
{
	size_t w = 0;
	for (size_t i = 0; i < r->findings.v.n; i++) {
		struct finding *f = &r->findings.v.v[i];
		if (!o->enabled[f->id]) {
			finding_release(f);
			continue;
		}
		struct suppression *s = suppression_for(&r->supps, f);
		if (s) {
			s->used |= 1u << f->id;
			f->justification = s->reason;
			VEC_PUSH(r->silenced.v, *f);
			r->suppressed++;
			continue;
		}
		r->findings.v.v[w++] = *f;
	}
	r->findings.v.n = w;
	findings_sort(&r->findings);
	findings_sort(&r->silenced);
	if (r->findings.v.n || r->silenced.v.n) {
		struct source src;
		char *why = NULL;
		bool have = source_load(&src, r->path, o->max_file_size, &why) == 0;
		free(why);
		fingerprint(have ? &src : NULL, r->path, r->findings.v.v, r->findings.v.n);
		fingerprint(have ? &src : NULL, r->path, r->silenced.v.v, r->silenced.v.n);
		if (have)
			source_release(&src);
	}
	if (!o->report_unused || r->error)
		return;
	for (size_t i = 0; i < r->supps.n; i++) {
		struct suppression *s = &r->supps.v[i];
		if (!s->reason)
			continue;
		if (s->all) {
			if (!s->used)
				VEC_PUSH(r->notes, ((struct tool_note){ s->at,
					 xstrdup("unused suppression: it silences no finding") }));
			continue;
		}
		for (int id = 0; id < C__COUNT; id++)
			if ((s->ids & (1u << id)) && !(s->used & (1u << id)) && o->enabled[id])
				VEC_PUSH(r->notes, ((struct tool_note){ s->at,
					 xasprintf("unused suppression: no '%s' finding here", checks[id].id) }));
	}
}

