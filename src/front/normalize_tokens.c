// SPDX-License-Identifier: GPL-2.0
/*
 * Normalisation's token pass (normalize_int.h): the token list of the text
 * the character pass left, with brace and bracket depths, matching
 * brackets and the kind of each '{' (block, struct body, initialiser)
 * kept through conditional groups; and the rewrites of expressions on it.
 * The declarations' and statements' rewrites are in normalize_stmts.c.
 */
#include "normalize_int.h"
#include "lexer.h"

/* ------------------------------------------------------------------------
 * Second stage: a token list of the text the first stage left, and small
 * rewrites on it.  Each one fixes a kernel idiom that the C grammar cannot
 * read and that can be respelled in the same bytes without hiding control
 * flow, calls, returns or gotos.
 */

/* Does the '{' about to be pushed after out->v[0..n) open a block of statements? */
static bool opens_block(const char *t, const struct tok *v, size_t n, int32_t brace)
{
	size_t p = n;
	while (p > 0 && v[p - 1].k == K_PP)
		p--;
	if (p == 0)
		return false;
	const struct tok *k = &v[p - 1];
	if (k->k == K_P) {
		if (k->c == ';' || k->c == '}' || k->c == ':')
			return brace > 0;
		if (k->c == '{')
			return k->blk;
		if (k->c == ')') {
			if (brace == 0)
				return true;	/* a function body */
			if (k->mate == UINT32_MAX || k->mate == 0)
				return false;
			const struct tok *f = &v[k->mate - 1];
			/* if/while/for/switch, or a loop macro; not `return (struct s){` */
			return f->k == K_ID && (tok_is(t, f, "if") || tok_is(t, f, "while") ||
						tok_is(t, f, "for") || tok_is(t, f, "switch") ||
						!is_kw(t, f));
		}
		return false;
	}
	if (k->k == K_ID)
		return brace > 0 && (tok_is(t, k, "else") || tok_is(t, k, "do"));
	return false;
}

static char encl_of(const struct tok *open)
{
	if (open->c == '{')
		return open->blk ? 'B' : open->body ? 'S' : 'I';
	return open->c;
}

