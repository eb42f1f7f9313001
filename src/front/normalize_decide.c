// SPDX-License-Identifier: GPL-2.0
/*
 * Conditional groups decided before normalisation (normalize_int.h): the
 * arms the environment (-D, -include: ppenv.h), the Makefile's flags
 * (kbflags.h), the literals or the file's own #defines rule out, blanked
 * as the compiler would drop them.
 */
#include "normalize_int.h"
#include "kbflags.h"
#include "lexer.h"
#include "ppenv.h"

/*
 * With a preprocessor environment (-D, -include, -I: ppenv.h), the arms of
 * a conditional group that would not be compiled are blanked, and so are
 * the group's directives, when the conditions up to the live arm are all
 * decided.  When the first arms are decided false and a later condition is
 * not, those arms go and the first undecided `#elif` becomes `#  if`.
 */
#define PP_DECIDE_ARMS 64

struct pp_arm {
	size_t dir_a, dir_e;	/* the directive line(s) */
	int val;		/* 1 compiled, 0 not, -1 not known */
};

struct pp_group {
	struct pp_arm arm[PP_DECIDE_ARMS];
	int n;
	bool overflow;
};

static void blank_keep_lines(char *t, size_t a, size_t e)
{
	for (size_t i = a; i < e; i++)
		if (t[i] != '\n')
			t[i] = ' ';
}

/* Is the directive at t[a, e) `#else`? */
static bool pp_is_else(const char *t, size_t a, size_t e)
{
	while (a < e && (t[a] == ' ' || t[a] == '\t' || t[a] == '#'))
		a++;
	return e - a >= 4 && !memcmp(t + a, "else", 4) &&
	       (e - a == 4 || !is_ident((unsigned char)t[a + 4]));
}

static void pp_close(char *t, struct pp_group *g, size_t endif_a, size_t endif_e)
{
	if (g->overflow || !g->n)
		return;
	int live = -1, first_unknown = -1;
	for (int k = 0; k < g->n; k++) {
		if (g->arm[k].val == 1) {
			live = k;
			break;
		}
		if (g->arm[k].val < 0) {
			first_unknown = k;
			break;
		}
	}
	/* after an undecided arm: one decided false is never compiled, and
	 * one decided true is what is left when the arms before it fail
	 * (`#if defined(MT6620) ... #elif defined(MT5931)` with -DMT5931:
	 * an `#else`), the arms after it never compiled */
	for (int k = first_unknown + 1; first_unknown >= 0 && k < g->n; k++) {
		size_t body_e = k + 1 < g->n ? g->arm[k + 1].dir_a : endif_a;
		if (g->arm[k].val == 0) {
			blank_keep_lines(t, g->arm[k].dir_a, body_e);
		} else if (g->arm[k].val == 1) {
			if (!pp_is_else(t, g->arm[k].dir_a, g->arm[k].dir_e)) {
				blank_keep_lines(t, g->arm[k].dir_a, g->arm[k].dir_e);
				memcpy(t + g->arm[k].dir_a, "#else", 5);
			}
			blank_keep_lines(t, body_e, endif_a);
			break;
		}
	}
	if (first_unknown == 0)
		return;
	int upto = first_unknown > 0 ? first_unknown : g->n;
	for (int k = 0; k < upto || (first_unknown < 0 && k < g->n); k++) {
		size_t body_e = k + 1 < g->n ? g->arm[k + 1].dir_a : endif_a;
		blank_keep_lines(t, g->arm[k].dir_a, g->arm[k].dir_e);
		if (k != live)
			blank_keep_lines(t, g->arm[k].dir_e, body_e);
	}
	if (first_unknown > 0) {
		/* `#elif X` → `#  if X` */
		char *el = memmem(t + g->arm[first_unknown].dir_a,
				  g->arm[first_unknown].dir_e - g->arm[first_unknown].dir_a, "el", 2);
		if (el)
			el[0] = el[1] = ' ';
		return;
	}
	blank_keep_lines(t, endif_a, endif_e);
}

