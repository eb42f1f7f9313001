// SPDX-License-Identifier: GPL-2.0
/*
 * Normalisation's rewrites of declarations and statements on the token
 * list (normalize_int.h): macros used as a declaration's type, storage
 * and attribute macros in function heads and parameters, macro calls and
 * bare macro words with no ';', macros taking statements, table macros,
 * `define_machine`/`MACHINE_START`, late attributes.  Each respells a
 * kernel idiom the C grammar cannot read in the same bytes, without
 * hiding control flow, calls, returns or gotos.
 */
#include "normalize_int.h"
#include "lexer.h"

/* Is token i the first of a statement inside a function body? */
static bool stmt_start(const char *t, const tok_list *tl, size_t i)
{
	if (tl->v[i].brace == 0)
		return false;
	size_t p = prev_tok(tl, i);
	if (p == SIZE_MAX)
		return false;
	const struct tok *k = &tl->v[p];
	if (k->k == K_P && k->c == '(' && tl->v[i].paren == k->paren + 1) {
		size_t q = prev_tok(tl, p);
		return q != SIZE_MAX && tok_is(t, &tl->v[q], "for");
	}
	if (tl->v[i].encl != 'B')
		return false;
	if (k->k == K_P && (k->c == ';' || k->c == '{' || k->c == '}'))
		return true;
	if (k->k == K_P && k->c == ':') {
		/* a label or case, not `?:` or a bit-field */
		size_t q = prev_tok(tl, p);
		if (q == SIZE_MAX)
			return false;
		size_t r = prev_tok(tl, q);
		return r != SIZE_MAX && tl->v[r].k == K_P && strchr(";{}", tl->v[r].c) &&
		       tl->v[q].k == K_ID;
	}
	return tok_is(t, k, "else") || tok_is(t, k, "do");
}

/* A declaration can start at token i: a statement start, not after else/do. */
static bool decl_start(const char *t, const tok_list *tl, size_t i)
{
	if (!stmt_start(t, tl, i))
		return false;
	size_t p = prev_tok(tl, i);
	return !(tok_is(t, &tl->v[p], "else") || tok_is(t, &tl->v[p], "do"));
}

/*
 * Macros used as a type in a declaration inside a function:
 * `typeof(x->y) v = ...;`, `typeof_member(struct s, m) f;`,
 * `DECLARE_BITMAP(map, N) = { 0 };`.  The type becomes the identifier `_`;
 * for DECLARE_*-style macros whose first argument is the declared name,
 * that name stays: `_              map    = { 0 };`.
 */
static void fix_type_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 2 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0)
			continue;
		bool is_typeof = tok_is(t, k, "typeof") || tok_is(t, k, "__typeof__") ||
				 tok_is(t, k, "__typeof");
		if (!is_typeof && is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		size_t st = i;	/* `const typeof(x) *p;` */
		while (st > 0 && (tok_is(t, &tl->v[st - 1], "const") || tok_is(t, &tl->v[st - 1], "static") ||
				  tok_is(t, &tl->v[st - 1], "volatile")))
			st--;
		if (!close || close + 2 >= tl->n || !decl_start(t, tl, st))
			continue;
		const struct tok *nx = &tl->v[close + 1];
		size_t after = close + 1;
		while (after < tl->n && is_p(&tl->v[after], '*'))
			after++;
		bool decl_follows = false;
		if (after + 1 < tl->n && tl->v[after].k == K_ID && !is_kw(t, &tl->v[after]) &&
		    !has_nl(t, k->a, tl->v[after].a)) {
			const struct tok *f = &tl->v[after + 1];
			decl_follows = is_p(f, ';') || is_p(f, '=') || is_p(f, ',') || is_p(f, '[');
		}
		if (decl_follows) {
			if (is_typeof) {
				/* typeof(int) already reads as a type */
				if (norm_looks_like_type(t, tl->v[i + 1].b, tl->v[close].a))
					continue;
			}
			t[k->a] = '_';
			blank(t, k->a + 1, tl->v[close].b);
			k->cls |= W_KEYWORD;
			i = close;
			continue;
		}
		/* DECLARE_BITMAP(name, N) = ...; / DECLARE_BITMAP(name, N); is a call */
		if (!is_typeof && is_p(nx, '=') && is_p(&tl->v[close + 2], '{') &&
		    close > i + 2 && tl->v[i + 2].k == K_ID &&
		    !is_kw(t, &tl->v[i + 2]) && (is_p(&tl->v[i + 3], ',') || i + 3 == close) &&
		    k->b - k->a >= 1) {
			t[k->a] = '_';
			blank(t, k->a + 1, tl->v[i + 2].a);
			blank(t, tl->v[i + 2].b, tl->v[close].b);
			k->cls |= W_KEYWORD;
			i = close;
		}
	}
}

