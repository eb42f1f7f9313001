// SPDX-License-Identifier: GPL-2.0
/*
 * What a header's declarations tell the checks (macros_int.h), read from
 * the braces of the text like the control macros, without a parse: the
 * enumerators with a negative value (a vendor status `gcvSTATUS_* = -1`,
 * CM_NEG), and the members of a struct or union declared as arrays
 * (CM_AFIELD, named "tag.member" and, after a typedef's closing brace,
 * "name.member").  An array member's value is an address inside the
 * object: `k.log_path` of a kernel copy of the user's struct is a kernel
 * address, whatever the user wrote into the copy.
 */
#include "macros_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lexer.h"

/* --- enumerators with a negative value ----------------------------------- */

void macros_push_neg(struct arena *a, ctl_macro_list *out, const char *name, size_t len)
{
	struct ctl_macro m = { .name = arena_strndup(a, name, len), .kind = CM_NEG };
	VEC_PUSH(*out, m);
}

/* The value of a constant expression v[0, n) when it is a plain number,
 * negated or not, maybe in parentheses or after a cast (`(-1)`,
 * `((gceSTATUS)-3)`): 1 and *val set, or 0.  `-EINVAL` (an errno) is
 * negative: 1 with *val -1. */
int macros_literal(const char *v, size_t n, long long *val)
{
	char b[64];
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		int c = lex_comment_at(v, n, i);
		if (c) {
			i = lex_comment(v, n, i, 0) - 1;
			continue;
		}
		if (isspace((unsigned char)v[i]) || v[i] == '\\')
			continue;
		if (k + 1 >= sizeof(b))
			return 0;
		b[k++] = v[i];
	}
	b[k] = '\0';
	char *s = b;
	for (int guard = 0; guard < 4 && *s == '('; guard++) {
		/* a cast `(T)`, or parentheses around the rest */
		char *close = strchr(s, ')');
		if (!close)
			return 0;
		bool ident = close > s + 1;
		for (char *q = s + 1; q < close; q++)
			ident &= ident_byte((unsigned char)*q);
		if (ident && close[1] && close[1] != ')') {
			s = close + 1;
			continue;
		}
		size_t l = strlen(s);
		if (s[l - 1] != ')')
			return 0;
		s[l - 1] = '\0';
		s++;
	}
	bool neg = *s == '-';
	if (neg)
		s++;
	if (neg && s[0] == 'E' && s[1] >= 'A' && s[1] <= 'Z') {
		for (char *q = s; *q; q++)
			if (!(isupper((unsigned char)*q) || isdigit((unsigned char)*q) || *q == '_'))
				return 0;
		*val = -1;
		return 1;
	}
	if (!isdigit((unsigned char)*s))
		return 0;
	char *end;
	long long x = strtoll(s, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	if (*end)
		return 0;
	*val = neg ? -x : x;
	return 1;
}

/* The enumerators of the enum body at t[i] (just after its `{`). */
static size_t enum_body(const char *t, size_t n, size_t i, struct arena *a, ctl_macro_list *out)
{
	/* only negative values are followed: a value without a '-' is not */
	bool known = false;
	long long next = 0;
	while (i < n) {
		i = lex_skip_space(t, n, i);
		if (i < n && t[i] == '#') {
			i = lex_line_end(t, n, i, LEX_BLOCK_COMMENTS);
			continue;
		}
		if (i >= n || t[i] == '}')
			return i;
		size_t s = i;
		while (i < n && ident_byte((unsigned char)t[i]))
			i++;
		if (i == s)
			return i;	/* not an enumerator list after all */
		size_t e = i;
		i = lex_skip_space(t, n, i);
		long long v = next;
		bool have = known;
		if (i < n && t[i] == '=') {
			size_t vs = ++i;
			int depth = 0;
			while (i < n && (depth || (t[i] != ',' && t[i] != '}'))) {
				if (lex_comment_at(t, n, i)) {
					i = lex_comment(t, n, i, 0);
					continue;
				}
				depth += t[i] == '(' ? 1 : t[i] == ')' ? -1 : 0;
				i++;
			}
			have = memchr(t + vs, '-', i - vs) && macros_literal(t + vs, i - vs, &v);
		}
		if (have && v < 0)
			macros_push_neg(a, out, t + s, e - s);
		known = have && v < -1;
		next = v + 1;
		i = lex_skip_space(t, n, i);
		if (i < n && t[i] == ',')
			i++;
	}
	return i;
}