/* Is the current arm of g compiled: 1 yes, 0 no, -1 not known. */
static int pp_arm_live(const struct pp_group *g)
{
	if (g->overflow || !g->n)
		return -1;
	int all_false = 1;
	for (int k = 0; k + 1 < g->n; k++) {
		if (g->arm[k].val == 1)
			return 0;
		if (g->arm[k].val != 0)
			all_false = 0;
	}
	int v = g->arm[g->n - 1].val;
	return v == 0 ? 0 : v == 1 && all_false ? 1 : -1;
}

/* The name after a directive's keyword, t[k, e) past blanks: its start in
 * *a, its end returned (*a when there is none). */
static size_t directive_name(const char *t, size_t k, size_t e, size_t *a)
{
	while (k < e && (t[k] == ' ' || t[k] == '\t'))
		k++;
	*a = k;
	while (k < e && is_ident((unsigned char)t[k]))
		k++;
	return k;
}

/* `#define NAME ...` / `#undef NAME` at [k, e) (after the keyword), in a
 * region whose arms are all compiled (live 1) or not known (-1). */
static void pp_local_line(struct pp_local *loc, const char *t, size_t k, size_t e, bool define,
			  int live)
{
	size_t a, b = directive_name(t, k, e, &a);
	if (b == a || (t[a] >= '0' && t[a] <= '9'))
		return;
	if (live < 0)
		pp_local_unknown(loc, t + a, b - a);
	else if (!define)
		pp_local_undef(loc, t + a, b - a);
	else
		pp_local_define(loc, t + a, b - a, t + b, e - b, b < e && t[b] == '(');
}

/* Is every enclosing arm compiled?  1 yes, 0 one is not, -1 not known. */
static int arms_live(const struct pp_group *st, size_t n)
{
	int live = 1;
	for (size_t g = 0; g < n && live; g++) {
		int v = pp_arm_live(&st[g]);
		live = v == 0 ? 0 : v < 0 ? -1 : live;
	}
	return live;
}

/* A line t[p, le) that is a commented-out definition, `//#define NAME`
 * or the same in a block comment: NAME's length, its start in *name;
 * else 0. */
static size_t commented_define(const char *t, size_t p, size_t le, size_t *name)
{
	if (p + 1 >= le || t[p] != '/' || (t[p + 1] != '/' && t[p + 1] != '*'))
		return 0;
	size_t k = p + 2;
	while (k < le && (t[k] == ' ' || t[k] == '\t'))
		k++;
	if (k >= le || t[k] != '#')
		return 0;
	k++;
	while (k < le && (t[k] == ' ' || t[k] == '\t'))
		k++;
	if (le - k < 7 || memcmp(t + k, "define", 6) || (t[k + 6] != ' ' && t[k + 6] != '\t'))
		return 0;
	k += 7;
	while (k < le && (t[k] == ' ' || t[k] == '\t'))
		k++;
	size_t a = k;
	while (k < le && is_ident((unsigned char)t[k]))
		k++;
	if (k == a || (t[a] >= '0' && t[a] <= '9'))
		return 0;
	*name = a;
	return k - a;
}

/* Is there a `#` followed (after blanks) by `if` anywhere in t[0, n)?
 * Without one no group opens (most files: read at memchr()'s pace). */
static bool any_if(const char *t, size_t n)
{
	for (const char *p = t, *end = t + n; (p = memchr(p, '#', (size_t)(end - p)));) {
		p++;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (end - p >= 2 && p[0] == 'i' && p[1] == 'f')
			return true;
	}
	return false;
}