/*
 * `.field = value` as a macro argument (LIBBPF_OPTS(o, .flags = 1),
 * X86_CONFIG(.event = 1)): a designator the grammar reads only inside
 * braces.  Blank the dot: an assignment expression of the same bytes.
 */
static void fix_macro_designators(char *t, tok_list *tl)
{
	for (size_t i = 2; i + 2 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (!is_p(k, '.') || k->b - k->a != 1)
			continue;
		const struct tok *p = &tl->v[i - 1];
		if (!(is_p(p, '(') || is_p(p, ',')))
			continue;
		if (tl->v[i + 1].k != K_ID || !is_p(&tl->v[i + 2], '='))
			continue;
		/* the innermost open bracket must be a macro call's '(' */
		size_t j = k->owner;
		if (j == UINT32_MAX || !is_p(&tl->v[j], '(') || j == 0 || tl->v[j - 1].k != K_ID ||
		    is_kw(t, &tl->v[j - 1]))
			continue;
		t[k->a] = ' ';
	}
}

static bool looks_like_macro_word(const char *s, size_t n)
{
	bool lower = false;
	for (size_t i = 0; i < n; i++)
		if (islower((unsigned char)s[i]))
			lower = true;
	if (!lower)
		return true;	/* ALL_CAPS */
	if (n > 2 && s[0] == '_' && s[1] == '_')
		return true;
	for (size_t i = 0; i + 6 <= n; i++)
		if (!memcmp(s + i, "inline", 6))
			return true;
	return false;
}

/*
 * File scope, the head of a function: `STATIC int f(`, `static nokprobe_inline
 * void f(`, `acpi_status ACPI_INIT_FUNCTION f(`, `void __cpuidle f(`.  The
 * extra words are storage-class or attribute macros; with two candidate
 * type names and no C type word, the macro-looking one goes.
 */
static void fix_decl_heads(char *t, tok_list *tl)
{
	for (size_t i = 1; i < tl->n; i++) {
		const struct tok *open = &tl->v[i];
		if (!is_p(open, '(') || open->brace != 0 || open->paren != 0)
			continue;
		const struct tok *name = &tl->v[i - 1];
		if (name->k != K_ID || is_kw(t, name) || has_nl(t, name->b, open->a))
			continue;
		/* the words before the name */
		size_t s = i - 1;
		bool type_word = false;
		size_t cand[16], nc = 0;
		while (s > 0) {
			const struct tok *p = &tl->v[s - 1];
			if (is_p(p, '*')) {
				s--;
				continue;
			}
			if (p->k != K_ID)
				break;
			if (tok_is(t, p, "__attribute__") || tok_is(t, p, "__attribute") ||
			    tok_is(t, p, "typedef") || tok_is(t, p, "return") || tok_is(t, p, "goto") ||
			    tok_is(t, p, "case") || tok_is(t, p, "else") || tok_is(t, p, "sizeof"))
				break;
			if (p->cls & W_C_TYPE) {
				type_word = true;
			} else if (!is_kw(t, p)) {
				/* the tag after struct/union/enum is part of the type */
				if (s >= 2 && (tok_is(t, &tl->v[s - 2], "struct") ||
					       tok_is(t, &tl->v[s - 2], "union") ||
					       tok_is(t, &tl->v[s - 2], "enum"))) {
					s--;
					continue;
				}
				if (nc == ARRAY_SIZE(cand))
					break;
				cand[nc++] = s - 1;
			}
			s--;
		}
		if (nc == 0 || (nc == 1 && !type_word))
			continue;
		/* what comes before the head must end a previous item */
		if (s > 0) {
			const struct tok *p = &tl->v[s - 1];
			if (!(p->k == K_PP || is_p(p, ';') || is_p(p, '}') || is_p(p, ')')))
				continue;
			if (is_p(p, ')') && p->mate != UINT32_MAX) {
				/* `__attribute__((x)) MACRO int f(` is fine; `FOO(x) int f(` is
				 * a macro call without ';' and not ours to judge */
				size_t q = p->mate;
				if (!(q >= 2 && is_p(&tl->v[q - 1], '(') &&
				      (tok_is(t, &tl->v[q - 2], "__attribute__") ||
				       tok_is(t, &tl->v[q - 2], "__attribute"))))
					continue;
			}
		}
		/* cand[] runs from the last word to the first */
		size_t keep = SIZE_MAX;
		if (!type_word) {
			for (size_t c = 0; c < nc && keep == SIZE_MAX; c++) {
				const struct tok *w = &tl->v[cand[c]];
				if (!looks_like_macro_word(t + w->a, w->b - w->a))
					keep = c;
			}
			if (keep == SIZE_MAX)
				keep = 0;
		}
		for (size_t c = 0; c < nc; c++)
			if (c != keep)
				blank(t, tl->v[cand[c]].a, tl->v[cand[c]].b);
	}
}

