// SPDX-License-Identifier: GPL-2.0
/*
 * The edits of one function's migration (see fix_int.h): byte ranges of
 * the raw text, kept disjoint, so the parts can each add theirs without
 * knowing the others'; and the `__user` casts a kernel buffer wore to reach
 * a uaccess routine, which the rewritten calls no longer need.
 */
#include <stdlib.h>
#include <string.h>

#include "fix_int.h"

bool fix_is_id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

char *fix_raw_of(const struct fn_fix *f, TSNode n)
{
	return xstrndup(f->src->raw + ts_node_start_byte(n), node_len(n));
}

static bool has_user_mark(const struct fn_fix *f, uint32_t a, uint32_t b)
{
	for (size_t i = 0; i < f->src->user_marks.n; i++)
		if (f->src->user_marks.v[i] >= a && f->src->user_marks.v[i] < b)
			return true;
	return false;
}

void fix_edit(struct fn_fix *f, uint32_t a, uint32_t b, char *text)
{
	for (size_t i = 0; i < f->edits.n; i++)
		if (a < f->edits.v[i].b && f->edits.v[i].a < b) {
			free(text);	/* overlapping: the first rewrite wins */
			return;
		}
	VEC_PUSH(f->edits, ((struct edit){ a, b, text }));
}

void fix_cannot(struct fn_fix *f, TSNode at, char *why)
{
	if (f->why_not) {
		free(why);
		return;
	}
	f->why_not = why;
	f->why_at = at;
}

void fix_need(struct fn_fix *f, int version, const char *what)
{
	if (version > f->version)
		f->version = version;
	if (f->what.len)
		strbuf_adds(&f->what, ", ");
	strbuf_adds(&f->what, what);
}

/* The node without the `__user` casts around it: `(char __user *)buf`. */
TSNode fix_strip_user_casts(const struct fn_fix *f, TSNode n)
{
	for (int guard = 0; guard < 8; guard++) {
		if (node_is(n, S_parenthesized_expression) && ts_node_named_child_count(n) == 1) {
			TSNode in = ts_node_named_child(n, 0);
			if (!node_is(in, S_cast_expression))
				break;
			n = in;
		}
		if (!node_is(n, S_cast_expression))
			break;
		TSNode type = node_field(n, "type");
		if (!has_user_mark(f, ts_node_start_byte(type), ts_node_end_byte(type)))
			break;
		n = node_field(n, "value");
	}
	return n;
}

bool fix_is_user_cast(const struct fn_fix *f, TSNode n)
{
	TSNode s = fix_strip_user_casts(f, n);
	return !ts_node_eq(s, n);
}

/* Does any argument carry a `__user` cast? */
bool fix_user_cast_arg(const struct fn_fix *f, TSNode args)
{
	uint32_t c = ts_node_named_child_count(args);
	for (uint32_t i = 0; i < c; i++)
		if (has_user_mark(f, ts_node_start_byte(ts_node_named_child(args, i)),
				  ts_node_end_byte(ts_node_named_child(args, i))))
			return true;
	return false;
}

/* Rewrite `call`'s arguments: the text of argument i without user casts. */
char *fix_arg_text(const struct fn_fix *f, TSNode args, uint32_t i)
{
	char *t = fix_raw_of(f, fix_strip_user_casts(f, ts_node_named_child(args, i)));
	/* `(char __user *)buf + n` keeps its cast, without the annotation */
	static const char *const words[] = { "__user ", "__user", "__force ", "__force" };
	for (size_t w = 0; w < ARRAY_SIZE(words); w++) {
		size_t wl = strlen(words[w]);
		char *q;
		while ((q = strstr(t, words[w])) && !fix_is_id_char(q[wl - (words[w][wl - 1] == ' ')]))
			memmove(q, q + wl, strlen(q + wl) + 1);
	}
	return t;
}

/* The same, as edits of the argument in place, so the call keeps its
 * layout: a top-level `__user` cast goes, nested ones lose the word. */
void fix_clean_arg(struct fn_fix *f, TSNode arg)
{
	TSNode v = fix_strip_user_casts(f, arg);
	uint32_t a = ts_node_start_byte(arg), b = ts_node_end_byte(arg);
	if (!ts_node_eq(v, arg)) {
		fix_edit(f, a, ts_node_start_byte(v), xstrdup(""));
		a = ts_node_start_byte(v);
	}
	const char *raw = f->src->raw;
	for (uint32_t i = a; i + 6 <= b; i++) {
		size_t wl = !memcmp(raw + i, "__user", 6) ? 6 : i + 7 <= b && !memcmp(raw + i, "__force", 7) ? 7 : 0;
		if (!wl || (i > 0 && fix_is_id_char(raw[i - 1])) || fix_is_id_char(raw[i + wl]))
			continue;
		uint32_t e = i + (uint32_t)wl;
		while (e < b && raw[e] == ' ')
			e++;
		fix_edit(f, i, e, xstrdup(""));
		i = e - 1;
	}
}

/* The statement the call is the whole of, or a null node. */
TSNode fix_call_statement(TSNode call)
{
	TSNode p = ts_node_parent(call);
	return node_is(p, S_expression_statement) ? p : (TSNode){0};
}

/* A statement is removed only from a block: as the body of an if without
 * braces its removal would take the next statement in. */
bool fix_in_block(TSNode parent)
{
	return node_is(parent, S_compound_statement) || node_is(parent, S_case_statement) ||
	       node_is(parent, S_preproc_if) || node_is(parent, S_preproc_ifdef) ||
	       node_is(parent, S_preproc_elif) || node_is(parent, S_preproc_elifdef) ||
	       node_is(parent, S_preproc_else);
}

/* Its whole line when it is alone on it, so no blank line is left. */
bool fix_remove_stmt(struct fn_fix *f, TSNode st)
{
	TSNode parent = ts_node_parent(st);
	if (node_is(parent, S_labeled_statement)) {
		/* `out: set_fs(old_fs);` with nothing after the label: keep `out: ;` */
		TSNode next = ts_node_next_named_sibling(parent);
		if (ts_node_is_null(next) || node_is(next, S_comment)) {
			fix_edit(f, ts_node_start_byte(st), ts_node_end_byte(st), xstrdup(";"));
			return true;
		}
	} else if (!fix_in_block(parent)) {
		fix_cannot(f, st, xstrdup("a save or restore is the body of a statement without braces"));
		return false;
	}
	const char *raw = f->src->raw;
	uint32_t a = ts_node_start_byte(st), b = ts_node_end_byte(st);
	uint32_t ls = a;
	while (ls > 0 && raw[ls - 1] != '\n')
		ls--;
	bool alone_before = true;
	for (uint32_t i = ls; i < a; i++)
		alone_before &= raw[i] == ' ' || raw[i] == '\t';
	uint32_t le = b;
	while (le < f->src->len && (raw[le] == ' ' || raw[le] == '\t' || raw[le] == '\r'))
		le++;
	if (alone_before && (le == f->src->len || raw[le] == '\n')) {
		fix_edit(f, ls, le < f->src->len ? le + 1 : le, xstrdup(""));
		return true;
	}
	fix_edit(f, a, le, xstrdup(""));
	return true;
}
