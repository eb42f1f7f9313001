// SPDX-License-Identifier: GPL-2.0
/*
 * The correlated conditions of a CFG (see cfg.h): the canonical text of
 * an atomic condition, interned per graph as an atom with the variables
 * whose assignment invalidates it, and the branch assumptions a path
 * carries over those atoms.  cfg.c asks here for the atom of each test it
 * splits out; the analyses keep and join assumptions with assumes_*.
 */
#include "cfg_atoms.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "api.h"
#include "kconfig.h"

/* --- atoms: canonical conditions ------------------------------------ */

static bool is_zero_literal(TSNode n, const char *text)
{
	n = strip_parens(n);
	if (node_is(n, S_null) || node_is(n, S_false))
		return true;
	if (node_is(n, S_number_literal) || node_is(n, S_identifier))
		return node_text_is(n, text, "0") || node_text_is(n, text, "NULL") ||
		       node_text_is(n, text, "0UL") || node_text_is(n, text, "0L") ||
		       node_text_is(n, text, "false");
	return false;
}

/* A function-like macro by the kernel's naming (INODE_JOURNAL(i),
 * PageDirty is not, IS_ERR is in the table): upper case, digits and `_`,
 * with no role in the API table.  In a condition such a macro reads state
 * (`(OCFS2_I(i)->ip_flags & X)`); its arguments are still checked. */
static bool macro_like(const char *name, size_t len)
{
	return name && len >= 3 && upper_case_name(name, len) && !api_lookup(name, len);
}

bool cfg_impure(TSNode n, const char *text, int depth)
{
	if (depth > 200)
		return true;
	if (node_is(n, S_assignment_expression) || node_is(n, S_update_expression) ||
	    node_is(n, S_compound_statement) || node_is(n, S_gnu_asm_expression))
		return true;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, text, &len);
		/* calls (mostly macros) whose value is the same each time within
		 * one call of the function, so their conditions correlate */
		if (!api_is(name, len, A_PURE) && !macro_like(name, len))
			return true;
	}
	uint32_t c = ts_node_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		if (cfg_impure(ts_node_child(n, i), text, depth + 1))
			return true;
	return false;
}

static void text_nospace(struct strbuf *sb, TSNode n, const char *text)
{
	const char *p = node_ptr(n, text);
	size_t len = node_len(n);
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)p[i]))
			strbuf_addc(sb, p[i]);
}

/* A non-negative integer literal of a signed type (`3`, `0x10`, `8L`, a
 * plain ASCII character `'t'`; not `3U`, whose comparison converts the
 * other side), its value in *k. */
static bool int_literal(TSNode n, const char *text, int64_t *k)
{
	n = strip_parens(n);
	const char *p = node_ptr(n, text);
	size_t len = node_len(n);
	if (node_is(n, S_char_literal) && len == 3 && p[0] == '\'' && p[2] == '\'' &&
	    p[1] != '\\' && (unsigned char)p[1] < 0x80) {
		*k = p[1];	/* 't': a plain ASCII character */
		return true;
	}
	if (!node_is(n, S_number_literal))
		return false;
	while (len && (p[len - 1] == 'l' || p[len - 1] == 'L'))
		len--;
	if (!len || len > 12)
		return false;
	char buf[16];
	memcpy(buf, p, len);
	buf[len] = 0;
	char *end;
	long long v = strtoll(buf, &end, 0);
	if (*end || v < 0)
		return false;
	*k = v;
	return true;
}

/* The compared value's text, without spaces, in g's arena. */
static const char *lhs_text(struct cfg *g, TSNode left)
{
	struct strbuf sb;
	strbuf_init(&sb);
	text_nospace(&sb, left, g->text);
	const char *t = arena_strndup(g->arena, sb.buf, sb.len);
	strbuf_release(&sb);
	return t;
}

/* Record what comparison atom a is: `left OP literal` when given (op and
 * the literal of the condition, after the negations cfg_atom_for strips),
 * else the value alone (`v`: `v != 0`). */
