/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one lexer for the bytes the scans step over: comments, string and
 * character literals, logical lines (preprocessor directives with their
 * backslash continuations).  Each function takes the text t[0, n) and an
 * offset, and returns an offset; none reads t[n] or writes anything.
 *
 * The scans that use it (normalize*.c, elide.c, ppenv.c, macros.c,
 * suppress.c) do not all read C the same way, on purpose: each was tuned
 * against real trees and the tests, and their findings must not move.  The
 * differences are explicit flags here rather than a dozen hand-written
 * loops: whether a backslash escapes any byte or only splices a newline,
 * whether `\` CR LF splices, whether comments inside a directive are
 * stepped over, whether a raw newline ends a literal.  None of them knows
 * C23 digit separators (1'000): a `'` always opens a literal here, and the
 * token pass reads separators inside numbers itself.
 */
#ifndef ADDRLIMIT_LEXER_H
#define ADDRLIMIT_LEXER_H

#include <stdbool.h>
#include <stddef.h>

enum lex_flags {
	LEX_ESC_ANY = 1,	/* a backslash skips whatever byte follows (else it
				 * matters only as a line splice, `\` LF) */
	LEX_SPLICE_CRLF = 2,	/* `\` CR LF splices a line too */
	LEX_BLOCK_COMMENTS = 4,	/* lex_line_end: step over block comments, which may
				 * run over several lines */
	LEX_LINE_COMMENTS = 8,	/* lex_line_end: step over `//` comments (with
				 * LEX_ESC_ANY, a backslash continues them too) */
	LEX_MULTILINE = 16,	/* lex_quoted: a raw newline does not end a literal */
};

/*
 * Is a comment opening at t[i]?  Returns '*' for a block comment, '/' for
 * a line comment, 0 otherwise (also when i + 1 >= n).
 */
int lex_comment_at(const char *t, size_t n, size_t i);

/* The offset of the first `*` `/` at or after i, or n when there is none. */
size_t lex_comment_close(const char *t, size_t n, size_t i);

/*
 * Past the block comment whose `/` `*` is at t[i]: the offset just after
 * its closing `*` `/`, or n when it is not closed before n.
 */
size_t lex_block_comment(const char *t, size_t n, size_t i);

/*
 * The end of the line comment whose `//` is at t[i]: the offset of the
 * newline that ends it, or n.  A backslash-newline continues the comment
 * only with LEX_ESC_ANY (then a backslash skips any byte).
 */
size_t lex_line_comment(const char *t, size_t n, size_t i, unsigned flags);

/* Either kind of comment at t[i] (lex_comment_at() must be nonzero). */
size_t lex_comment(const char *t, size_t n, size_t i, unsigned flags);

/*
 * Past the string or character literal whose quote is at t[i]: just after
 * the matching quote, else the offset of the raw newline that ends it
 * (without LEX_MULTILINE) or n.  A backslash always skips the next byte
 * (when there is one), so `\"` and a backslash-newline stay inside.
 */
size_t lex_quoted(const char *t, size_t n, size_t i, unsigned flags);

/*
 * The end of the logical line from i (a preprocessor directive, or a macro
 * body): the offset of the first newline that no splice continues and no
 * comment stepped over (LEX_BLOCK_COMMENTS, LEX_LINE_COMMENTS) contains,
 * or n.  Literals are not recognised: a quoted `/` `*` in a directive
 * opens a comment.
 */
size_t lex_line_end(const char *t, size_t n, size_t i, unsigned flags);

/*
 * Past white space (isspace()) and comments of either kind from i; a line
 * comment ends at its newline (no continuation).
 */
size_t lex_skip_space(const char *t, size_t n, size_t i);

/*
 * The name of the next `#define` in text (NUL-terminated) at or after
 * *from: a '#', blanks, the word, blanks, then the name's first byte,
 * returned; *from is moved past the word for the next call.  NULL when
 * there is none.  (The '#' need not open its line: a quick scan.)
 */
const char *lex_next_define(const char *text, const char **from);

#endif
