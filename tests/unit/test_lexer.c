// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for the lexer (src/front/lexer.c): comments, literals and
 * logical lines, at the edges where the scans that share it differ or
 * where a slip would move every later offset (unterminated comments and
 * literals at the end of the text, backslash splices with LF and CR LF,
 * comments inside directives, a raw newline in a literal, a C23 digit
 * separator, a slice of a larger text); and the ASCII fast path of
 * tree-sitter-c's own lexer.
 */
#include <stdio.h>
#include <string.h>

#include "lexer.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

/* The offset in s of the first occurrence of mark, for readable expectations. */
static size_t at(const char *s, const char *mark)
{
	const char *p = strstr(s, mark);
	return p ? (size_t)(p - s) : (size_t)-1;
}

static void test_comments(void)
{
	const char *s = "a /* b */ c // d\ne";
	size_t n = strlen(s);
	check(lex_comment_at(s, n, 2) == '*', "comment_at: block");
	check(lex_comment_at(s, n, 12) == '/', "comment_at: line");
	check(lex_comment_at(s, n, 0) == 0, "comment_at: code");
	check(lex_comment_at("/", 1, 0) == 0, "comment_at: '/' at the end is no comment");
	check(lex_comment_at("/*", 1, 0) == 0, "comment_at: bounded by n, not by the NUL");
	check(lex_block_comment(s, n, 2) == at(s, " c"), "block comment: past its */");
	check(lex_line_comment(s, n, 12, 0) == at(s, "\ne"), "line comment: ends at the newline");
	check(lex_comment(s, n, 12, 0) == at(s, "\ne"), "comment: dispatches on the second byte");

	const char *u = "x /* never closed";
	check(lex_block_comment(u, strlen(u), 2) == strlen(u), "unterminated block comment: n");
	check(lex_block_comment("/*/", 3, 0) == 3, "/*/ does not close itself");
	check(lex_block_comment("/**/x", 5, 0) == 4, "/**/ closes");
	check(lex_line_comment("// no newline", 13, 0, 0) == 13, "line comment at EOF: n");

	/* a backslash at the end of a line comment: only LEX_ESC_ANY continues it */
	const char *c = "// a \\\nb\nc";
	size_t cn = strlen(c);
	check(lex_line_comment(c, cn, 0, 0) == at(c, "\nb"),
	      "line comment: a splice does not continue it by default");
	check(lex_line_comment(c, cn, 0, LEX_ESC_ANY) == at(c, "\nc"),
	      "line comment: LEX_ESC_ANY continues it");
	const char *cr = "// a \\\r\nb\nc";
	check(lex_line_comment(cr, strlen(cr), 0, LEX_ESC_ANY) == at(cr, "\nb"),
	      "line comment: LEX_ESC_ANY skips the CR only, the LF ends it");
	check(lex_line_comment("// \\", 4, 0, LEX_ESC_ANY) == 4,
	      "line comment: a backslash as the last byte");

	check(lex_comment_close("ab*/", 4, 0) == 2, "comment_close: the */");
	check(lex_comment_close("ab*/", 3, 0) == 3, "comment_close: bounded by n");
	check(lex_comment_close("*", 1, 0) == 1, "comment_close: too short");
	check(lex_comment_close("a/b*/", 5, 0) == 3, "comment_close: a slash alone is no close");
	check(lex_comment_close("*/", 2, 0) == 0, "comment_close: at i");
	check(lex_comment_close("*/x/", 4, 1) == 4, "comment_close: a '*' before i does not count");
	check(lex_comment_close("x**/", 4, 0) == 2, "comment_close: the last '*' before the '/'");

	const char *sp = "  /* a */\n\t// b\n  x";
	check(lex_skip_space(sp, strlen(sp), 0) == at(sp, "x"),
	      "skip_space: blanks and both comments");
	check(lex_skip_space("  /* open", 9, 0) == 9,
	      "skip_space: an unterminated comment ends it");
	check(lex_skip_space("a", 1, 0) == 0, "skip_space: nothing to skip");
}

static void test_quoted(void)
{
	const char *s = "\"a\\\"b\" x";
	check(lex_quoted(s, strlen(s), 0, 0) == at(s, " x"),
	      "string: an escaped quote stays inside");
	const char *ch = "'\\'' y";
	check(lex_quoted(ch, strlen(ch), 0, 0) == at(ch, " y"), "char: '\\''");
	const char *nl = "\"ab\ncd\" z";
	check(lex_quoted(nl, strlen(nl), 0, 0) == at(nl, "\ncd"),
	      "string: a raw newline ends it at the newline");
	check(lex_quoted(nl, strlen(nl), 0, LEX_MULTILINE) == at(nl, " z"),
	      "string: LEX_MULTILINE reads on");
	const char *sp = "\"ab\\\ncd\" z";
	check(lex_quoted(sp, strlen(sp), 0, 0) == at(sp, " z"),
	      "string: a backslash-newline stays inside");
	check(lex_quoted("\"abc", 4, 0, 0) == 4, "unterminated string at EOF: n");
	check(lex_quoted("\"ab\\", 4, 0, LEX_MULTILINE) == 4, "a backslash as the last byte: n");
	check(lex_quoted("\"ab\" more", 3, 0, 0) == 3, "a slice: the quote past n does not count");
	/* no digit separators: the token pass reads 1'000 itself */
	const char *ds = "1'000; x';";
	check(lex_quoted(ds, strlen(ds), 1, 0) == at(ds, "';") + 1,
	      "a ' in a number opens a literal here");
}