static void note_cmp(struct cfg *g, int32_t a, TSNode left, const char *op, size_t oplen,
		     TSNode lit)
{
	struct cfg_atom *at = &g->atoms.v[a];
	if (at->cmp_op)
		return;
	if (!op) {
		at->cmp_op = CMP_NZ;
		at->cmp_lhs = at->key;
		return;
	}
	int64_t k;
	if (!int_literal(lit, g->text, &k)) {
		if (at->ncase_sw) {	/* a case label's macro: distinct from its switch's others */
			at->cmp_lhs = lhs_text(g, left);
			at->cmp_op = CMP_EQS;
		}
		return;
	}
	static const struct { const char *op; uint8_t cmp; } ops[] = {
		{ "==", CMP_EQ }, { "!=", CMP_EQ }, { "<", CMP_LT }, { ">=", CMP_LT },
		{ "<=", CMP_LE }, { ">", CMP_LE },
	};
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strlen(ops[i].op) == oplen && !memcmp(op, ops[i].op, oplen)) {
			at->cmp_lhs = lhs_text(g, left);
			at->cmp_op = ops[i].cmp;
			at->cmp_k = k;
			return;
		}
}

typedef VEC(const char *) name_list;

static void collect_roots(TSNode n, const char *text, name_list *out,
			  struct arena *a, int depth)
{
	if (depth > 200)
		return;
	if (node_is(n, S_identifier) || node_is(n, S_field_expression)) {
		struct strbuf sb;
		strbuf_init(&sb);
		text_nospace(&sb, n, text);
		VEC_PUSH(*out, arena_strndup(a, sb.buf, sb.len));
		strbuf_release(&sb);
		if (node_is(n, S_identifier))
			return;
	}
	if (node_is(n, S_call_expression)) {
		/* the callee of a pure macro is not a variable */
		TSNode args = node_field(n, "arguments");
		if (!ts_node_is_null(args))
			collect_roots(args, text, out, a, depth + 1);
		return;
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		collect_roots(ts_node_named_child(n, i), text, out, a, depth + 1);
}

/* The atom with this key, made when new; its roots are the variables of
 * `roots_of` (none when null: a preprocessor atom is never invalidated). */
static int32_t intern_atom(struct cfg *g, const struct strbuf *key, TSNode roots_of, bool fixed)
{
	for (size_t i = 0; i < g->atoms.n; i++)
		if (strcmp(g->atoms.v[i].key, key->buf) == 0)
			return (int32_t)i;
	struct cfg_atom at = { .key = arena_strndup(g->arena, key->buf, key->len), .fixed = fixed };
	if (!ts_node_is_null(roots_of)) {
		name_list roots = {0};
		collect_roots(roots_of, g->text, &roots, g->arena, 0);
		at.roots = arena_alloc(g->arena, (roots.n + 1) * sizeof(char *));
		if (roots.n)
			memcpy(at.roots, roots.v, roots.n * sizeof(char *));
		at.nroots = roots.n;
		VEC_FREE(roots);
	}
	VEC_PUSH(g->atoms, at);
	return (int32_t)(g->atoms.n - 1);
}

/* (`!x`, `x == 0`, `x == NULL` are x false; `a >= b` is `a<b` false;
 * `a != b` is `a==b` false) */
int32_t cfg_atom_for(struct cfg *g, TSNode n, bool *pol, bool fixed)
{
	const char *text = g->text;
	*pol = true;
	for (int guard = 0; guard < 64; guard++) {
		n = strip_parens(n);
		if (node_is(n, S_unary_expression) &&
		    node_text_is(ts_node_child(n, 0), text, "!")) {
			*pol = !*pol;
			n = node_field(n, "argument");
			continue;
		}
		if (is_hint_call(n, text)) {
			n = ts_node_named_child(node_field(n, "arguments"), 0);
			continue;
		}
		if (node_is(n, S_binary_expression)) {
			TSNode op = node_field(n, "operator");
			TSNode l = node_field(n, "left"), r = node_field(n, "right");
			if (node_text_is(op, text, "!=") && is_zero_literal(r, text)) {
				n = l;
				continue;
			}
			if (node_text_is(op, text, "==") && is_zero_literal(r, text)) {
				*pol = !*pol;
				n = l;
				continue;
			}
		}
		break;
	}
	if (ts_node_is_null(n) || (!fixed && cfg_impure(n, text, 0)))
		return -1;
	struct strbuf sb;
	strbuf_init(&sb);
	if (node_is(n, S_binary_expression)) {
		TSNode op = node_field(n, "operator");
		TSNode l = node_field(n, "left"), r = node_field(n, "right");
		const char *flip = NULL;
		if (node_text_is(op, text, ">="))
			flip = "<";
		else if (node_text_is(op, text, ">"))
			flip = "<=";
		else if (node_text_is(op, text, "!="))
			flip = "==";
		if (flip) {
			*pol = !*pol;
			text_nospace(&sb, l, text);
			strbuf_adds(&sb, flip);
			text_nospace(&sb, r, text);
		}
	}
	if (!sb.len) {
		if (node_is(n, S_preproc_defined)) {
			TSNode id = ts_node_named_child(n, 0);
			strbuf_adds(&sb, "defined(");
			if (!ts_node_is_null(id))
				text_nospace(&sb, id, text);
			strbuf_adds(&sb, ")");
		} else {
			text_nospace(&sb, n, text);
		}
	}
	if (fixed) {
		/* distinguish `#if X` from the C condition `if (X)` */
		struct strbuf k;
		strbuf_init(&k);
		strbuf_addf(&k, "#%s", sb.buf);
		strbuf_release(&sb);
		sb = k;
	}
	int32_t a = intern_atom(g, &sb, fixed ? (TSNode){0} : n, fixed);
	strbuf_release(&sb);
	if (!fixed && !node_is(n, S_binary_expression)) {
		note_cmp(g, a, n, NULL, 0, (TSNode){0});
	} else if (!fixed) {
		TSNode op = node_field(n, "operator");
		note_cmp(g, a, node_field(n, "left"), node_ptr(op, text), node_len(op),
			 node_field(n, "right"));
	}
	return a;
}

int32_t cfg_case_atom(struct cfg *g, TSNode sw_cond, TSNode value)
{
	const char *text = g->text;
	if (ts_node_is_null(sw_cond) || cfg_impure(value, text, 0))
		return -1;
	struct strbuf sb;
	strbuf_init(&sb);
	text_nospace(&sb, sw_cond, text);
	strbuf_adds(&sb, "==");
	text_nospace(&sb, value, text);
	int32_t a = intern_atom(g, &sb, sw_cond, false);
	strbuf_release(&sb);
	struct cfg_atom *at = &g->atoms.v[a];
	uint32_t sw = ts_node_start_byte(sw_cond);
	bool have = false;
	for (int i = 0; i < at->ncase_sw; i++)
		have |= at->case_sw[i] == sw;
	if (!have && at->ncase_sw < 4)
		at->case_sw[at->ncase_sw++] = sw;
	note_cmp(g, a, sw_cond, "==", 2, value);
	return a;
}

int32_t cfg_defined_atom(struct cfg *g, TSNode name)
{
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_adds(&sb, "#defined(");
	if (!ts_node_is_null(name))
		text_nospace(&sb, name, g->text);
	strbuf_adds(&sb, ")");
	int32_t atom = -1;
	for (size_t i = 0; i < g->atoms.n; i++)
		if (!strcmp(g->atoms.v[i].key, sb.buf))
			atom = (int32_t)i;
	if (atom < 0) {
		struct cfg_atom at = { .key = arena_strndup(g->arena, sb.buf, sb.len), .fixed = true };
		VEC_PUSH(g->atoms, at);
		atom = (int32_t)(g->atoms.n - 1);
	}
	strbuf_release(&sb);
	return atom;
}

/* --- branch assumptions ------------------------------------------------- */

int assumes_get(const struct cfg_assumes *a, int atom)
{
	for (int i = 0; i < a->n; i++)
		if (a->v[i].atom == atom)
			return a->v[i].pol;
	return -1;
}

static void assumes_del(struct cfg_assumes *a, int i)
{
	memmove(&a->v[i], &a->v[i + 1], (size_t)(a->n - i - 1) * sizeof(a->v[0]));
	a->n--;
}

void assumes_add(struct cfg_assumes *a, int atom, bool pol)
{
	if (assumes_get(a, atom) >= 0)
		return;
	if (a->n == CFG_MAX_ASSUME)
		assumes_del(a, 0);
	int i = a->n;
	while (i > 0 && a->v[i - 1].atom > atom) {
		a->v[i] = a->v[i - 1];
		i--;
	}
	a->v[i].atom = (uint16_t)atom;
	a->v[i].pol = pol;
	a->n++;
}

void assumes_imply(const struct cfg *g, struct cfg_assumes *a, int atom, bool pol)
{
	const struct cfg_atom *at = &g->atoms.v[atom];
	if (at->nz_base && pol == at->nz_pol)
		assumes_add(a, at->nz_base - 1, true);
	if (!at->nz_has || pol)
		return;
	for (size_t j = 0; j < g->atoms.n; j++)
		if (g->atoms.v[j].nz_base == atom + 1)
			assumes_add(a, (int)j, !g->atoms.v[j].nz_pol);
}

/* Group the comparisons of one value (cmp_group: the group's first atom;
 * -1 for an atom no other atom's value matches). */
static void group_cmps(struct cfg *g)
{
	for (size_t i = 0; i < g->atoms.n; i++)
		g->atoms.v[i].cmp_group = -1;
	for (size_t i = 0; i < g->atoms.n; i++) {
		struct cfg_atom *at = &g->atoms.v[i];
		if (!at->cmp_lhs || at->cmp_group >= 0)
			continue;
		for (size_t j = i + 1; j < g->atoms.n; j++) {
			struct cfg_atom *b = &g->atoms.v[j];
			if (b->cmp_lhs && b->cmp_group < 0 && !strcmp(b->cmp_lhs, at->cmp_lhs)) {
				b->cmp_group = (int32_t)i;
				at->cmp_group = (int32_t)i;
			}
		}
	}
}

/* The bounds [*lo, *hi] of a value, less the values in ex[]: what a path's
 * comparisons of it say. */
#define RANGE_EX 8
struct range {
	int64_t lo, hi;
	int64_t ex[RANGE_EX];
	int nex;
};

/* Are a and b labels of one switch (so different values)? */
static bool same_switch(const struct cfg_atom *a, const struct cfg_atom *b)
{
	for (int i = 0; i < a->ncase_sw; i++)
		for (int j = 0; j < b->ncase_sw; j++)
			if (a->case_sw[i] == b->case_sw[j])
				return true;
	return false;
}

static void range_take(struct range *r, const struct cfg_atom *at, bool pol)
{
	if (at->cmp_op == CMP_EQS)
		return;	/* a macro's value is not known */
	int64_t k = at->cmp_op == CMP_NZ ? 0 : at->cmp_k;
	switch (at->cmp_op) {
	case CMP_NZ:	/* `v` is `v != 0` */
	case CMP_EQ:
		if (pol == (at->cmp_op == CMP_EQ)) {
			r->lo = r->lo > k ? r->lo : k;
			r->hi = r->hi < k ? r->hi : k;
		} else if (r->nex < RANGE_EX) {
			r->ex[r->nex++] = k;
		}
		break;
	case CMP_LT:
		if (pol)
			r->hi = r->hi < k - 1 ? r->hi : k - 1;
		else
			r->lo = r->lo > k ? r->lo : k;
		break;
	case CMP_LE:
		if (pol)
			r->hi = r->hi < k ? r->hi : k;
		else
			r->lo = r->lo > k + 1 ? r->lo : k + 1;
		break;
	}
}

static bool range_excludes(const struct range *r, int64_t v)
{
	if (v < r->lo || v > r->hi)
		return true;
	for (int i = 0; i < r->nex; i++)
		if (r->ex[i] == v)
			return true;
	return false;
}

int assumes_range(const struct cfg *g, const struct cfg_assumes *a, int atom)
{
	const struct cfg_atom *at = &g->atoms.v[atom];
	if (at->cmp_group < 0)
		return -1;
	if (at->cmp_op == CMP_EQS) {
		/* `cmd == A` true: `cmd == B` false where A and B label one switch */
		for (int i = 0; i < a->n; i++) {
			const struct cfg_atom *b = &g->atoms.v[a->v[i].atom];
			if (a->v[i].atom != atom && a->v[i].pol && b->cmp_group == at->cmp_group &&
			    b->cmp_op == CMP_EQS && same_switch(at, b))
				return 0;
		}
		return -1;
	}
	struct range r = { .lo = INT64_MIN, .hi = INT64_MAX };
	bool any = false;
	for (int i = 0; i < a->n; i++) {
		const struct cfg_atom *b = &g->atoms.v[a->v[i].atom];
		if (a->v[i].atom != atom && b->cmp_group == at->cmp_group) {
			range_take(&r, b, a->v[i].pol);
			any = true;
		}
	}
	if (!any)
		return -1;
	/* bounds that are excluded values move inwards (a few steps) */
	for (int step = 0; step < RANGE_EX && r.lo <= r.hi; step++) {
		bool moved = false;
		for (int i = 0; i < r.nex; i++) {
			if (r.ex[i] == r.lo && r.lo < r.hi) {
				r.lo++;
				moved = true;
			} else if (r.ex[i] == r.hi && r.lo < r.hi) {
				r.hi--;
				moved = true;
			}
		}
		if (!moved)
			break;
	}
	if (r.lo > r.hi)
		return -1;	/* the path is already contradictory: no opinion */
	int64_t k = at->cmp_op == CMP_NZ ? 0 : at->cmp_k;
	switch (at->cmp_op) {
	case CMP_NZ:
	case CMP_EQ: {
		bool eq_true = r.lo == k && r.hi == k && !range_excludes(&r, k);
		if (range_excludes(&r, k))
			return at->cmp_op == CMP_EQ ? 0 : 1;
		if (eq_true)
			return at->cmp_op == CMP_EQ ? 1 : 0;
		return -1;
	}
	case CMP_LT:
		return r.hi < k ? 1 : r.lo >= k ? 0 : -1;
	case CMP_LE:
		return r.hi <= k ? 1 : r.lo > k ? 0 : -1;
	}
	return -1;
}

/* What a preprocessor atom's key says of one Kconfig symbol. */
static void note_kconfig(struct cfg_atom *at)
{
	static const struct { const char *pre; uint8_t kind; } forms[] = {
		{ "#defined(CONFIG_", KC_Y }, { "#IS_ENABLED(CONFIG_", KC_EN },
		{ "#IS_BUILTIN(CONFIG_", KC_Y }, { "#IS_MODULE(CONFIG_", KC_M }, { "#CONFIG_", KC_Y },
	};
	at->kc_kind = KC_NONE;
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		size_t pl = strlen(forms[i].pre);
		if (strncmp(at->key, forms[i].pre, pl))
			continue;
		const char *n = at->key + pl;
		size_t len = strlen(n);
		if (forms[i].pre[1] != 'C') {
			if (!len || n[len - 1] != ')')
				return;
			len--;
		}
		for (size_t k = 0; k < len; k++)
			if (!ident_byte((unsigned char)n[k]))
				return;
		int32_t sym = kconfig_find(n, len);
		uint8_t kind = forms[i].kind;
		if (sym < 0 && kind == KC_Y && len > 7 && !memcmp(n + len - 7, "_MODULE", 7)) {
			sym = kconfig_find(n, len - 7);
			kind = KC_M;
		}
		if (sym >= 0) {
			at->kc_sym = sym;
			at->kc_kind = kind;
		}
		return;
	}
}

