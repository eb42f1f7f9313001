// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel-dialect normalisation (see normalize.h): the entry point and the
 * character pass.  The pass walks the bytes once, stepping over comments,
 * literals and preprocessor lines (lexer.h), keeping the brace depth and a
 * stack of open parentheses with the identifier that called each; then a
 * token list of the result drives the second-stage rewrites: the
 * conditional groups (normalize_cond.c), then the others (refine_rest():
 * normalize_tokens.c, normalize_stmts.c), which normalize_late() can run
 * once the bodies the parse will not read are blanked.  Every rewrite
 * replaces bytes in place and never changes a newline, so positions stay
 * exact.  Each pass is linear in the file (nested groups are stepped over
 * by their matching bracket), so hostile input costs no more than
 * ordinary code.
 */
#include "normalize_int.h"
#include "lexer.h"
#include "kbflags.h"
#include "ppenv.h"

#include <stdio.h>

/* Offset just past the parenthesis matching the '(' at i, or n. */
static size_t match_paren(const char *t, size_t n, size_t i)
{
	int depth = 0;
	for (; i < n; i++) {
		char c = t[i];
		if (c == '"' || c == '\'') {
			/* here a raw newline does not end a literal */
			i = lex_quoted(t, n, i, LEX_MULTILINE) - 1;	/* the loop steps on */
		} else if (c == '(') {
			depth++;
		} else if (c == ')') {
			if (--depth == 0)
				return i + 1;
		} else if (c == '{' || c == '}' || c == ';') {
			return n;	/* not a macro argument list */
		}
	}
	return n;
}

/*
 * An unknown `__word` (not in the lists above) that stands right before a
 * tag keyword or a basic type keyword on the same line: `static const
 * __net_initconst struct t x[] = {`, `static __async_inline struct d *f(`.
 * A type name there would make a second type, which no declaration has,
 * and those keywords cannot be names, so the word is an annotation macro.
 * Left in, the grammar reads it as the type and loses the declaration.
 * `const` and `volatile` do not count: `__u32 const x;` is a type.
 */
static bool annotation_before_type(const char *t, size_t n, const char *w, size_t len,
				   size_t e)
{
	static const char *const follow[] = {
		"struct", "union", "enum", "char", "int", "long", "short", "signed",
		"unsigned", "void", "float", "double", "_Bool",
	};
	if (len < 3 || w[0] != '_' || w[1] != '_' || norm_word_class(w, len))
		return false;
	size_t a = e;
	while (a < n && (t[a] == ' ' || t[a] == '\t'))
		a++;
	if (a == e)
		return false;
	size_t b = a;
	while (b < n && is_ident((unsigned char)t[b]))
		b++;
	return b > a && in_list(follow, ARRAY_SIZE(follow), t + a, b - a);
}

static bool is_iterator(const char *s, size_t n)
{
	static const char *const walks[] = {
		"skb_queue_walk", "skb_queue_walk_safe", "skb_queue_walk_from",
		"skb_queue_walk_from_safe", "skb_queue_reverse_walk",
		"skb_queue_reverse_walk_safe", "skb_rbtree_walk", "skb_rbtree_walk_from",
		"skb_list_walk_safe", "skb_walk_frags", "nla_for_each_attr",
		"nla_for_each_nested", "rbtree_postorder_for_each_entry_safe",
		"llist_for_each_entry", "llist_for_each_entry_safe",
	};
	if (in_list(walks, ARRAY_SIZE(walks), s, n))
		return true;
	/*
	 * for_each_*, *_foreach, FOR_EACH_*, for_all_*, with_*(...), scoped_guard;
	 * while_each_* ends a `do_each_*(...) { ... }` loop (while_each_thread)
	 */
	static const char *const parts[] = {
		"for_each", "foreach", "FOR_EACH", "FOREACH", "for_all_", "while_each",
	};
	for (size_t k = 0; k < ARRAY_SIZE(parts); k++) {
		size_t m = strlen(parts[k]);
		for (size_t i = 0; i + m <= n; i++)
			if (memcmp(s + i, parts[k], m) == 0)
				return true;
	}
	return (n > 5 && !memcmp(s, "with_", 5)) || (n >= 12 && !memcmp(s, "scoped_guard", 12)) ||
	       (n >= 17 && !memcmp(s, "scoped_cond_guard", 17));
}

/*
 * `#define` lines the grammar cannot read, in [a, e): a comment with more
 * of the definition after it (`{ 0, BASE_BAUD }, /+ ttyS0 +/ \` then a
 * continuation line) ends the grammar's definition there, so it is
 * blanked; a GNU named variadic parameter `args...` becomes `args   `.
 */