/*
 * File scope: `ACPI_EXPORT_SYMBOL(acpi_enable)` or `MODULE_X(a, b)` with no
 * ';' before the next declaration.  With only names as arguments it can be
 * spelled as a declaration: `ACPI_EXPORT_SYMBOL acpi_enable;`.
 */
static void fix_toplevel_calls(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 2 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace != 0 || k->paren != 0 || is_kw(t, k))
			continue;
		size_t p = prev_tok(tl, i);
		if (p != SIZE_MAX && tok_is(t, &tl->v[p], "static"))
			p = prev_tok(tl, p);	/* static DEF_SCSI_QCMD(f) */
		if (!(p == SIZE_MAX || is_p(&tl->v[p], ';') || is_p(&tl->v[p], '}')))
			continue;
		size_t close = call_end(tl, i);
		if (!close)
			continue;
		size_t after = close + 1;
		while (after < tl->n && tl->v[after].k == K_PP)
			after++;
		if (after < tl->n) {
			/* the next item starts on a later line */
			const struct tok *nx = &tl->v[after];
			if (nx->k != K_ID || !has_nl(t, tl->v[close].b, nx->a))
				continue;
			if (tok_is(t, nx, "__attribute__") || tok_is(t, nx, "__attribute"))
				continue;
		}
		bool names = close > i + 2, plain = true, want_id = true;
		size_t dots[8], ndots = 0;
		for (size_t q = i + 2; q < close; q++) {
			const struct tok *x = &tl->v[q];
			if (!want_id && x->k == K_NUM && t[x->a] == '.' && x->a == tl->v[q - 1].b &&
			    tl->v[q - 1].k == K_ID && ndots < ARRAY_SIZE(dots)) {
				/* `DEV_ATTR(binf2, BINF.2)`: a name with a suffix the
				 * macro pastes or stringifies; `BINF_2` is one name */
				dots[ndots++] = x->a;
				continue;
			}
			if (want_id ? (x->k != K_ID || is_kw(t, x)) : !is_p(x, ','))
				names = false;
			want_id = !want_id;
			if (x->k == K_PP || is_p(x, '{') || is_p(x, ';') || is_kw(t, x))
				plain = false;	/* `f(int a)`: a function head, not a call */
		}
		if (!names) {
			/* `BTF_ID_FLAGS(func, f, KF_ACQUIRE | KF_RET_NULL)`: no declaration
			 * spelling; blank it (not the ATTR macros, which name handlers) */
			if (!plain || memmem(t + k->a, k->b - k->a, "ATTR", 4))
				continue;
			blank(t, k->a, tl->v[close].b);
			tl->v[close].c = ';';
			tl->v[close].mate = UINT32_MAX;
			i = close;
			continue;
		}
		for (size_t d = 0; d < ndots; d++)
			t[dots[d]] = '_';
		t[tl->v[i + 1].a] = ' ';
		t[tl->v[close].a] = ';';
		tl->v[i + 1].c = ' ';
		tl->v[close].c = ';';
		tl->v[close].mate = UINT32_MAX;
		i = close;
	}
}

/*
 * A macro call followed by a block inside a function
 * (`scoped_guard(spinlock, &l) {`, `xt_entry_foreach(e, b, s) {`) is a loop
 * or a scope: spell the name `while` (or `if` when it is shorter).  One
 * whose block the first stage's `while` closes (`do_each_thread(g, t) {
 * ... } while_each_thread(g, t);`) opens a `do` loop: the call becomes `do`.
 */
static void fix_block_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 3 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0 || k->encl != 'B' || is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		if (!close || close == i + 2 || close + 1 >= tl->n || !is_p(&tl->v[close + 1], '{'))
			continue;
		size_t len = k->b - k->a;
		uint32_t end = tl->v[close + 1].mate;
		if (len > 7 && memmem(t + k->a, len, "do_each", 7) && end != UINT32_MAX &&
		    end + 1 < tl->n && tok_is(t, &tl->v[end + 1], "while")) {
			memcpy(t + k->a, "do", 2);
			blank(t, k->a + 2, tl->v[close].b);
		} else if (len >= 5) {
			memcpy(t + k->a, "while", 5);
			blank(t, k->a + 5, k->b);
		} else if (len >= 2) {
			memcpy(t + k->a, "if", 2);
			blank(t, k->a + 2, k->b);
		}
	}
}