/* What an assumed atom says of its symbol being enabled: 1, 0, or -1. */
static int kc_enabled(const struct cfg_atom *b, bool pol)
{
	if (b->kc_kind == KC_EN)
		return pol;
	if (pol)
		return 1;	/* X=y or X=m */
	return b->kc_kind == KC_Y && !kconfig_tristate(b->kc_sym) ? 0 : -1;
}

int assumes_kconfig(const struct cfg *g, const struct cfg_assumes *a, int atom)
{
	const struct cfg_atom *at = &g->atoms.v[atom];
	if (at->kc_kind == KC_NONE)
		return -1;
	int32_t z = at->kc_sym;
	if (at->kc_kind == KC_M && !kconfig_tristate(z))
		return 0;	/* a bool symbol is never a module */
	int en = -1;
	for (int i = 0; i < a->n; i++) {
		const struct cfg_atom *b = &g->atoms.v[a->v[i].atom];
		bool pol = a->v[i].pol;
		if (a->v[i].atom == atom || b->kc_kind == KC_NONE)
			continue;
		if (b->kc_sym == z && pol && b->kc_kind != KC_EN && at->kc_kind != KC_EN &&
		    b->kc_kind != at->kc_kind)
			return 0;	/* X=y and X=m exclude each other */
		int es = kc_enabled(b, pol);
		if (es < 0)
			continue;
		int got = -1;
		if (b->kc_sym == z)
			got = es;
		else if (es == 1 && kconfig_needs(b->kc_sym, z))
			got = 1;
		else if (es == 1 && (kconfig_excludes(b->kc_sym, z) || kconfig_excludes(z, b->kc_sym)))
			got = 0;
		else if (es == 0 && kconfig_needs(z, b->kc_sym))
			got = 0;
		if (got >= 0 && en >= 0 && got != en)
			return -1;	/* the path contradicts itself already */
		if (got >= 0)
			en = got;
	}
	if (en == 0)
		return 0;
	if (en == 1 && at->kc_kind == KC_EN)
		return 1;
	if (en == 1 && at->kc_kind == KC_Y && !kconfig_tristate(z))
		return 1;
	return -1;
}