static void fix_define(char *t, size_t a, size_t e)
{
	size_t i = a + 1;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (e - i < 7 || memcmp(t + i, "define", 6) != 0 || is_ident((unsigned char)t[i + 6]))
		return;
	i += 6;
	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	while (i < e && is_ident((unsigned char)t[i]))
		i++;
	if (i < e && t[i] == '(') {
		for (; i < e && t[i] != ')' && t[i] != '\n'; i++)
			if (i + 3 <= e && !memcmp(t + i, "...", 3) && is_ident((unsigned char)t[i - 1]))
				blank(t, i, i + 3);
	}
	for (; i + 1 < e; i++) {
		if (t[i] == '"' || t[i] == '\'') {
			i = lex_quoted(t, e, i, 0) - 1;	/* the loop steps on */
		} else if (lex_comment_at(t, e, i) == '*') {
			size_t c = lex_comment_close(t, e, i + 2);
			if (c >= e)
				return;
			size_t ce = c + 2, x = ce;
			while (x < e && (t[x] == ' ' || t[x] == '\t'))
				x++;
			if (!memchr(t + i, '\n', ce - i) && x < e && t[x] != '\n')
				blank(t, i, ce);
			i = ce - 1;
		}
	}
}

/*
 * `} while_each_thread(g, t);`: the iterator at s (n bytes) closes a
 * `do { ... }` loop (do_each_thread opens it), so it is the loop's `while`
 * although no body follows.
 */
static bool do_tail(const char *t, size_t s, size_t n)
{
	static const char part[] = "while_each";
	size_t m = sizeof(part) - 1;
	bool named = false;
	for (size_t i = 0; i + m <= n && !named; i++)
		named = memcmp(t + s + i, part, m) == 0;
	while (s > 0 && (t[s - 1] == ' ' || t[s - 1] == '\t' || t[s - 1] == '\n'))
		s--;
	return named && s > 0 && t[s - 1] == '}';
}

/*
 * SYSCALL_DEFINEn(name, t1, a1, ...) { at top level: rewrite in place to
 * `long sys_name(t1  a1, ...)` (the prefix is "sys_", "compat_sys_", or ""
 * for BPF_CALL_n).  `at` is the macro name's offset, `mlen` its length.
 * Returns true when rewritten.
 */
static bool rewrite_syscall(char *t, size_t n, size_t at, size_t mlen, const char *prefix)
{
	size_t open = lex_skip_space(t, n, at + mlen);
	if (open >= n || t[open] != '(')
		return false;
	size_t close = match_paren(t, n, open);
	if (close >= n)
		return false;
	size_t after = lex_skip_space(t, n, close);
	if (after >= n || t[after] != '{')
		return false;
	/* split the arguments at top-level commas */
	size_t commas[16];
	size_t nc = 0;
	int depth = 0;
	for (size_t i = open + 1; i < close - 1; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')')
			depth--;
		else if (t[i] == ',' && depth == 0) {
			if (nc == ARRAY_SIZE(commas))
				return false;
			commas[nc++] = i;
		}
	}
	size_t name_a = lex_skip_space(t, n, open + 1);
	size_t name_b = name_a;
	while (name_b < close && is_ident(t[name_b]))
		name_b++;
	if (name_b == name_a)
		return false;
	/* args after the name come in (type, name) pairs */
	if (nc % 2 != 0)
		return false;
	size_t span_end = nc ? commas[0] + 1 : close - 1;	/* replaced bytes */
	char head[160];
	int len = snprintf(head, sizeof(head), "long %s%.*s(%s", prefix,
			   (int)(name_b - name_a), t + name_a, nc ? "" : "void");
	if (len < 0 || (size_t)len > span_end - at)
		return false;
	for (size_t i = at; i < span_end; i++)
		if (t[i] == '\n')
			return false;
	memcpy(t + at, head, (size_t)len);
	blank(t, at + (size_t)len, span_end);
	for (size_t k = 1; k < nc; k += 2)
		t[commas[k]] = ' ';
	return true;
}

struct paren {
	size_t open;		/* offset of '(' */
	size_t callee;		/* offset of the identifier before it, or SIZE_MAX */
	size_t callee_len;
	size_t arg_start;	/* start of the current argument */
	bool in_body;		/* opened inside a brace */
	bool from_brace;	/* a brace argument rewritten to '(' (its '}' becomes ')') */
};

