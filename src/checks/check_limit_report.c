// SPDX-License-Identifier: GPL-2.0
/*
 * The address-limit check's findings (check_limit_int.h): each once per
 * site, with the path from the raise to the fault as notes, steps inside
 * callees in their own files.
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

static bool already(struct run *r, int id, uint32_t off, const char *path)
{
	uint64_t k = ((uint64_t)id << 32) | off;
	k ^= path == r->ctx->path ? 0 : hash_bytes(path, strlen(path), 0) << 8;
	for (size_t i = 0; i < r->reported.n; i++)
		if (r->reported.v[i] == k)
			return true;
	VEC_PUSH(r->reported, k);
	return false;
}

void limit_report_in(struct run *r, enum check_id id, struct findings *out, const char *path,
		     struct pos at, const char *func, const struct df_trace *tr, char *msg,
		     const char *final_note)
{
	if (!r->ctx->report || already(r, id, at.off, path)) {
		free(msg);
		return;
	}
	const struct source *src = r->ctx->src;
	bool here = path == r->ctx->path;
	struct finding f = { .id = id, .at = at, .msg = msg, .func = xstrdup(func) };
	size_t n;
	const struct df_trace **v = df_steps(tr, &n);
	/* the causes: the callees of the raises on the path, one per line,
	 * when every raise is a call's */
	bool own = false;
	struct strbuf causes;
	strbuf_init(&causes);
	for (size_t i = 0; i < n && !own; i++) {
		if (v[i]->kind != T_RAISE)
			continue;
		if (i + 1 >= n || v[i + 1]->kind != T_CAUSE)
			own = true;
		else
			strbuf_addf(&causes, "%s%s", causes.len ? "\n" : "", v[i + 1]->text);
	}
	if (!own && causes.len)
		f.cause = strbuf_detach(&causes);
	strbuf_release(&causes);
	for (size_t i = 0; i < n; i++) {
		const struct df_trace *t = v[i];
		if (t->kind == T_CAUSE)
			continue;
		struct step s = { .at = t->kind == T_NOTE ? t->at : source_at(src, t->off) };
		if (t->kind == T_NOTE)
			s.file = t->file == path ? NULL : xstrdup(t->file);
		else if (!here)
			s.file = xstrdup(r->ctx->path);
		if (t->kind == T_RAISE)
			s.msg = xasprintf("address limit raised to KERNEL_DS by '%s'", t->text);
		else if (t->kind == T_SET)
			s.msg = xasprintf("address limit set by '%s'", t->text);
		else if (t->kind == T_NOTE)
			s.msg = xstrdup(t->text);
		else
			s.msg = edge_note(t->edge_kind, t->text);
		VEC_PUSH(f.steps, s);
	}
	free(v);
	if (final_note) {
		struct step s = { .at = f.at, .msg = xstrdup(final_note) };
		VEC_PUSH(f.steps, s);
	}
	findings_add(out, &f);
}

void limit_report(struct run *r, enum check_id id, uint32_t off, const struct df_trace *tr,
		  char *msg, const char *final_note)
{
	limit_report_in(r, id, r->ctx->out, r->ctx->path, source_at(r->ctx->src, off), r->ctx->g->name,
		  tr, msg, final_note);
}
