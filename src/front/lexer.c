// SPDX-License-Identifier: GPL-2.0
/*
 * The lexer's few primitives (lexer.h).  Everything is bounded by n, so a
 * caller can lex a slice of a larger text (one directive, the bytes
 * between two tokens) without NUL terminators.
 */
#include "lexer.h"

#include <ctype.h>
#include <string.h>

int lex_comment_at(const char *t, size_t n, size_t i)
{
	if (i + 1 >= n || t[i] != '/')
		return 0;
	return t[i + 1] == '*' ? '*' : t[i + 1] == '/' ? '/' : 0;
}

size_t lex_comment_close(const char *t, size_t n, size_t i)
{
	if (i + 2 > n)
		return n;
	/* each '/' after i, then the byte before it: memchr() is several
	 * times faster than memmem() over a two-byte needle, and comments
	 * hold few slashes */
	for (size_t k = i + 1; k < n;) {
		const char *p = memchr(t + k, '/', n - k);
		if (!p)
			return n;
		size_t j = (size_t)(p - t);
		if (t[j - 1] == '*')
			return j - 1;
		k = j + 1;
	}
	return n;
}

size_t lex_block_comment(const char *t, size_t n, size_t i)
{
	size_t c = lex_comment_close(t, n, i + 2);
	return c < n ? c + 2 : n;
}

size_t lex_line_comment(const char *t, size_t n, size_t i, unsigned flags)
{
	while (i < n && t[i] != '\n')
		i += (flags & LEX_ESC_ANY) && t[i] == '\\' && i + 1 < n ? 2 : 1;
	return i;
}

size_t lex_comment(const char *t, size_t n, size_t i, unsigned flags)
{
	return t[i + 1] == '*' ? lex_block_comment(t, n, i) : lex_line_comment(t, n, i, flags);
}

size_t lex_quoted(const char *t, size_t n, size_t i, unsigned flags)
{
	char q = t[i];
	for (i++; i < n && t[i] != q && ((flags & LEX_MULTILINE) || t[i] != '\n'); i++)
		if (t[i] == '\\' && i + 1 < n)
			i++;
	return i < n && t[i] == q ? i + 1 : i;
}

size_t lex_line_end(const char *t, size_t n, size_t i, unsigned flags)
{
	while (i < n && t[i] != '\n') {
		if (t[i] == '\\' && i + 1 < n && ((flags & LEX_ESC_ANY) || t[i + 1] == '\n'))
			i += 2;
		else if ((flags & LEX_SPLICE_CRLF) && t[i] == '\\' && i + 2 < n && t[i + 1] == '\r' &&
			 t[i + 2] == '\n')
			i += 3;
		else if ((flags & LEX_BLOCK_COMMENTS) && lex_comment_at(t, n, i) == '*')
			i = lex_block_comment(t, n, i);
		else if ((flags & LEX_LINE_COMMENTS) && lex_comment_at(t, n, i) == '/')
			i = lex_line_comment(t, n, i, flags & LEX_ESC_ANY);
		else
			i++;
	}
	return i;
}

size_t lex_skip_space(const char *t, size_t n, size_t i)
{
	for (;;) {
		while (i < n && isspace((unsigned char)t[i]))
			i++;
		if (!lex_comment_at(t, n, i))
			return i;
		i = lex_comment(t, n, i, 0);
	}
}

const char *lex_next_define(const char *text, const char **from)
{
	for (const char *q = *from; (q = strstr(q, "define")); q += 6) {
		const char *h = q;
		while (h > text && (h[-1] == ' ' || h[-1] == '\t'))
			h--;
		if (h == text || h[-1] != '#')
			continue;
		const char *nm = q + 6;
		if (*nm != ' ' && *nm != '\t')
			continue;
		while (*nm == ' ' || *nm == '\t')
			nm++;
		*from = q + 6;
		return nm;
	}
	return NULL;
}