/*
 * Declarations the grammar misreads inside functions:
 * `static DEFINE_RATELIMIT_STATE(rs, HZ, 10);` (a storage class before a
 * macro call: the `static` goes) and `register long r asm("r1") = x;` (an
 * explicit register: the `asm("r1")` goes).
 */
static void fix_local_decls(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 3 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID)
			continue;
		if ((tok_is(t, k, "__attribute__") || tok_is(t, k, "__attribute")) && i > 1 &&
		    ((tl->v[i - 1].k == K_ID && !is_kw(t, &tl->v[i - 1])) || is_p(&tl->v[i - 1], ']'))) {
			/* `int warn __attribute__((unused)) = 0;`, `u8 b[4] __attribute__((aligned(8)));` */
			size_t close = call_end(tl, i);
			if (close && close + 1 < tl->n &&
			    (is_p(&tl->v[close + 1], '=') || is_p(&tl->v[close + 1], ';') ||
			     is_p(&tl->v[close + 1], ',')))
				blank(t, k->a, tl->v[close].b);
			continue;
		}
		if (k->brace == 0)
			continue;
		if (tok_is(t, k, "static") && decl_start(t, tl, i)) {
			size_t m = i + 1;
			if (tok_is(t, &tl->v[m], "const"))
				m++;
			if (m < tl->n && tl->v[m].k == K_ID && !is_kw(t, &tl->v[m])) {
				size_t close = call_end(tl, m);
				if (close && close + 1 < tl->n && is_p(&tl->v[close + 1], ';'))
					blank(t, k->a, tl->v[m].a);
			}
			continue;
		}
		if ((tok_is(t, k, "asm") || tok_is(t, k, "__asm__") || tok_is(t, k, "__asm")) && i > 1 &&
		    tl->v[i - 1].k == K_ID && !is_kw(t, &tl->v[i - 1]) &&
		    (tl->v[i - 2].k == K_ID || is_p(&tl->v[i - 2], '*'))) {
			size_t close = call_end(tl, i);
			if (!close || close + 1 >= tl->n || close != i + 3 || tl->v[i + 2].k != K_STR)
				continue;
			const struct tok *nx = &tl->v[close + 1];
			if (is_p(nx, '=') || is_p(nx, ';') || is_p(nx, ','))
				blank(t, k->a, tl->v[close].b);
		}
	}
}

/* Does the argument [a, b) of a call at bracket depth `depth` hold a statement? */
static bool arg_is_stmt(const char *t, const tok_list *tl, size_t a, size_t b, int32_t depth)
{
	if (a >= b)
		return false;
	const struct tok *f = &tl->v[a];
	if (tok_is(t, f, "return") || tok_is(t, f, "goto") || tok_is(t, f, "break") ||
	    tok_is(t, f, "continue") || tok_is(t, f, "if"))
		return true;
	for (size_t q = a; q < b; q = next_sib(tl, q) + 1)
		if (tl->v[q].paren == depth && is_p(&tl->v[q], ';') && tl->v[q].encl == '(')
			return true;
	return false;
}

/*
 * Macros that take statements as arguments, used as statements:
 * `IF_ERR(printk("x");)`, `PP_ASSERT_WITH_CODE(cond, "msg", return -EINVAL);`,
 * `IO_COND(addr, return inb(port), return readb(addr));`.  One argument:
 * a block `{      printk("x");}`; more: `if(cond){ "msg"; return -EINVAL;}`,
 * so the return or goto inside stays visible, and conditional.
 */