/* A type passed as one argument of a macro call: make it the identifier `_`. */
static void end_argument(char *t, const struct paren *p, size_t end)
{
	if (!p->in_body || p->callee == SIZE_MAX)
		return;
	if (norm_word_class(t + p->callee, p->callee_len) & W_TYPE_OK)
		return;
	if (!norm_looks_like_type(t, p->arg_start, end))
		return;
	size_t a = p->arg_start;
	while (a < end && isspace((unsigned char)t[a]))
		a++;
	t[a] = '_';
	blank(t, a + 1, end);
}

/* The rewrites after the conditional groups, on tokens of t (tl, or
 * read afresh when tl is NULL). */
static void refine_rest(char *t, size_t n, tok_list *tl)
{
	tok_list own = {0};
	if (!tl) {
		norm_tokenize(t, n, &own);
		tl = &own;
	}
	norm_fix_expressions(t, tl);
	norm_fix_statements(t, tl);
	VEC_FREE(own);
}

/* The character pass and the conditional groups; *toks (when not NULL)
 * takes the tokens of the result, else they are dropped. */
static void normalize_first(struct source *src, tok_list *toks);

void normalize(struct source *src)
{
	tok_list tl = {0};
	normalize_first(src, &tl);
	refine_rest(src->text, src->len, &tl);
	VEC_FREE(tl);
}

void normalize_early(struct source *src)
{
	normalize_first(src, NULL);
}

void normalize_late(char *t, size_t n)
{
	refine_rest(t, n, NULL);
}