void norm_tokenize(const char *t, size_t n, tok_list *out)
{
	VEC(uint32_t) stack = {0};
	struct ppdepth pd = {0};
	int32_t brace = 0, paren = 0;
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
		struct tok k = { .a = (uint32_t)i, .mate = UINT32_MAX, .brace = brace, .paren = paren,
				 .encl = stack.n ? encl_of(&out->v[stack.v[stack.n - 1]]) : 0,
				 .owner = stack.n ? stack.v[stack.n - 1] : UINT32_MAX };
		if (c == '#' && line_start) {
			size_t a = i;
			i = lex_line_end(t, n, i, LEX_SPLICE_CRLF | LEX_BLOCK_COMMENTS);
			k.k = K_PP;
			k.c = norm_pp_kind(t, a, i);
			k.b = (uint32_t)i;
			VEC_PUSH(*out, k);
			norm_pp_track(&pd, k.c, t, a, i, &brace, &paren, stack.v, &stack.n);
			continue;
		}
		line_start = false;
		if (lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, 0);
			continue;
		}
		if (c == '"' || c == '\'') {
			i = lex_quoted(t, n, i, 0);
			k.k = K_STR;
			k.c = c;
			k.b = (uint32_t)i;
			/* an encoding prefix (L"", u8"") joins its string */
			if (out->n && out->v[out->n - 1].k == K_ID && out->v[out->n - 1].b == k.a) {
				const struct tok *p = &out->v[out->n - 1];
				size_t pl = p->b - p->a;
				if ((pl == 1 && strchr("LuU", t[p->a])) ||
				    (pl == 2 && t[p->a] == 'u' && t[p->a + 1] == '8')) {
					out->v[out->n - 1].k = K_STR;
					out->v[out->n - 1].b = k.b;
					continue;
				}
			}
			VEC_PUSH(*out, k);
			continue;
		}
		if (is_ident_start((unsigned char)c)) {
			while (i < n && is_ident((unsigned char)t[i]))
				i++;
			k.k = K_ID;
			k.b = (uint32_t)i;
			k.cls = (uint8_t)norm_word_class(t + k.a, k.b - k.a);
			VEC_PUSH(*out, k);
			continue;
		}
		if (isdigit((unsigned char)c) || (c == '.' && i + 1 < n && isdigit((unsigned char)t[i + 1]))) {
			/* a preprocessing number */
			i++;
			while (i < n) {
				if ((t[i] == '+' || t[i] == '-') && strchr("eEpP", t[i - 1]))
					i++;
				else if (is_ident((unsigned char)t[i]) || t[i] == '.')
					i++;
				else if (t[i] == '\'' && i + 1 < n && isxdigit((unsigned char)t[i + 1]))
					i++;	/* C23 digit separator */
				else
					break;
			}
			k.k = K_NUM;
			k.b = (uint32_t)i;
			VEC_PUSH(*out, k);
			continue;
		}
		k.k = K_P;
		k.c = c;
		if (c == '.' && i + 2 < n && t[i + 1] == '.' && t[i + 2] == '.') {
			i += 3;
		} else if (c == '-' && i + 1 < n && t[i + 1] == '>') {
			k.c = '>';
			i += 2;
		} else {
			i++;
		}
		k.b = (uint32_t)i;
		uint32_t me = (uint32_t)out->n;
		switch (c) {
		case '{':
			k.blk = opens_block(t, out->v, out->n, brace);
			if (!k.blk && out->n) {
				const struct tok *pv = &out->v[out->n - 1];
				k.body = pv->k == K_ID && !tok_is(t, pv, "return");
			}
			brace++;
			VEC_PUSH(stack, me);
			break;
		case '(':
		case '[':
			paren++;
			k.brace = brace;
			VEC_PUSH(stack, me);
			break;
		case '}':
		case ')':
		case ']': {
			char open = c == '}' ? '{' : c == ')' ? '(' : '[';
			if (stack.n && out->v[stack.v[stack.n - 1]].c == open) {
				uint32_t o = stack.v[--stack.n];
				out->v[o].mate = me;
				k.mate = o;
			}
			if (c == '}') {
				if (brace > 0)
					brace--;
			} else if (paren > 0) {
				paren--;
			}
			k.brace = brace;
			k.paren = paren;
			break;
		}
		default:
			break;
		}
		VEC_PUSH(*out, k);
	}
	VEC_FREE(stack);
	norm_pp_release(&pd);
}

/* Write a string literal of the same length over [a, b): `"..."`.  The
 * bytes between stay, with inner quotes blanked; needs b - a >= 2. */
static void make_string(char *t, size_t a, size_t b)
{
	for (size_t i = a + 1; i + 1 < b; i++)
		if (t[i] == '"' && (i == a + 1 || t[i - 1] != '\\'))
			t[i] = ' ';
	t[a] = '"';
	t[b - 1] = '"';
}

/*
 * `10000baseT_Full`, `5780_CLASS`: token-pasted names that start with a
 * digit (the macro glues a prefix on).  Spell the first digit `_`.
 */
static void fix_numbers(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (k->k != K_NUM || !isdigit((unsigned char)t[k->a]))
			continue;
		size_t a = k->a, b = k->b;
		if (b - a >= 2 && t[a] == '0' && strchr("xXbB", t[a + 1]))
			continue;
		size_t d = a;
		while (d < b && (isdigit((unsigned char)t[d]) || t[d] == '\''))
			d++;
		if (d == b || t[d] == '.')
			continue;
		/* what may follow the digits of a constant: an integer suffix,
		 * an exponent, a float suffix */
		size_t rl = b - d;
		char rest[8] = {0};
		for (size_t j = 0; j < rl && j < 7; j++)
			rest[j] = (char)tolower((unsigned char)t[d + j]);
		static const char *const suffixes[] = {
			"u", "l", "ul", "lu", "ll", "ull", "llu", "f", "uz", "z",
		};
		bool valid = false;
		if (rl <= 3)
			for (size_t j = 0; j < ARRAY_SIZE(suffixes); j++)
				if (!strcmp(rest, suffixes[j]))
					valid = true;
		if (rest[0] == 'e') {
			valid = true;
			for (size_t j = d + 1; j < b; j++)
				if (!(isdigit((unsigned char)t[j]) || t[j] == '+' || t[j] == '-' ||
				      ((t[j] == 'f' || t[j] == 'F' || t[j] == 'l' || t[j] == 'L') && j + 1 == b)))
					valid = false;
		}
		if (valid)
			continue;
		t[a] = '_';
		k->k = K_ID;
	}
}