static void fix_stmt_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 3 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0 || is_kw(t, k) || k->encl != 'B')
			continue;
		size_t close = call_end(tl, i);
		if (!close)
			continue;
		bool at_stmt = stmt_start(t, tl, i);
		if (!at_stmt) {
			size_t p = prev_tok(tl, i);
			if (p != SIZE_MAX && is_p(&tl->v[p], ')') && tl->v[p].mate != UINT32_MAX &&
			    tl->v[p].mate > 0) {
				const struct tok *f = &tl->v[tl->v[p].mate - 1];
				at_stmt = tok_is(t, f, "if") || tok_is(t, f, "while") || tok_is(t, f, "for");
			}
		}
		if (!at_stmt)
			continue;
		size_t open = i + 1;
		int32_t depth = tl->v[open].paren + 1;
		size_t commas[32], nc = 0;
		bool ok = true;
		for (size_t q = open + 1; q < close; q = next_sib(tl, q) + 1) {
			if (tl->v[q].k == K_PP)
				ok = false;
			if (tl->v[q].paren == depth && tl->v[q].encl == '(' && is_p(&tl->v[q], ',')) {
				if (nc == ARRAY_SIZE(commas)) {
					ok = false;
					break;
				}
				commas[nc++] = q;
			}
		}
		if (!ok)
			continue;
		bool any = false;
		for (size_t m = 0; m <= nc; m++) {
			size_t a = m ? commas[m - 1] + 1 : open + 1;
			size_t b = m < nc ? commas[m] : close;
			if (m > 0 || nc == 0)
				any |= arg_is_stmt(t, tl, a, b, depth);
		}
		bool all_stmts = nc > 0 && arg_is_stmt(t, tl, open + 1, commas[0], depth);
		if (!any && !all_stmts)
			continue;
		/* the end: `;)` closes the block at ')', else `);` becomes `;}` */
		bool semi_inside = close > open + 1 && is_p(&tl->v[close - 1], ';');
		bool semi_after = close + 1 < tl->n && is_p(&tl->v[close + 1], ';');
		if (!semi_inside && !semi_after)
			continue;
		size_t len = k->b - k->a;
		if (nc == 0) {
			t[k->a] = '{';
			blank(t, k->a + 1, tl->v[open].b);
		} else if (all_stmts) {
			/* CMPXCHG_LOOP(new.count++;, return;): maybe run, in order */
			if (len + 1 < 6)
				continue;
			blank(t, k->a, tl->v[open].b);
			memcpy(t + k->a, "if(_){", 6);
			for (size_t m = 0; m < nc; m++)
				t[tl->v[commas[m]].a] = ';';
		} else {
			size_t c0 = tl->v[commas[0]].a;
			/* the '{' goes in the first blank after the comma (maybe the
			 * next line's indentation) */
			size_t brace_at = c0 + 1, lim = tl->v[commas[0] + 1].a;
			while (brace_at < lim && t[brace_at] != ' ' && t[brace_at] != '\t')
				brace_at++;
			if (len < 2 || brace_at >= lim)
				continue;
			if (has_nl(t, c0, brace_at) && memchr(t + c0, '/', brace_at - c0))
				continue;	/* a comment in between */
			memcpy(t + k->a, "if", 2);
			blank(t, k->a + 2, k->b);
			t[c0] = ')';
			t[brace_at] = '{';
			for (size_t m = 1; m < nc; m++)
				t[tl->v[commas[m]].a] = ';';
		}
		k->cls |= W_KEYWORD;	/* rewritten: later passes leave it */
		if (semi_inside) {
			t[tl->v[close].a] = '}';
			tl->v[close].c = '}';
		} else {
			t[tl->v[close].a] = ';';
			t[tl->v[close + 1].a] = '}';
			tl->v[close].c = ';';
			tl->v[close + 1].c = '}';
		}
		i = close;
	}
}

/*
 * File scope `define_machine(name) { .probe = f, ... };`: a macro that
 * declares a structure and takes its initialiser as a body.  Spelled
 * `_              name= { .probe = f, ... };` so the fields are read.
 */
static void fix_struct_macros(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 6 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace != 0 || k->paren != 0 || is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		if (close != i + 3 || tl->v[i + 2].k != K_ID || close + 4 >= tl->n)
			continue;
		const struct tok *b = &tl->v[close + 1];
		if (!is_p(b, '{') || !is_p(&tl->v[close + 2], '.') || tl->v[close + 3].k != K_ID ||
		    !is_p(&tl->v[close + 4], '='))
			continue;
		size_t p = prev_tok(tl, i);
		if (!(p == SIZE_MAX || is_p(&tl->v[p], ';') || is_p(&tl->v[p], '}')))
			continue;
		t[k->a] = '_';
		blank(t, k->a + 1, tl->v[i + 1].b);
		t[tl->v[close].a] = '=';
		i = close;
	}
}

/*
 * Fields under a byte-order macro that nests (MIPS `__BITFIELD_FIELD(u64 a:1,
 * __BITFIELD_FIELD(u64 b:3, ;))` in a struct body): each call is one field
 * and the rest.  Spelled as the fields in their written order: the callee
 * and its '(' go, the ',' after the field becomes its ';', the ')'s go, and
 * so does the `;` that ends the chain (an empty field, which the grammar
 * does not read).
 */
static bool field_decl(const char *t, const tok_list *tl, size_t a, size_t b)
{
	if (a + 1 >= b)
		return false;	/* a type and a name at least */
	for (size_t q = a; q < b; q++) {
		const struct tok *k = &tl->v[q];
		if (!(k->k == K_ID || k->k == K_NUM || is_p(k, '*') || is_p(k, ':') ||
		      is_p(k, '[') || is_p(k, ']')))
			return false;
	}
	return tl->v[a].k == K_ID && (tl->v[b - 1].k == K_ID || tl->v[b - 1].k == K_NUM ||
				      is_p(&tl->v[b - 1], ']'));
}

