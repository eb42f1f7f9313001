// SPDX-License-Identifier: GPL-2.0
/*
 * The tokens of a function body for the token check (locktok_lex.h).
 */
#include "locktok_lex.h"

#include <string.h>

#include "lexer.h"
#include "normalize.h"

/* The kind of the directive whose '#' is t[i] ('i', 'e' for #elif and
 * #else, 'n'), 0 for any other; *end: past its line (and its continuations
 * and comments), as the body finder reads it (elide.c). */
static char directive(const char *t, size_t i, size_t to, size_t *end)
{
	*end = lex_line_end(t, to, i,
			    LEX_ESC_ANY | LEX_SPLICE_CRLF | LEX_BLOCK_COMMENTS | LEX_LINE_COMMENTS);
	char k = norm_pp_kind(t, i, *end);
	return k == 'l' ? 'e' : k == 'o' ? 0 : k;
}

/* (locktok_lex.h) */
bool lt_tokenize(const char *t, size_t from, size_t to, tok_list *out, ppmark_list *marks)
{
	bool bol = false;
	for (size_t i = from; i < to;) {
		unsigned char c = (unsigned char)t[i];
		if (c == '\n') {
			bol = true;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '#' && bol) {
			size_t end;
			char k = directive(t, i, to, &end);
			if (!k)
				return false;
			VEC_PUSH(*marks, ((struct ppmark){ (uint32_t)out->n, k }));
			i = end;
			continue;
		}
		bol = false;
		if (lex_comment_at(t, to, i)) {
			i = lex_comment(t, to, i, LEX_ESC_ANY);
			continue;
		}
		size_t j = i + 1;
		char k = (char)c;
		if (c == '"' || c == '\'') {
			j = lex_quoted(t, to, i, 0);
			k = 's';
		} else if (word_char(c)) {
			while (j < to && word_char((unsigned char)t[j]))
				j++;
			k = word_start(c) ? 'w' : 'n';
		}
		VEC_PUSH(*out, ((struct tok){ (uint32_t)i, (uint32_t)(j - i), k }));
		i = j;
	}
	return true;
}