/* `case 1 ... 5:` (GNU case range): the grammar has no such label. */
static void fix_case_ranges(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		struct tok *k = &tl->v[i];
		if (!(k->k == K_P && k->c == '.' && k->b - k->a == 3) || k->brace == 0)
			continue;
		for (size_t j = i; j-- > 0;) {
			struct tok *p = &tl->v[j];
			if (p->paren < k->paren || p->k == K_PP)
				break;
			if (p->paren > k->paren)
				continue;
			if (tok_is(t, p, "case")) {
				memcpy(t + k->a, " - ", 3);
				k->c = '-';
				break;
			}
			if (p->k == K_P && strchr(";{}:?", p->c))
				break;
		}
	}
}

/*
 * Adjacent string pieces: `KERN_ERR PFX "text"`, `"at " __stringify(__LINE__) ": "`.
 * The grammar reads a run of strings and names only when a string comes
 * first or second, and never a macro call.  Such a run is all strings to the
 * analysis: each name or one-line call in it becomes a string literal.
 */
static void fix_string_runs(char *t, tok_list *tl)
{
	size_t i = 0;
	while (i < tl->n) {
		/* only where a run can start: not right after a piece of one */
		if (i > 0) {
			const struct tok *p = &tl->v[i - 1];
			if (p->k == K_STR || (p->k == K_ID && !is_kw(t, p)) ||
			    (is_p(p, ')') && p->mate != UINT32_MAX && p->mate > 0 &&
			     tl->v[p->mate - 1].k == K_ID && !is_kw(t, &tl->v[p->mate - 1]))) {
				i++;
				continue;
			}
		}
		size_t j = i, elems = 0, strs = 0, calls = 0;
		size_t first_kinds = 0;	/* bit 0: element 1 is a string; bit 1: element 2 */
		while (j < tl->n) {
			const struct tok *k = &tl->v[j];
			size_t next;
			if (k->k == K_STR && k->c == '"') {
				if (elems < 2)
					first_kinds |= 1u << elems;
				strs++;
				next = j + 1;
			} else if (k->k == K_ID && !is_kw(t, k)) {
				size_t e = call_end(tl, j);
				if (e) {
					if (has_nl(t, k->a, tl->v[e].b))
						break;
					calls++;
					next = e + 1;
				} else {
					next = j + 1;
				}
			} else {
				break;
			}
			elems++;
			j = next;
		}
		if (elems >= 2 && strs && (calls || !(first_kinds & 3))) {
			for (size_t m = i; m < j;) {
				struct tok *k = &tl->v[m];
				if (k->k == K_STR) {
					m++;
					continue;
				}
				size_t e = call_end(tl, m);
				size_t b = e ? tl->v[e].b : k->b;
				if (b - k->a >= 2)
					make_string(t, k->a, b);
				for (size_t q = m; q <= (e ? e : m); q++) {
					tl->v[q].k = K_STR;
					tl->v[q].c = '"';
				}
				m = (e ? e : m) + 1;
			}
		}
		i++;
	}
}

/*
 * asm statements: the template must be strings (macros that expand to
 * strings are spelled as strings), and an operand that is a lone macro
 * (`ASM_CALL_CONSTRAINT`) becomes `"..."(_)`.
 */