static void normalize_first(struct source *src, tok_list *toks)
{
	size_t n = src->len;
	char *t = xmalloc(n + 1);
	memcpy(t, src->raw, n + 1);
	src->text = t;
	/* the arms the environment, the literals or the file's own
	 * #defines decide (ppenv.h) */
	norm_decide_conditionals(t, n, kbflags_for(src->path));

	VEC(struct paren) parens = {0};
	VEC(size_t) braces = {0};	/* per open brace: parens.n when it opened */
	struct ppdepth pd = {0};
	int32_t brace = 0, pp_paren = 0;
	size_t groups = 0;	/* conditional groups (#if, #ifdef, #ifndef) */
	bool line_start = true;
	size_t i = 0;
	while (i < n) {
		char c = t[i];
		if (c == '\n') {
			line_start = true;
			i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '#' && line_start) {
			/* preprocessor line, with continuations; comments inside it */
			size_t pa = i;
			i = lex_line_end(t, n, i, LEX_BLOCK_COMMENTS);
			char kind = norm_pp_kind(t, pa, i);
			groups += kind == 'i';
			norm_pp_track(&pd, kind, t, pa, i, &brace, &pp_paren, NULL, NULL);
			fix_define(t, pa, i);
			continue;
		}
		line_start = false;
		if (lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (c == '"' || c == '\'') {
			i = lex_quoted(t, n, i, 0);
			continue;
		}
		if (is_ident_start((unsigned char)c)) {
			size_t a = i;
			while (i < n && is_ident((unsigned char)t[i]))
				i++;
			size_t len = i - a;
			const char *w = t + a;
			unsigned wc = norm_word_class(w, len);
			size_t pb = a;
			while (pb > 0 && (t[pb - 1] == ' ' || t[pb - 1] == '\t' || t[pb - 1] == '\n'))
				pb--;
			bool member = pb > 0 && (t[pb - 1] == '.' || (t[pb - 1] == '>' && pb > 1 && t[pb - 2] == '-'));
			if (member) {
				/* `state.noinstr`: a field that shares an annotation's name */
			} else if (wc & W_BARE) {
				if (len == 6 && memcmp(w, "__user", 6) == 0)
					VEC_PUSH(src->user_marks, (uint32_t)a);
				blank(t, a, i);
			} else if (annotation_before_type(t, n, w, len, i)) {
				blank(t, a, i);
			} else if (wc & W_CALL) {
				size_t o = lex_skip_space(t, n, i);
				size_t e = (o < n && t[o] == '(') ? match_paren(t, n, o) : i;
				blank(t, a, e < n ? e : i);
				i = e < n ? e : i;
			} else if (brace == 0 && len == 15 && memcmp(w, "SYSCALL_DEFINE", 14) == 0 &&
				   isdigit((unsigned char)w[14])) {
				rewrite_syscall(t, n, a, len, "sys_");
			} else if (brace == 0 && len == 22 &&
				   memcmp(w, "COMPAT_SYSCALL_DEFINE", 21) == 0 &&
				   isdigit((unsigned char)w[21])) {
				rewrite_syscall(t, n, a, len, "compat_sys_");
			} else if (brace == 0 && len == 10 && memcmp(w, "BPF_CALL_", 9) == 0 &&
				   isdigit((unsigned char)w[9])) {
				/* BPF_CALL_2(name, t1, a1, t2, a2) { : a BPF helper */
				rewrite_syscall(t, n, a, len, "");
			}
			continue;
		}
		if (c == '{' && parens.n > (braces.n ? braces.v[braces.n - 1] : 0)) {
			/* a brace group as a macro's argument, `FOO(a, { x, y })` (DMI
			 * tables, quirk lists): not C, and tree-sitter's recovery can
			 * lose the whole file to it; parenthesised it is an expression
			 * (`{}` becomes `0`).  Only after a comma: `({` opens a
			 * statement expression, `){` a compound literal or a body. */
			size_t pv = i;
			while (pv > 0 && (t[pv - 1] == ' ' || t[pv - 1] == '\t' || t[pv - 1] == '\n'))
				pv--;
			if (pv > 0 && t[pv - 1] == ',') {
				size_t nx = lex_skip_space(t, n, i + 1);
				if (nx < n && t[nx] == '}') {
					t[i] = '0';
					t[nx] = ' ';
					i = nx + 1;
					continue;
				}
				t[i] = '(';
				struct paren p = { .open = i, .callee = SIZE_MAX, .arg_start = i + 1,
						   .in_body = brace > 0, .from_brace = true };
				VEC_PUSH(parens, p);
				i++;
				continue;
			}
		}
		if (c == '}' && parens.n && parens.v[parens.n - 1].from_brace) {
			t[i] = ')';
			c = ')';
		}
		switch (c) {
		case '{':
			brace++;
			VEC_PUSH(braces, parens.n);
			break;
		case '}':
			if (brace > 0)
				brace--;
			if (braces.n)
				braces.n--;
			break;
		case '(': {
			struct paren p = { .open = i, .callee = SIZE_MAX, .arg_start = i + 1,
					   .in_body = brace > 0 };
			size_t k = i;
			while (k > 0 && (t[k - 1] == ' ' || t[k - 1] == '\t' || t[k - 1] == '\n'))
				k--;
			size_t e = k;
			while (k > 0 && is_ident((unsigned char)t[k - 1]))
				k--;
			if (k < e && is_ident_start((unsigned char)t[k])) {
				p.callee = k;
				p.callee_len = e - k;
			}
			VEC_PUSH(parens, p);
			break;
		}
		case ',':
			if (parens.n) {
				struct paren *p = &parens.v[parens.n - 1];
				end_argument(t, p, i);
				p->arg_start = i + 1;
			}
			break;
		case ')':
			if (parens.n) {
				struct paren p = parens.v[--parens.n];
				end_argument(t, &p, i);
				if (p.in_body && p.callee != SIZE_MAX &&
				    is_iterator(t + p.callee, p.callee_len)) {
					size_t nx = lex_skip_space(t, n, i + 1);
					/* a body follows: a block, a statement, `++n;`, `*p = 0;`
					 * (not `;`: `bus_for_each_dev(...);` is a call) */
					bool args = lex_skip_space(t, n, p.open + 1) < i;
					if (args && nx < n &&
					    (t[nx] == '{' || is_ident_start((unsigned char)t[nx]) ||
					     ((t[nx] == '+' || t[nx] == '-') && nx + 1 < n && t[nx + 1] == t[nx]) ||
					     t[nx] == '*' || t[nx] == '(' ||
					     (t[nx] == ';' && do_tail(t, p.callee, p.callee_len)))) {
						memcpy(t + p.callee, "while", 5);
						blank(t, p.callee + 5, p.callee + p.callee_len);
					}
				}
			}
			break;
		default:
			break;
		}
		i++;
	}
	VEC_FREE(parens);
	VEC_FREE(braces);
	norm_pp_release(&pd);
	if (!groups && !toks)
		return;	/* nothing for norm_fix_conditionals() to do */
	tok_list tl = {0};
	norm_tokenize(t, n, &tl);
	/* conditional groups first: the other rewrites then see one variant */
	if (norm_fix_conditionals(t, &tl) && toks) {
		tl.n = 0;
		norm_tokenize(t, n, &tl);
	}
	if (toks)
		*toks = tl;
	else
		VEC_FREE(tl);
}