void norm_decide_conditionals(char *t, size_t n, const struct kbflags *kb)
{
	if (!any_if(t, n))
		return;
	VEC(struct pp_group) st = {0};
	struct pp_local *loc = pp_local_new();
	/* the Makefile's -D and -U, as if on the command line, where the
	 * command line says nothing of the name */
	for (size_t i = 0; kb && i < kb->n; i++) {
		const struct kb_define *d = &kb->v[i];
		size_t len = strlen(d->name);
		if (ppenv_defined(NULL, d->name, len) >= 0)
			continue;
		if (d->state == KB_DEF)
			pp_local_define(loc, d->name, len, d->value, strlen(d->value), false);
		else if (d->state == KB_UNDEF)
			pp_local_undef(loc, d->name, len);
		else
			pp_local_unknown(loc, d->name, len);
	}
	bool in_comment = false;
	size_t i = 0;
	while (i < n) {
		size_t ls = i, le = i;
		while (le < n && t[le] != '\n')
			le++;
		size_t p = ls;
		while (p < le && (t[p] == ' ' || t[p] == '\t'))
			p++;
		bool directive = !in_comment && p < le && t[p] == '#';
		size_t cname, clen = in_comment ? 0 : commented_define(t, p, le, &cname);
		if (clen && arms_live(st.v, st.n) == 1)
			pp_local_off(loc, t + cname, clen);
		/* with its continuation lines (comments do not hide a newline here) */
		size_t e = directive ? lex_line_end(t, n, p, 0) : le;
		/* block comments opened on this stretch (a `#` line inside one
		 * is no directive); in a directive `//` is text, so a `/+`
		 * after it still opens a comment */
		for (size_t q = ls; q + 1 < e; q++) {
			int cm = in_comment ? 0 : lex_comment_at(t, e, q);
			if (in_comment || cm == '*') {
				size_t c = lex_comment_close(t, e, in_comment ? q : q + 2);
				in_comment = c >= e;
				q = in_comment ? e : c + 1;
			} else if (cm == '/' && !directive) {
				break;
			} else if (t[q] == '"' || t[q] == '\'') {
				q = lex_quoted(t, e, q, LEX_MULTILINE) - 1;	/* the loop steps on */
			}
		}
		if (directive) {
			size_t k = p + 1;
			while (k < e && (t[k] == ' ' || t[k] == '\t'))
				k++;
			size_t w = k;
			while (k < e && is_ident((unsigned char)t[k]))
				k++;
			const char *kw = t + w;
			size_t kl = k - w;
#define KW(s) (kl == sizeof(s) - 1 && !memcmp(kw, s, kl))
			int val = -2;
			if (KW("define") || KW("undef") || KW("include")) {
				/* where the compiler reads it: every enclosing arm */
				int live = arms_live(st.v, st.n);
				if (live && KW("include"))
					pp_local_include(loc);
				else if (live)
					pp_local_line(loc, t, k, e, KW("define"), live);
			} else if (KW("if") || KW("elif")) {
				val = ppenv_eval(loc, t + k, e - k);
			} else if (KW("ifdef") || KW("ifndef") || KW("elifdef") || KW("elifndef")) {
				size_t a, b = directive_name(t, k, e, &a);
				val = b > a ? ppenv_defined(loc, t + a, b - a) : -1;
				if (val >= 0 && (KW("ifndef") || KW("elifndef")))
					val = !val;
			} else if (KW("else")) {
				val = 1;
			} else if (KW("error") && st.n && st.v[st.n - 1].n &&
				   !st.v[st.n - 1].overflow) {
				/* no build that compiles this arm succeeds: `#if (A - B)
				 * != 15 / #error ... / #endif` (drxk) is no path */
				struct pp_group *g = &st.v[st.n - 1];
				g->arm[g->n - 1].val = 0;
			}
			if (KW("if") || KW("ifdef") || KW("ifndef"))
				VEC_PUSH(st, ((struct pp_group){ .n = 0 }));
			if (val != -2 && st.n) {
				struct pp_group *g = &st.v[st.n - 1];
				if (g->n == PP_DECIDE_ARMS)
					g->overflow = true;
				else
					g->arm[g->n++] = (struct pp_arm){ ls, e, val };
			} else if (KW("endif") && st.n) {
				pp_close(t, &st.v[st.n - 1], ls, e);
				st.n--;
			}
#undef KW
		}
		i = e < n ? e + 1 : n;
	}
	VEC_FREE(st);
	pp_local_free(loc);
}
