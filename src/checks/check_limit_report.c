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

/* Is the identifier at name declared in n (a parameter or a local)? */
static bool declared_in(TSNode n, const char *text, const char *name, size_t len, int depth)
{
	if (depth > 200)
		return false;
	bool decl = node_is(n, S_declaration) || node_is(n, S_parameter_declaration);
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++) {
		TSNode k = ts_node_named_child(n, i);
		if (decl) {
			TSNode id = declarator_name(k);
			if (!ts_node_is_null(id) && node_is(id, S_identifier) &&
			    ts_node_end_byte(id) - ts_node_start_byte(id) == len &&
			    !memcmp(text + ts_node_start_byte(id), name, len))
				return true;
		} else if (declared_in(k, text, name, len, depth + 1)) {
			return true;
		}
	}
	return false;
}

/* Does the switch value n read only what no caller passes: no call, no
 * parameter, no local (a global, a global register, constants)? */
static bool value_fixed(TSNode n, TSNode fn, const char *text, int depth)
{
	if (depth > 100 || node_is(n, S_call_expression))
		return false;
	if (node_is(n, S_identifier))
		return !declared_in(fn, text, text + ts_node_start_byte(n),
				    ts_node_end_byte(n) - ts_node_start_byte(n), 0);
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		if (!value_fixed(ts_node_named_child(n, i), fn, text, depth + 1))
			return false;
	return true;
}

/* Is call the first statement of a switch's `default:` label, in a switch
 * that has other cases and whose value no caller passes (no parameter, no
 * local, no call)?  `default: BUG();` there asserts that the cases cover
 * every value the hardware or the kernel's own state can give (frv's trap
 * handler switches on the trap number of the global frame, and its table
 * installs it for exactly the traps it has cases for): not a path to
 * report.  A switch on a parameter (an ioctl's command) stays reported. */
bool limit_default_assert(struct run *r, TSNode call)
{
	TSNode st = ts_node_parent(call);
	if (ts_node_is_null(st) || !node_is(st, S_expression_statement))
		return false;
	TSNode cs = ts_node_parent(st);
	if (ts_node_is_null(cs) || !node_is(cs, S_case_statement) ||
	    !ts_node_is_null(node_field(cs, "value")))
		return false;
	uint32_t nc = ts_node_named_child_count(cs);
	for (uint32_t i = 0; i < nc; i++) {
		TSNode k = ts_node_named_child(cs, i);
		if (node_is(k, S_comment))
			continue;
		if (!ts_node_eq(k, st))
			return false;
		break;
	}
	TSNode body = ts_node_parent(cs);
	nc = ts_node_is_null(body) ? 0 : ts_node_named_child_count(body);
	for (uint32_t i = 0; i < nc; i++) {
		TSNode k = ts_node_named_child(body, i);
		if (node_is(k, S_case_statement) && !ts_node_is_null(node_field(k, "value")))
			break;
		if (i + 1 == nc)
			return false;
	}
	TSNode sw = ts_node_parent(body), fn = sw;
	while (!ts_node_is_null(fn) && !node_is(fn, S_function_definition))
		fn = ts_node_parent(fn);
	return !ts_node_is_null(sw) && node_is(sw, S_switch_statement) && !ts_node_is_null(fn) &&
	       value_fixed(node_field(sw, "condition"), fn, r->text, 0);
}