static void fix_field_chains(char *t, tok_list *tl)
{
	for (size_t i = 1; i + 3 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->encl != 'S' || is_kw(t, k) ||
		    !(is_p(&tl->v[i - 1], '{') || is_p(&tl->v[i - 1], ';')))
			continue;
		/* check the chain, then rewrite it */
		size_t c = i, commas[64], calls[64], n = 0;
		bool ok = false;
		while (n < ARRAY_SIZE(calls)) {
			size_t close = call_end(tl, c);
			if (!close)
				break;
			size_t comma = c + 2;
			while (comma < close && !is_p(&tl->v[comma], ','))
				comma = next_sib(tl, comma) + 1;
			if (comma >= close || !field_decl(t, tl, c + 2, comma))
				break;
			calls[n] = c;
			commas[n++] = comma;
			size_t nx = comma + 1;
			if (nx == close || (is_p(&tl->v[nx], ';') && nx + 1 == close)) {
				ok = n > 1 || nx < close;
				if (ok && nx < close)
					blank(t, tl->v[nx].a, tl->v[nx].b);	/* an empty field */
				break;
			}
			/* the rest is one more call, and nothing else */
			if (tl->v[nx].k != K_ID || !call_end(tl, nx) || call_end(tl, nx) + 1 != close ||
			    tl->v[nx].b - tl->v[nx].a != k->b - k->a ||
			    memcmp(t + tl->v[nx].a, t + k->a, k->b - k->a))
				break;
			c = nx;
		}
		if (!ok)
			continue;
		size_t last_close = call_end(tl, i);
		for (size_t m = 0; m < n; m++) {
			blank(t, tl->v[calls[m]].a, tl->v[calls[m] + 1].b);
			t[tl->v[commas[m]].a] = ';';
			blank(t, tl->v[call_end(tl, calls[m])].a, tl->v[call_end(tl, calls[m])].b);
		}
		i = last_close;
	}
}

/*
 * Smaller spellings:
 *  - `for (list_scan(&q, c)) {`, a loop header from a macro: `if  (...)`;
 *  - `__alignof__(*p)`: the grammar's alignof takes a type only; an
 *    expression makes it an ordinary call, `x_alignof__(*p)`;
 *  - `#define` and other non-conditional directives inside an initialiser
 *    or an argument list, where the grammar reads none: blanked.
 */
static void fix_misc(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k == K_PP) {
			if (k->c == 'o' && (k->encl == 'I' || k->encl == '(' || k->encl == '['))
				blank(t, k->a, k->b);
			continue;
		}
		if (k->k != K_ID)
			continue;
		if (tok_is(t, k, "for") && k->brace > 0 && i + 1 < tl->n && is_p(&tl->v[i + 1], '(') &&
		    tl->v[i + 1].mate != UINT32_MAX && t[k->b] == ' ') {
			/* `for (opr_queue_Scan(&q, c)) {`: a macro gives the header */
			size_t close = tl->v[i + 1].mate;
			bool semi = false;
			for (size_t q = i + 2; q < close && !semi; q = next_sib(tl, q) + 1)
				semi = is_p(&tl->v[q], ';');
			if (!semi && close > i + 2)
				memcpy(t + k->a, "if ", 3);
			continue;
		}
		if ((tok_is(t, k, "__alignof__") || tok_is(t, k, "__alignof") || tok_is(t, k, "_Alignof") ||
		     tok_is(t, k, "alignof")) && i + 1 < tl->n && is_p(&tl->v[i + 1], '(')) {
			size_t close = call_end(tl, i);
			if (!close || close == i + 2)
				continue;
			bool type = norm_looks_like_type(t, tl->v[i + 1].b, tl->v[close].a);
			bool ident = close == i + 3 && tl->v[i + 2].k == K_ID;	/* a typedef name */
			if (!type && !ident)
				t[k->a] = 'x';
		}
	}
}

/*
 * ARM board files: `MACHINE_START(corgi, "SHARP Corgi") .atag_offset = 0x100,
 * ... MACHINE_END` declares a machine_desc.  Spelled
 * `_             corgi={             ` ... `};         `.
 */
