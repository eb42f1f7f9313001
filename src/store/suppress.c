// SPDX-License-Identifier: GPL-2.0
/*
 * In-source suppressions (see suppress.h).  Read from the raw bytes in the
 * first pass, so applying them later needs no second read of the file.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "suppress.h"

static const char *const tags[] = { "addrlimit: ignore", "addrlimit-ignore:" };

/* Is the tag at `off` inside a comment: after `//` or `/ *` on its line,
 * or on a line of a block comment that starts with '*'? */
static bool in_comment(const char *raw, size_t line_start, size_t off)
{
	size_t i = line_start;
	while (i < off && (raw[i] == ' ' || raw[i] == '\t'))
		i++;
	if (i < off && raw[i] == '*')
		return true;
	for (; i + 1 < off; i++)
		if (lex_comment_at(raw, off, i))
			return true;
	return false;
}

static void note(tool_note_list *notes, const struct source *src, size_t off, char *msg)
{
	struct tool_note n = { source_at(src, off), msg };
	VEC_PUSH(*notes, n);
}

static bool id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/* One suppression: the text from after the tag to the end of its comment. */
static void parse_one(const struct source *src, size_t tag_off, size_t a, size_t e,
		      unsigned last_line, suppression_list *out, tool_note_list *notes)
{
	const char *t = src->raw;
	struct suppression s = { .at = source_at(src, tag_off) };
	s.first = s.at.line;
	s.last = last_line + 1;
	size_t i = a;
	bool named = false;
	for (;;) {
		while (i < e && (t[i] == ' ' || t[i] == '\t' || t[i] == ','))
			i++;
		if (i + 1 < e && t[i] == '-' && t[i + 1] == '-')
			break;
		size_t w = i;
		while (i < e && id_char(t[i]))
			i++;
		if (i == w)
			break;
		named = true;
		int id = check_by_id(t + w, i - w);
		if (id >= 0) {
			s.ids |= 1u << id;
		} else if (i - w == 3 && !memcmp(t + w, "all", 3)) {
			s.ids |= (1u << C__COUNT) - 1;
			s.all = true;
		} else {
			char *bad = xstrndup(t + w, i - w);
			note(notes, src, w, xasprintf("suppression names unknown check '%s' (see --list-checks)", bad));
			free(bad);
		}
	}
	if (!named) {
		note(notes, src, tag_off, xstrdup("suppression names no check; write 'addrlimit: ignore ID -- reason'"));
		return;
	}
	if (i + 1 < e && t[i] == '-' && t[i + 1] == '-') {
		/* the reason: the rest of the comment, on one line */
		struct strbuf r;
		strbuf_init(&r);
		bool space = false;
		for (size_t k = i + 2; k < e; k++) {
			char c = t[k];
			if (c == '\n') {
				/* a block comment's next line: drop its leading " * " */
				while (k + 1 < e && (t[k + 1] == ' ' || t[k + 1] == '\t'))
					k++;
				if (k + 1 < e && t[k + 1] == '*' && !(k + 2 < e && t[k + 2] == '/'))
					k++;
				c = ' ';
			}
			if (c == ' ' || c == '\t' || c == '\r') {
				space = r.len > 0;
				continue;
			}
			if (space)
				strbuf_addc(&r, ' ');
			space = false;
			strbuf_addc(&r, c);
		}
		if (r.len)
			s.reason = strbuf_detach(&r);
		strbuf_release(&r);
	}
	if (!s.reason)
		note(notes, src, tag_off,
		     xstrdup("suppression without a reason is not applied; write 'addrlimit: ignore ID -- reason'"));
	if (s.ids)
		VEC_PUSH(*out, s);
	else
		free(s.reason);
}

void suppressions_scan(const struct source *src, suppression_list *out, tool_note_list *notes)
{
	const char *raw = src->raw;
	for (size_t k = 0; k < ARRAY_SIZE(tags); k++) {
		size_t tl = strlen(tags[k]);
		const char *p = raw;
		while ((p = memmem(p, src->len - (size_t)(p - raw), tags[k], tl))) {
			size_t off = (size_t)(p - raw);
			p += tl;
			unsigned line, col;
			source_pos(src, off, &line, &col);
			if (!in_comment(raw, src->line_start[line - 1], off))
				continue;
			size_t a = off + tl;
			/* the comment ends at `* /` or, for `//`, at the end of the line */
			size_t close = lex_comment_close(raw, src->len, a);
			const char *nl = memchr(raw + a, '\n', src->len - a);
			size_t e = src->len;
			/* the last comment opener before the tag decides; none: a
			 * continuation line of a block comment */
			bool block = true;
			for (size_t i = src->line_start[line - 1]; i + 1 < off; i++) {
				int cm = lex_comment_at(raw, off, i);
				if (cm)
					block = cm == '*';
			}
			if (block && close < src->len)
				e = close;
			else if (nl)
				e = (size_t)(nl - raw);
			unsigned last_line;
			source_pos(src, e, &last_line, &col);
			parse_one(src, off, a, e, last_line, out, notes);
		}
	}
}

struct suppression *suppression_for(suppression_list *l, const struct finding *f)
{
	for (size_t i = 0; i < l->n; i++) {
		struct suppression *s = &l->v[i];
		if (s->reason && (s->ids & (1u << f->id)) && f->at.line >= s->first &&
		    f->at.line <= s->last)
			return s;
	}
	return NULL;
}

void suppressions_release(suppression_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].reason);
	VEC_FREE(*l);
}

void tool_notes_release(tool_note_list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].msg);
	VEC_FREE(*l);
}