void cfg_link_atoms(struct cfg *g)
{
	group_cmps(g);
	for (size_t i = 0; i < g->atoms.n; i++)
		if (g->atoms.v[i].fixed)
			note_kconfig(&g->atoms.v[i]);
		else
			g->atoms.v[i].kc_kind = KC_NONE;
	for (size_t i = 0; i < g->atoms.n; i++) {
		struct cfg_atom *at = &g->atoms.v[i];
		size_t len = strlen(at->key);
		size_t base;
		bool pol;
		if (at->fixed)
			continue;
		if (len > 2 && !strcmp(at->key + len - 2, "<0")) {
			base = len - 2;
			pol = true;
		} else if (len > 3 && !strcmp(at->key + len - 3, "<=0")) {
			base = len - 3;
			pol = false;
		} else {
			continue;
		}
		for (size_t j = 0; j < g->atoms.n; j++) {
			struct cfg_atom *b = &g->atoms.v[j];
			if (j != i && !b->fixed && strlen(b->key) == base &&
			    !strncmp(b->key, at->key, base)) {
				at->nz_base = (int32_t)j + 1;
				at->nz_pol = pol;
				b->nz_has = true;
				break;
			}
		}
	}
}

void assumes_kill(struct cfg_assumes *a, const struct cfg *g, const char *p, size_t len,
		  bool deref_only)
{
	for (int i = 0; i < a->n;) {
		const struct cfg_atom *at = &g->atoms.v[a->v[i].atom];
		bool hit = false;
		for (size_t j = 0; !at->fixed && j < at->nroots && !hit; j++) {
			const char *root = at->roots[j];
			if (strncmp(root, p, len))
				continue;
			if (deref_only)
				hit = root[len] == '-' && root[len + 1] == '>';
			else
				hit = root[len] == '\0' || root[len] == '-' || root[len] == '.' ||
				      root[len] == '[';
		}
		if (hit)
			assumes_del(a, i);
		else
			i++;
	}
}