/* Is t[0, k) ended by the word `enum`? */
/* --- struct and union members declared as arrays ------------------------ */

/* The word that ends at t[k) after blanks: its length, its start in *w. */
static size_t word_before(const char *t, size_t k, size_t *w)
{
	while (k && isspace((unsigned char)t[k - 1]))
		k--;
	size_t s = k;
	while (s && ident_byte((unsigned char)t[s - 1]))
		s--;
	*w = s;
	return k - s;
}

static bool is_kw(const char *t, size_t w, size_t l, const char *kw)
{
	return l == strlen(kw) && !memcmp(t + w, kw, l);
}

/* What opens the brace at t[j]: 'e' an enum body, 's' a struct or union
 * body (its tag in t[*tag, *tag + *tlen), *tlen 0 for none), else 0. */
static int brace_kind(const char *t, size_t j, size_t *tag, size_t *tlen)
{
	size_t w, l = word_before(t, j, &w);
	*tlen = 0;
	if (is_kw(t, w, l, "enum"))
		return 'e';
	if (is_kw(t, w, l, "struct") || is_kw(t, w, l, "union"))
		return 's';
	if (!l)
		return 0;
	size_t w2, l2 = word_before(t, w, &w2);
	if (is_kw(t, w2, l2, "enum"))
		return 'e';
	if (is_kw(t, w2, l2, "struct") || is_kw(t, w2, l2, "union")) {
		*tag = w;
		*tlen = l;
		return 's';
	}
	return 0;
}

struct span {
	size_t at, len;
};

typedef VEC(struct span) span_vec;

/* The array members among the declarators of the member declaration
 * t[s, e) (`char path[64], *name, tail[];`), into v; a declaration with
 * a parenthesis (a function pointer, a macro) gives none. */
static void member_arrays(const char *t, size_t s, size_t e, span_vec *v)
{
	if (memchr(t + s, '(', e - s))
		return;
	size_t ds = s;
	int depth = 0;
	for (size_t i = s; i <= e; i++) {
		char c = i < e ? t[i] : ',';
		if (c == '[' && !depth++) {
			size_t w, l = word_before(t, i, &w);
			if (l && w >= ds && !isdigit((unsigned char)t[w]))
				VEC_PUSH(*v, ((struct span){ w, l }));
		} else if (c == ']' && depth) {
			depth--;
		} else if (c == ',' && !depth) {
			ds = i + 1;
		}
	}
}

static void push_fields(const char *t, size_t tag, size_t tlen, const struct span *v, size_t n,
			struct arena *a, ctl_macro_list *out)
{
	for (size_t i = 0; i < n; i++) {
		char *k = arena_alloc(a, tlen + 1 + v[i].len + 1);
		memcpy(k, t + tag, tlen);
		k[tlen] = '.';
		memcpy(k + tlen + 1, t + v[i].at, v[i].len);
		k[tlen + 1 + v[i].len] = 0;
		VEC_PUSH(*out, ((struct ctl_macro){ .name = k, .kind = CM_AFIELD }));
	}
}

/* The struct or union body at t[i] (just after its `{`): its array
 * members, under its tag and the name a typedef gives it after the
 * closing brace; returns where the body ends. */