static void fix_machine_start(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 5 < tl->n; i++) {
		const struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace != 0 || k->paren != 0 ||
		    !(tok_is(t, k, "MACHINE_START") || tok_is(t, k, "DT_MACHINE_START")))
			continue;
		size_t close = call_end(tl, i);
		if (!close || tl->v[i + 2].k != K_ID || !is_p(&tl->v[i + 3], ','))
			continue;
		size_t end = close + 1;
		while (end < tl->n && !tok_is(t, &tl->v[end], "MACHINE_END") &&
		       !(tl->v[end].k == K_ID && tl->v[end].brace == 0 && tl->v[end].paren == 0 &&
			 (tok_is(t, &tl->v[end], "MACHINE_START") || tok_is(t, &tl->v[end], "DT_MACHINE_START"))))
			end++;
		if (end >= tl->n || !tok_is(t, &tl->v[end], "MACHINE_END"))
			continue;
		t[k->a] = '_';
		blank(t, k->a + 1, tl->v[i + 1].b);
		blank(t, tl->v[i + 3].a, tl->v[close].b);
		t[tl->v[i + 3].a] = '=';
		t[tl->v[close].a] = '{';
		blank(t, tl->v[end].a, tl->v[end].b);
		memcpy(t + tl->v[end].a, "};", 2);
		i = end;
	}
}

/*
 * Parameters with annotation macros: `IN OUT tPOCT6100_API f_pApi`,
 * `ppc_cpu_t dialect ATTRIBUTE_UNUSED`, `int x __tag1 __tag2`.  In the
 * parameter list of a file-scope function head, the extra macro-looking
 * words go, as fix_decl_heads does for the head itself.
 */
static void fix_params(char *t, tok_list *tl)
{
	for (size_t i = 1; i < tl->n; i++) {
		const struct tok *open = &tl->v[i];
		if (!is_p(open, '(') || open->brace != 0 || open->paren != 0 || open->mate == UINT32_MAX)
			continue;
		if (tl->v[i - 1].k != K_ID || is_kw(t, &tl->v[i - 1]))
			continue;
		size_t close = open->mate;
		size_t a = i + 1;
		for (size_t q = i + 1; q <= close; q++) {
			bool end = q == close || (tl->v[q].paren == 1 && is_p(&tl->v[q], ','));
			if (!end) {
				if (tl->v[q].paren >= 1 && (is_p(&tl->v[q], '(') || is_p(&tl->v[q], '[')))
					break;	/* function pointers, arrays: not ours */
				continue;
			}
			/* the parameter [a, q): words and stars only */
			size_t ids[16], nid = 0;
			bool type_word = false, plain = true;
			for (size_t r = a; r < q; r++) {
				const struct tok *k = &tl->v[r];
				if (is_p(k, '*'))
					continue;
				if (k->k != K_ID) {
					plain = false;
					break;
				}
				if (k->cls & W_C_TYPE) {
					type_word = true;
					if (tok_is(t, k, "struct") || tok_is(t, k, "union") || tok_is(t, k, "enum"))
						r++;	/* the tag */
					continue;
				}
				if (is_kw(t, k))
					continue;
				if (nid == ARRAY_SIZE(ids)) {
					plain = false;
					break;
				}
				ids[nid++] = r;
			}
			if (plain && nid + type_word >= 3) {
				/* trailing attributes after the name */
				while (nid > (type_word ? 1u : 2u) && ids[nid - 1] == q - 1 &&
				       looks_like_macro_word(t + tl->v[ids[nid - 1]].a,
							     tl->v[ids[nid - 1]].b - tl->v[ids[nid - 1]].a)) {
					blank(t, tl->v[ids[nid - 1]].a, tl->v[ids[nid - 1]].b);
					nid--;
				}
				/* the name is the last word; the type is a C type word or one other */
				size_t cands = ids[nid - 1] == q - 1 ? nid - 1 : nid;
				size_t keep = SIZE_MAX;
				if (!type_word)
					for (size_t c = cands; c-- > 0 && keep == SIZE_MAX;)
						if (!looks_like_macro_word(t + tl->v[ids[c]].a,
									   tl->v[ids[c]].b - tl->v[ids[c]].a))
							keep = c;
				if (!type_word && keep == SIZE_MAX && cands)
					keep = cands - 1;
				for (size_t c = 0; c < cands; c++)
					if (c != keep && looks_like_macro_word(t + tl->v[ids[c]].a,
									       tl->v[ids[c]].b - tl->v[ids[c]].a))
						blank(t, tl->v[ids[c]].a, tl->v[ids[c]].b);
			}
			a = q + 1;
		}
	}
}

/* Indentation of the line holding offset off, in columns (tabs to 8). */
/* Offset of the first byte of the line holding off. */
static size_t line_of(const char *t, size_t off)
{
	while (off > 0 && t[off - 1] != '\n')
		off--;
	return off;
}