static void test_lines(void)
{
	const char *d = "#define A 1 \\\n  + 2\nint x;";
	size_t n = strlen(d);
	check(lex_line_end(d, n, 0, 0) == at(d, "\nint"), "directive: a splice continues it");
	const char *crlf = "#define A 1 \\\r\n  + 2\r\nint x;";
	size_t cn = strlen(crlf);
	check(lex_line_end(crlf, cn, 0, 0) == at(crlf, "\n  +"),
	      "directive: \\ CR LF ends it by default");
	check(lex_line_end(crlf, cn, 0, LEX_SPLICE_CRLF) == at(crlf, "\nint"),
	      "directive: LEX_SPLICE_CRLF continues over \\ CR LF");
	check(lex_line_end(crlf, cn, 0, LEX_ESC_ANY) == at(crlf, "\n  +"),
	      "directive: LEX_ESC_ANY skips the CR, the LF then ends it");

	const char *bc = "#if A /* two\nlines */ || B\nint x;";
	size_t bn = strlen(bc);
	check(lex_line_end(bc, bn, 0, 0) == at(bc, "\nlines"),
	      "directive: comments are text by default");
	check(lex_line_end(bc, bn, 0, LEX_BLOCK_COMMENTS) == at(bc, "\nint"),
	      "directive: LEX_BLOCK_COMMENTS steps over a comment across lines");
	const char *ub = "#if A /* open to EOF\nint x;";
	check(lex_line_end(ub, strlen(ub), 0, LEX_BLOCK_COMMENTS) == strlen(ub),
	      "directive: an unterminated comment runs to n");

	const char *lc = "#define B // c \\\nstill\nint x;";
	size_t ln = strlen(lc);
	check(lex_line_end(lc, ln, 0, LEX_ESC_ANY | LEX_LINE_COMMENTS) == at(lc, "\nint"),
	      "directive: a line comment continued by a backslash");
	check(lex_line_end(lc, ln, 0, LEX_LINE_COMMENTS) == at(lc, "\nstill"),
	      "directive: without LEX_ESC_ANY the line comment ends at its newline");
	const char *ls = "#define C // /* x\nint y; */\n";
	check(lex_line_end(ls, strlen(ls), 0, LEX_BLOCK_COMMENTS) == strlen(ls) - 1,
	      "directive: without LEX_LINE_COMMENTS a /* after // opens a comment");
	check(lex_line_end(ls, strlen(ls), 0, LEX_BLOCK_COMMENTS | LEX_LINE_COMMENTS) == at(ls, "\nint"),
	      "directive: with LEX_LINE_COMMENTS the // hides the /*");

	const char *es = "#define D \\/* x\n*/ int z;\nw";
	check(lex_line_end(es, strlen(es), 0, LEX_ESC_ANY | LEX_BLOCK_COMMENTS) == at(es, "\n*/"),
	      "directive: LEX_ESC_ANY makes \\/ no comment opener");
	check(lex_line_end(es, strlen(es), 0, LEX_BLOCK_COMMENTS) == at(es, "\nw"),
	      "directive: a \\ before /* is plain otherwise");
	check(lex_line_end("#x \\", 4, 0, 0) == 4, "directive: a backslash as the last byte");
	check(lex_line_end("#x\\\\\nmore\nz", 11, 0, 0) == 9,
	      "directive: the last of two backslashes splices");
	check(lex_line_end("abc", 3, 0, 0) == 3, "line at EOF: n");
	check(lex_line_end("\n", 1, 0, 0) == 0, "an empty line ends at once");
}

/* tree-sitter-c's lexer through src/front/grammar/ts_c_parser.c: its
 * ASCII fast path answers as the grammar's own search, for every code
 * point (and -1, end of input) of every character set */
int ts_c_charsets_differ(void);

static void test_grammar_charsets(void)
{
	check(ts_c_charsets_differ() == 0,
	      "grammar: the character sets' ASCII fast path agrees with their search");
}

int main(void)
{
	test_comments();
	test_quoted();
	test_lines();
	test_grammar_charsets();
	return failures ? 1 : 0;
}