static void fix_asm(char *t, tok_list *tl)
{
	for (size_t i = 0; i < tl->n; i++) {
		if (tok_is(t, &tl->v[i], "asm_inline") && i + 1 < tl->n &&
		    (is_p(&tl->v[i + 1], '(') || tl->v[i + 1].k == K_ID)) {
			/* the kernel's `asm inline` */
			memcpy(t + tl->v[i].a, "asm", 3);
			blank(t, tl->v[i].a + 3, tl->v[i].b);
		} else if (!(tok_is(t, &tl->v[i], "asm") || tok_is(t, &tl->v[i], "__asm__") ||
			     tok_is(t, &tl->v[i], "__asm"))) {
			continue;
		}
		size_t o = i + 1;
		while (o < tl->n && tl->v[o].k == K_ID &&
		       (tok_is(t, &tl->v[o], "volatile") || tok_is(t, &tl->v[o], "__volatile__") ||
			tok_is(t, &tl->v[o], "goto") || tok_is(t, &tl->v[o], "inline") ||
			tok_is(t, &tl->v[o], "__inline__") || tok_is(t, &tl->v[o], "__volatile") ||
			tok_is(t, &tl->v[o], "asm_goto"))) {
			if (tok_is(t, &tl->v[o], "__volatile"))
				blank(t, tl->v[o].a, tl->v[o].b);
			o++;
		}
		if (o >= tl->n || !is_p(&tl->v[o], '(') || tl->v[o].mate == UINT32_MAX)
			continue;
		size_t close = tl->v[o].mate;
		int32_t depth = tl->v[o].paren + 1;
		/* the template */
		size_t m = o + 1;
		bool pp = false, plain = true;
		size_t tend = m;
		while (tend < close && !(tl->v[tend].paren == depth && is_p(&tl->v[tend], ':'))) {
			if (tl->v[tend].k == K_PP)
				pp = true;
			if (tl->v[tend].paren == depth && tl->v[tend].k != K_STR)
				plain = false;
			tend = next_sib(tl, tend) + 1;
		}
		if (tend > close)
			continue;
		if (!pp && !plain && tend > m) {
			for (size_t q = m; q < tend;) {
				struct tok *k = &tl->v[q];
				if (k->k == K_STR) {
					q++;
					continue;
				}
				if (k->k != K_ID)
					break;
				size_t e = call_end(tl, q);
				size_t b = e ? tl->v[e].b : k->b;
				if (e && e >= tend)
					break;
				if (has_nl(t, k->a, b) || b - k->a < 2)
					break;
				make_string(t, k->a, b);
				for (size_t r = q; r <= (e ? e : q); r++) {
					tl->v[r].k = K_STR;
					tl->v[r].c = '"';
				}
				q = (e ? e : q) + 1;
			}
		}
		/* operands: sections after each ':' */
		int section = 0;
		size_t start = tend;
		for (size_t q = tend; q <= close; q++) {
			const struct tok *k = &tl->v[q];
			bool sep = q == close || (k->paren == depth && (is_p(k, ':') || is_p(k, ',')));
			if (!sep) {
				q = next_sib(tl, q);
				continue;
			}
			if (q > start + 1 && section >= 1 && section <= 3) {
				size_t f = start + 1;	/* first token of the operand */
				struct tok *x = &tl->v[f];
				if (x->k == K_ID && f + 1 == q && !is_kw(t, x)) {
					size_t len = x->b - x->a;
					if (section == 3 && len >= 2) {
						make_string(t, x->a, x->b);
						x->k = K_STR;
					} else if (section < 3 && len >= 5) {
						t[x->a] = '"';
						for (size_t z = x->a + 1; z < x->b - 4; z++)
							if (t[z] == '"')
								t[z] = ' ';
						memcpy(t + x->b - 4, "\"(_)", 4);
						x->k = K_STR;
					}
				} else if (x->k == K_ID && f + 1 < q && is_p(&tl->v[f + 1], '(') &&
					   tl->v[f + 1].mate == q - 1 && x->b - x->a >= 2 && section < 3) {
					/* EBX_REG (*b): a constraint macro */
					make_string(t, x->a, x->b);
					x->k = K_STR;
				}
			}
			if (q < close && is_p(k, ':'))
				section++;
			start = q;
		}
		i = o;
	}
}

/*
 * offsetof(struct s, a.b[i]) and offsetof(typeof(*p), m): the grammar's
 * offsetof takes a type and one field name only.  Spell it `_ffsetof`, an
 * ordinary call, with a type argument as `_`.
 */