static size_t struct_body(const char *t, size_t n, size_t i, size_t tag, size_t tlen,
			  struct arena *a, ctl_macro_list *out)
{
	span_vec v = {0};
	int depth = 1;
	size_t s = i;
	bool line_start = false;
	while (i < n && depth) {
		char c = t[i];
		if (lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (c == '"' || c == '\'') {
			i = lex_quoted(t, n, i, 0);
			continue;
		}
		if (c == '#' && line_start) {
			i = lex_line_end(t, n, i, LEX_BLOCK_COMMENTS);
			s = i;
			continue;
		}
		if (c == '\n')
			line_start = true;
		else if (!isspace((unsigned char)c))
			line_start = false;
		if (c == '{') {
			depth++;
			s = i + 1;
		} else if (c == '}') {
			depth--;
			s = i + 1;
		} else if (c == ';') {
			member_arrays(t, s, i, &v);
			s = i + 1;
		}
		i++;
	}
	if (v.n) {
		if (tlen)
			push_fields(t, tag, tlen, v.v, v.n, a, out);
		size_t k = lex_skip_space(t, n, i), w = k;
		while (k < n && ident_byte((unsigned char)t[k]))
			k++;
		if (k > w && lex_skip_space(t, n, k) < n && t[lex_skip_space(t, n, k)] == ';')
			push_fields(t, w, k - w, v.v, v.n, a, out);
	}
	VEC_FREE(v);
	return i;
}

/* --- magic-number sanity tests ----------------------------------------- */

/* Does squeezed test t hold a magic-number sanity test, `->magic!=CONST`
 * (a field whose name holds "magic" against a constant: a number, or a
 * name without lower-case letters or holding "MAGIC")? */
bool macros_magic_mismatch(const char *t)
{
	for (const char *p = t; p && (p = strstr(p, "->")); p += 2) {
		const char *f = p + 2, *e = f;
		while (ident_byte((unsigned char)*e))
			e++;
		bool magic = false;
		for (const char *q = f; q + 5 <= e && !magic; q++)
			magic = !strncasecmp(q, "magic", 5);
		while (*e == ')')
			e++;
		if (!magic || strncmp(e, "!=", 2))
			continue;
		const char *c = e + 2, *ce = c;
		bool lower = false;
		while (ident_byte((unsigned char)*ce))
			lower |= islower((unsigned char)*ce++);
		if (ce > c && (isdigit((unsigned char)*c) || !lower ||
			       (strstr(c, "MAGIC") && strstr(c, "MAGIC") < ce)))
			return true;
	}
	return false;
}

/* --- where a header speaks ---------------------------------------------- */

/* The X of path's `arch/X/` (its last such part), in a, or NULL. */
const char *macros_path_arch(const char *path, struct arena *a)
{
	const char *x = NULL;
	for (const char *p = path; (p = strstr(p, "arch/")); p += 5)
		if (p == path || p[-1] == '/')
			x = p + 5;
	const char *e = x ? strchr(x, '/') : NULL;
	return e && e > x ? arena_strndup(a, x, (size_t)(e - x)) : NULL;
}

void macros_scope_arch(ctl_macro_list *l, size_t from, const char *path, struct arena *a)
{
	const char *x = NULL;
	bool looked = false;
	for (size_t i = from; i < l->n; i++) {
		if (l->v[i].kind != CM_NORET)
			continue;
		if (!looked) {
			x = macros_path_arch(path, a);
			looked = true;
		}
		l->v[i].arg = x;
	}
}

/* --- functions declared never to return ---------------------------------- */

/* Is t[at, at + l) a word that marks a declaration noreturn: the kernel's
 * `__noreturn`, old kernels' `ATTRIB_NORET`/`NORET_TYPE`/`NORET_AND`, C11's
 * `_Noreturn`, or GCC's `noreturn`/`__noreturn__` inside an attribute? */
static bool noret_word(const char *t, size_t at, size_t l)
{
	static const char *const words[] = { "__noreturn", "ATTRIB_NORET", "NORET_TYPE",
					     "NORET_AND", "_Noreturn" };
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (l == strlen(words[i]) && !memcmp(t + at, words[i], l))
			return true;
	if (!((l == 8 && !memcmp(t + at, "noreturn", 8)) ||
	      (l == 12 && !memcmp(t + at, "__noreturn__", 12))))
		return false;
	size_t k = at;
	while (k && (t[k - 1] == ' ' || t[k - 1] == '\t'))
		k--;
	return k && (t[k - 1] == '(' || t[k - 1] == ',');
}

/* The function the declaration around the marker at t[at] declares: the
 * last name at parenthesis depth 0 followed by `(` (not an attribute's,
 * `__printf(1, 2) __noreturn void panic(...)`), between the end of the
 * previous declaration and the next `;` or `{`; a declaration that is a
 * preprocessor line (`#define __noreturn ...`), holds a comment or a `=`,
 * gives none. */
static void noret_decl(const char *t, size_t n, size_t at, struct arena *a, ctl_macro_list *out)
{
	size_t s = at;
	while (s && at - s <= 4096 && t[s - 1] != ';' && t[s - 1] != '}' && t[s - 1] != '{')
		s--;
	if (at - s > 4096)
		return;	/* (a declaration is never that long: each marker costs little) */
	/* after the last comment and the last preprocessor line before it */
	for (size_t i = s; i < at; i++) {
		if (lex_comment_at(t, n, i)) {
			size_t ce = lex_comment(t, n, i, 0);
			if (ce > at)
				return;
			s = ce;
			i = ce - 1;
			continue;
		}
		if (i != s && t[i - 1] != '\n')
			continue;
		size_t k = i;
		while (k < at && (t[k] == ' ' || t[k] == '\t'))
			k++;
		if (k < at && t[k] == '#') {
			size_t le = lex_line_end(t, n, k, LEX_BLOCK_COMMENTS);
			if (le > at)
				return;
			s = le;
			i = le ? le - 1 : le;
		}
	}
	size_t e = at;
	while (e < n && e - at <= 4096 && t[e] != ';' && t[e] != '{' && t[e] != '}')
		e++;
	if (e >= n || e - at > 4096)
		return;
	for (size_t i = s; i < e; i++) {
		if (t[i] == '#' || t[i] == '=' || (t[i] == '/' && (t[i + 1] == '*' || t[i + 1] == '/')))
			return;
	}
	size_t best = 0, blen = 0;
	int depth = 0;
	for (size_t i = s; i < e; i++) {
		if (t[i] == ')') {
			depth--;
			continue;
		}
		if (t[i] != '(')
			continue;
		if (!depth++) {
			size_t k = i;
			while (k > s && isspace((unsigned char)t[k - 1]))
				k--;
			size_t w, l = word_before(t, k, &w);
			if (l && w >= s && !isdigit((unsigned char)t[w]) &&
			    !(l >= 13 && !memcmp(t + w, "__attribute", 11)) &&
			    !noret_word(t, w, l)) {
				best = w;
				blen = l;
			}
		}
	}
	if (!blen || (blen >= 11 && !memcmp(t + best, "__attribute", 11)))
		return;
	struct ctl_macro m = { .name = arena_strndup(a, t + best, blen), .kind = CM_NORET };
	VEC_PUSH(*out, m);
}

/* The functions text declares or defines as never returning (CM_NORET):
 * mips's `extern NORET_TYPE void die(const char *, struct pt_regs *)
 * ATTRIB_NORET;`, `void __noreturn do_exit(long code)`. */
static void noreturn_scan(const char *t, size_t n, struct arena *a, ctl_macro_list *out)
{
	static const char *const keys[] = { "noreturn", "NORET", "_Noreturn" };
	for (size_t k = 0; k < ARRAY_SIZE(keys); k++) {
		size_t kl = strlen(keys[k]);
		for (const char *p = t; (p = memmem(p, (size_t)(t + n - p), keys[k], kl)); p += kl) {
			size_t i = (size_t)(p - t), w = i;
			while (w && ident_byte((unsigned char)t[w - 1]))
				w--;
			size_t e = i;
			while (e < n && ident_byte((unsigned char)t[e]))
				e++;
			if (noret_word(t, w, e - w))
				noret_decl(t, n, w, a, out);
			p = t + e - kl;
		}
	}
}

/* Every brace of text that opens an enum or a struct or union body.
 * Found from the braces (memchr), looking back for the keyword: a search
 * for the word itself costs as much as the rest of the macro scan. */
void macros_decls_scan(const char *t, size_t n, struct arena *a, ctl_macro_list *out)
{
	const char *p = t, *end = t + n;
	while ((p = memchr(p, '{', (size_t)(end - p)))) {
		size_t j = (size_t)(p - t), tag = 0, tlen = 0;
		p++;
		int k = brace_kind(t, j, &tag, &tlen);
		if (k == 'e')
			p = t + enum_body(t, n, j + 1, a, out);
		else if (k == 's')	/* (and on inside it: its nested bodies) */
			struct_body(t, n, j + 1, tag, tlen, a, out);
	}
	noreturn_scan(t, n, a, out);
}