void assumes_forget(struct cfg_assumes *a, const struct cfg *g,
		    bool (*keep)(const struct cfg_atom *at, void *ctx), void *ctx)
{
	for (int i = 0; i < a->n;) {
		const struct cfg_atom *at = &g->atoms.v[a->v[i].atom];
		if (!at->fixed && !keep(at, ctx))
			assumes_del(a, i);
		else
			i++;
	}
}

void assumes_meet(struct cfg_assumes *a, const struct cfg_assumes *b)
{
	for (int i = 0; i < a->n;) {
		if (assumes_get(b, a->v[i].atom) != a->v[i].pol)
			assumes_del(a, i);
		else
			i++;
	}
}

bool assumes_eq(const struct cfg_assumes *a, const struct cfg_assumes *b)
{
	return a->n == b->n && !memcmp(a->v, b->v, a->n * sizeof(a->v[0]));
}

size_t cfg_state_slot(const void *states, size_t n, size_t size, const void *ns,
		      bool (*agree)(const void *a, const void *b), size_t per_kind, size_t total)
{
	size_t same = 0, at = n;
	for (size_t i = 0; i < n; i++)
		if (agree((const char *)states + i * size, ns)) {
			same++;
			at = i;
		}
	if (same < per_kind && n < total)
		return n;
	return at == n ? n - 1 : at;
}