static void fix_offsetof(char *t, tok_list *tl)
{
	for (size_t i = 0; i + 1 < tl->n; i++) {
		if (!tok_is(t, &tl->v[i], "offsetof"))
			continue;
		size_t close = call_end(tl, i);
		if (!close)
			continue;
		size_t open = i + 1, comma = 0;
		for (size_t q = open + 1; q < close; q = next_sib(tl, q) + 1)
			if (tl->v[q].paren == tl->v[open].paren + 1 && is_p(&tl->v[q], ',')) {
				comma = q;
				break;
			}
		if (!comma)
			continue;
		bool simple_member = comma + 2 == close && tl->v[comma + 1].k == K_ID;
		bool simple_type = true;
		for (size_t q = open + 1; q < comma; q++)
			if (!(tl->v[q].k == K_ID && !tok_is(t, &tl->v[q], "typeof") &&
			      !tok_is(t, &tl->v[q], "__typeof__")) && !is_p(&tl->v[q], '*'))
				simple_type = false;
		if (simple_member && simple_type)
			continue;
		t[tl->v[i].a] = '_';
		if (simple_type && norm_looks_like_type(t, tl->v[open].b, tl->v[comma].a)) {
			size_t a = tl->v[open + 1].a;
			t[a] = '_';
			blank(t, a + 1, tl->v[comma].a);
		}
	}
}

/*
 * Arguments of macro calls that are no expression:
 *  - an empty one, `FIND_NEXT_BIT(a, /\* nop *\/, n)`: `_` where it stood;
 *  - a trailing comma, `LIBBPF_OPTS(o, .x = 1, )`: blanked;
 *  - an operator, `ASSERTCMP(x, ==, y)`: `_`;
 *  - a whole `typeof(...)`, and at file scope a type
 *    (`static DEFINE_PER_CPU(struct s, v);`): `_`.
 */
static void fix_macro_args(char *t, tok_list *tl)
{
	for (size_t i = 1; i < tl->n; i++) {
		const struct tok *open = &tl->v[i];
		if (!is_p(open, '(') || open->mate == UINT32_MAX)
			continue;
		const struct tok *callee = &tl->v[i - 1];
		if (callee->k != K_ID || is_kw(t, callee))
			continue;
		size_t close = open->mate;
		bool file_scope = false;
		size_t storage = SIZE_MAX;
		if (open->brace == 0 && open->paren == 0) {
			size_t p = prev_tok(tl, i - 1);
			/* `static`, `extern`, `static const` (DECLARE_TLV_DB_RANGE) */
			while (p != SIZE_MAX && (tok_is(t, &tl->v[p], "static") || tok_is(t, &tl->v[p], "extern") ||
						 tok_is(t, &tl->v[p], "const"))) {
				storage = p;
				p = prev_tok(tl, p);
			}
			file_scope = p == SIZE_MAX || is_p(&tl->v[p], ';') || is_p(&tl->v[p], '}');
			/* `FOO_DEFINE(name, type, arg) {` declares a function: leave it */
			if (close + 1 < tl->n && is_p(&tl->v[close + 1], '{'))
				file_scope = false;
		}
		if (file_scope && close + 1 < tl->n && is_p(&tl->v[close + 1], '=') &&
		    close >= i + 4 && is_p(&tl->v[close - 2], ',') && tl->v[close - 1].k == K_ID) {
			/* `static DEFINE_PER_CPU(struct s, v) = { ... };`: the macro
			 * declares its last argument; `static _                 v  = {` */
			t[callee->a] = '_';
			blank(t, callee->a + 1, tl->v[close - 1].a);
			blank(t, tl->v[close].a, tl->v[close].b);
			i = close;
			continue;
		}
		if (file_scope && storage != SIZE_MAX && close + 1 < tl->n && is_p(&tl->v[close + 1], ';')) {
			/* `static DEFINE_PER_CPU(struct s, v);`, `static FOO("8000");`,
			 * `static const DECLARE_TLV_DB_RANGE(t, 0, 0, X(1, 2));` read only
			 * without `static`/`const`; `static DEFINE_MUTEX(m);` reads as it is */
			if (!(close == i + 2 && tl->v[i + 1].k == K_ID && !is_kw(t, &tl->v[i + 1])))
				for (size_t q = storage; q < i - 1; q++)
					if (tl->v[q].k == K_ID)
						blank(t, tl->v[q].a, tl->v[q].b);
		}
		int32_t depth = open->paren + 1;
		size_t a = i + 1;	/* first token of the current argument */
		size_t sep = i;		/* the separator before it */
		for (size_t q = i + 1; q <= close; q++) {
			const struct tok *k = &tl->v[q];
			bool end = q == close || (k->paren == depth && k->encl == '(' && is_p(k, ','));
			if (!end) {
				q = next_sib(tl, q);
				continue;
			}
			if (a == q) {
				/* empty: between tl->v[sep] and tl->v[q] */
				if (q == close && sep != i) {
					t[tl->v[sep].a] = ' ';	/* trailing comma */
				} else if (sep != i || q != close) {
					size_t x = tl->v[sep].b, y = k->a;
					size_t z = x;
					while (z < y && (t[z] == '\n' || t[z] == '\r'))
						z++;
					if (z < y) {
						blank(t, x, y);
						t[z] = '_';
					}
				}
			} else {
				bool ops = true;
				for (size_t r = a; r < q && ops; r++)
					if (tl->v[r].k != K_P || strchr("(){}[],;.", tl->v[r].c))
						ops = false;
				bool whole_typeof = (tok_is(t, &tl->v[a], "typeof") ||
						     tok_is(t, &tl->v[a], "__typeof__") ||
						     tok_is(t, &tl->v[a], "__typeof")) &&
						    call_end(tl, a) == q - 1;
				bool type = file_scope && norm_looks_like_type(t, tl->v[a].a, tl->v[q - 1].b);
				if (ops || whole_typeof || type) {
					t[tl->v[a].a] = '_';
					blank(t, tl->v[a].a + 1, tl->v[q - 1].b);
				}
			}
			sep = q;
			a = q + 1;
		}
	}
}