static unsigned indent_of(const char *t, size_t off)
{
	size_t a = line_of(t, off);
	unsigned col = 0;
	for (size_t i = a; i < off && (t[i] == ' ' || t[i] == '\t'); i++)
		col = t[i] == '\t' ? (col + 8) & ~7u : col + 1;
	return col;
}

/*
 * A macro call used as a statement with no ';' (`CRITEND`-style code,
 * `mOCT6100_ROUND_MEMORY_SIZE(a, b)` then a new line).  The indentation
 * tells what it is: a next line indented deeper is its body (a loop or
 * condition macro: the name becomes `while`/`if`); otherwise it is a
 * statement, and a blank between the two lines (the next line's
 * indentation) becomes the missing ';'.  A bare word alone on its line
 * (`CRITBEGIN`) is such a statement too; with no blank after it (the
 * function's `}` in column 0 follows) its last letter becomes the ';'.
 * The same macro called again on the line (`N(UP) N(DOWN)`, each a
 * `case`) is a run of statements: the blank before each takes a ';'.
 */
static void fix_stmt_nosemi(char *t, tok_list *tl)
{
	/* the line a ';' was written into the indentation of, and that indentation */
	size_t semi_line = SIZE_MAX;
	unsigned semi_indent = 0;
	for (size_t i = 0; i + 1 < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_ID || k->brace == 0 || k->encl != 'B' || is_kw(t, k))
			continue;
		size_t close = call_end(tl, i);
		/* a bare word alone on its line: `CRITBEGIN`, `SiS300Idle` */
		bool bare = !close && i > 0 && has_nl(t, tl->v[i - 1].b, k->a);
		if (bare)
			close = i;
		if (!close || close + 1 >= tl->n || !stmt_start(t, tl, i))
			continue;
		const struct tok *nx = &tl->v[close + 1];
		if (!has_nl(t, tl->v[close].b, nx->a)) {
			/* `N(UP) N(DOWN) N(REBOOT)`: the same macro again on the line */
			size_t len = k->b - k->a;
			if (!bare && nx->b - nx->a == len && !memcmp(t + nx->a, t + k->a, len) &&
			    call_end(tl, close + 1) && (t[nx->a - 1] == ' ' || t[nx->a - 1] == '\t')) {
				t[nx->a - 1] = ';';
				tl->v[close].c = ';';
				i = close;
			}
			continue;
		}
		if (!(nx->k == K_ID || is_p(nx, '}') || (!bare && (is_p(nx, '*') || is_p(nx, '(')))))
			continue;
		if (tok_is(t, nx, "else"))
			continue;
		unsigned ci = line_of(t, k->a) == semi_line ? semi_indent : indent_of(t, k->a);
		unsigned ni = indent_of(t, nx->a);
		if (bare && ni > ci)
			continue;	/* `my_type_t` then `\tvar;`? */
		if (ni > ci && !is_p(nx, '}')) {
			size_t len = k->b - k->a;
			if (close == i + 2)
				continue;	/* `FOO()`: no condition to keep */
			if (len >= 5) {
				memcpy(t + k->a, "while", 5);
				blank(t, k->a + 5, k->b);
			} else if (len >= 2) {
				memcpy(t + k->a, "if", 2);
				blank(t, k->a + 2, k->b);
			}
			i = close;
			continue;
		}
		/* the first blank after ')' outside comments takes the ';' */
		size_t x = tl->v[close].b;
		while (x < nx->a) {
			if (t[x] == ' ' || t[x] == '\t')
				break;
			if (lex_comment_at(t, nx->a, x))
				x = lex_comment(t, nx->a, x, 0);
			else
				x++;
		}
		if (x < nx->a && (t[x] == ' ' || t[x] == '\t')) {
			semi_line = line_of(t, nx->a);
			semi_indent = ni;
			t[x] = ';';
			tl->v[close].k = K_P;
			tl->v[close].c = ';';	/* a statement ends here now */
			i = close;
		} else if (bare) {
			/* no blank (`SiS300Idle` then `}` in column 0): the word's
			 * last letter takes it; a name alone does nothing */
			t[k->b - 1] = ';';
			k->k = K_P;
			k->c = ';';
		}
	}
}

void norm_fix_statements(char *t, tok_list *tl)
{
	fix_type_macros(t, tl);
	fix_macro_designators(t, tl);
	fix_local_decls(t, tl);
	fix_stmt_macros(t, tl);
	fix_stmt_nosemi(t, tl);
	fix_toplevel_calls(t, tl);
	fix_struct_macros(t, tl);
	fix_field_chains(t, tl);
	fix_machine_start(t, tl);
	fix_decl_heads(t, tl);
	fix_params(t, tl);
	fix_block_macros(t, tl);
	fix_misc(t, tl);
}