/*
 * Table macros that bring their own ',' (`MUX_CFG(DA830, RTCK, 0, 0, 0xf,
 * 8, false)` one a line in an initialiser): a blank between one such call
 * and the next element (another call, a `{ ... }`) becomes the ',' the
 * grammar wants between elements.
 */
static void fix_init_elems(char *t, tok_list *tl)
{
	for (size_t i = 1; i + 2 < tl->n; i++) {
		const struct tok *k = &tl->v[i], *p = &tl->v[i - 1];
		if (k->k != K_ID || k->encl != 'I' || is_kw(t, k) ||
		    !(is_p(p, '{') || is_p(p, ',') || is_p(p, ')')))
			continue;
		size_t close = call_end(tl, i);
		if (!close || close + 2 >= tl->n)
			continue;
		const struct tok *nx = &tl->v[close + 1];
		if (!is_p(nx, '{') && (nx->k != K_ID || is_kw(t, nx) || !is_p(&tl->v[close + 2], '(')))
			continue;
		bool done = false;
		for (size_t x = tl->v[close].b; x < nx->a; x++) {
			if (t[x] == ' ' || t[x] == '\t') {
				t[x] = ',';
				done = true;
				break;
			}
			if (t[x] == '/' && t[x + 1] == '*')
				x = lex_block_comment(t, nx->a, x) - 1;	/* the loop steps on */
			else if (t[x] == '/' && t[x + 1] == '/')
				x = lex_line_comment(t, nx->a, x, 0);
		}
		/* no blank after the call (the table starts each line in column
		 * 0): the blank before a last argument that is one number or
		 * name is taken instead, the argument and ')' move left into
		 * it: `1, 0)` becomes `1,0),` */
		struct tok *last = &tl->v[close - 1];
		if (!done && close > i + 3 && (last->k == K_NUM || last->k == K_ID) &&
		    is_p(&tl->v[close - 2], ',') && last->a > tl->v[close - 2].b &&
		    (t[last->a - 1] == ' ' || t[last->a - 1] == '\t') &&
		    tl->v[close].a == last->b && t[tl->v[close].b] == '\n') {
			memmove(t + last->a - 1, t + last->a, tl->v[close].b - last->a);
			t[tl->v[close].a] = ',';
			last->a--;
			last->b--;
			tl->v[close].a--;
			tl->v[close].b--;
		}
		i = close;
	}
}

void norm_fix_expressions(char *t, tok_list *tl)
{
	fix_numbers(t, tl);
	fix_case_ranges(t, tl);
	fix_asm(t, tl);
	fix_string_runs(t, tl);
	fix_offsetof(t, tl);
	fix_macro_args(t, tl);
	fix_init_elems(t, tl);
}
