// SPDX-License-Identifier: GPL-2.0
/*
 * Control-flow macros (see macros.h).  A plain text scan: only lines that
 * start with `#define NAME(` matter, joined over backslash newlines.
 */
#include "macros.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "lexer.h"
#include "macros_int.h"
#include "rules.h"

static bool ident_char(char c)
{
	return ident_byte((unsigned char)c);
}

/* Does word w occur in p[0..n) as a whole word?  Returns its offset + 1. */
static size_t find_word(const char *p, size_t n, const char *w)
{
	size_t wl = strlen(w);
	for (size_t i = 0; i + wl <= n; i++) {
		if (memcmp(p + i, w, wl))
			continue;
		if ((i && ident_char(p[i - 1])) || (i + wl < n && ident_char(p[i + wl])))
			continue;
		return i + 1;
	}
	return 0;
}

/* The index + 1 of the parameter named w[0..wl) in the list ps[0..pn)
 * (the text between a function-like macro's parentheses), or 0. */
static int param_index(const char *ps, size_t pn, const char *w, size_t wl)
{
	int k = 0;
	for (size_t i = 0; i < pn;) {
		while (i < pn && !ident_char(ps[i]) && ps[i] != ',')
			i++;
		if (i < pn && ps[i] == ',') {
			k++;
			i++;
			continue;
		}
		size_t s = i;
		while (i < pn && ident_char(ps[i]))
			i++;
		if (i - s == wl && !memcmp(ps + s, w, wl))
			return k + 1;
	}
	return 0;
}

/* body[0, n) without blanks, in a, or NULL when longer than max. */
static char *squeeze(const char *body, size_t n, size_t max, struct arena *a)
{
	char buf[256];
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (isspace((unsigned char)body[i]) || body[i] == '\\')
			continue;
		if (k + 1 >= sizeof(buf) || k >= max)
			return NULL;
		buf[k++] = body[i];
	}
	return k ? arena_strndup(a, buf, k) : NULL;
}

/* What `return X;` returns when X is one word or a negated one (a
 * constant: `gcvSTATUS_INVALID_ARGUMENT`, `-EINVAL`, `-1`), else NULL. */
static const char *return_value(const char *p, size_t n, struct arena *a)
{
	size_t i = 0, e;
	while (i < n && (isspace((unsigned char)p[i]) || p[i] == '('))
		i++;
	size_t s = i;
	if (i < n && p[i] == '-')
		i++;
	while (i < n && ident_char(p[i]))
		i++;
	e = i;
	while (i < n && (isspace((unsigned char)p[i]) || p[i] == ')'))
		i++;
	if (e == s || (e == s + 1 && p[s] == '-') || i >= n || p[i] != ';')
		return NULL;
	return arena_strndup(a, p + s, e - s);
}

/* `name = param;` in body[0, n): 1 + that parameter's index, or 0. */
static int assigned_param(const char *body, size_t n, const char *name, size_t len,
			  const char *ps, size_t pn)
{
	for (size_t q = 0; q + len <= n; q++) {
		if (memcmp(body + q, name, len) || (q && ident_char(body[q - 1])) ||
		    (q + len < n && ident_char(body[q + len])))
			continue;
		size_t r = q + len;
		while (r < n && isspace((unsigned char)body[r]))
			r++;
		if (r >= n || body[r] != '=' || (r + 1 < n && body[r + 1] == '='))
			continue;
		r++;
		while (r < n && (isspace((unsigned char)body[r]) || body[r] == '('))
			r++;
		size_t vs = r;
		while (r < n && ident_char(body[r]))
			r++;
		size_t ve = r;
		while (r < n && (isspace((unsigned char)body[r]) || body[r] == ')'))
			r++;
		int pk = ve > vs && r < n && body[r] == ';' ? param_index(ps, pn, body + vs, ve - vs) : 0;
		if (pk)
			return pk;
	}
	return 0;
}

/* The test of the `if` that guards the goto at body[g] (`if (gcmIS_ERROR(
 * status)) { ...; goto OnError; }`), and the parameter whose value it
 * reads, itself or through an assignment `status = func;`. */
static void goto_test(const char *body, size_t g, const char *ps, size_t pn, struct arena *a,
		      struct ctl_macro *m)
{
	size_t at = 0, k;
	for (size_t from = 0; (k = find_word(body + from, g - from, "if")); from += k + 1)
		at = from + k;
	if (!at)
		return;
	size_t i = at - 1 + 2;
	while (i < g && isspace((unsigned char)body[i]))
		i++;
	if (i >= g || body[i] != '(')
		return;
	size_t open = i;
	int depth = 0;
	for (; i < g; i++) {
		if (body[i] == '(')
			depth++;
		else if (body[i] == ')' && --depth == 0)
			break;
	}
	if (i >= g)
		return;
	const char *test = body + open + 1;
	size_t tn = i - open - 1;
	/* the identifiers it reads: a parameter, or what one was assigned to */
	for (size_t j = 0; j < tn;) {
		if (!ident_char(test[j]) || (j && ident_char(test[j - 1]))) {
			j++;
			continue;
		}
		size_t s = j;
		while (j < tn && ident_char(test[j]))
			j++;
		int pk = param_index(ps, pn, test + s, j - s);
		if (!pk)
			pk = assigned_param(body, at - 1, test + s, j - s, ps, pn);
		if (pk > 0 && pk < 256) {
			m->test = squeeze(test, tn, 200, a);
			m->tparam = (uint8_t)pk;
			return;
		}
	}
}

/* A CM_ALIAS's call `_gcmkONERROR(gcmk, func)`: for each argument, the
 * index of the alias's own parameter it is, or `-` ("-,0"), so a test of
 * the target's parameter maps back to the alias's; NULL when too long. */
static const char *alias_args(const char *p, size_t n, const char *ps, size_t pn,
			      struct arena *a)
{
	char buf[64];
	size_t k = 0;
	int depth = 0;
	for (size_t i = 0, s = 0; i <= n; i++) {
		bool end = i == n || (depth == 0 && (p[i] == ',' || p[i] == ')'));
		if (i < n && (p[i] == '(' || p[i] == '['))
			depth++;
		else if (i < n && (p[i] == ']' || (p[i] == ')' && depth > 0)) && !end)
			depth--;
		if (!end)
			continue;
		size_t b = s, e = i;
		while (b < e && isspace((unsigned char)p[b]))
			b++;
		while (e > b && isspace((unsigned char)p[e - 1]))
			e--;
		size_t w = b;
		while (w < e && ident_char(p[w]))
			w++;
		int pk = w == e && e > b ? param_index(ps, pn, p + b, e - b) : 0;
		int len = pk ? snprintf(buf + k, sizeof(buf) - k, "%s%d", k ? "," : "", pk - 1)
			     : snprintf(buf + k, sizeof(buf) - k, "%s-", k ? "," : "");
		if (len < 0 || k + (size_t)len >= sizeof(buf))
			return NULL;
		k += (size_t)len;
		if (i == n || p[i] == ')')
			break;
		s = i + 1;
	}
	return arena_strndup(a, buf, k);
}

/* --- named constants with a negative value ------------------------------- */

/* An object-like `#define NAME VALUE` whose value is a negative literal:
 * v[0, n) is the rest of the line after the name. */
static void define_value(const char *name, size_t len, const char *v, size_t n, struct arena *a,
			 ctl_macro_list *out)
{
	long long x;
	if (macros_literal(v, n, &x) && x < 0)
		macros_push_neg(a, out, name, len);
}

/* The signs of v for which `v` followed by rest is true: rest is a
 * comparison with 0 (`<0`, `>=0`, ...) or nothing (`v`: non-zero); 0 when
 * it is neither. */
static int compare_signs(const char *rest)
{
	static const struct {
		const char *op;
		int signs;
	} ops[] = { { "<0", CS_NEG }, { "<=0", CS_NEG | CS_ZERO }, { ">0", CS_POS },
		    { ">=0", CS_ZERO | CS_POS }, { "==0", CS_ZERO }, { "!=0", CS_NEG | CS_POS },
		    { "", CS_NEG | CS_POS } };
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(rest, ops[i].op))
			return ops[i].signs;
	return 0;
}

/* A one-parameter macro that tests its argument's sign: `(status < 0)`,
 * `((x) >= 0)`.  Returns the CS_* signs it is true for, or 0. */
static int sign_macro(const char *body, size_t n, const char *ps, size_t pn)
{
	char b[128], p[64];
	size_t k = 0, q = 0;
	/* most macros are none: one parameter, a comparison with 0 */
	if (n > 4 * sizeof(b) || memchr(ps, ',', pn) || !memchr(body, '0', n))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isspace((unsigned char)body[i]) && body[i] != '\\') {
			if (k + 1 >= sizeof(b))
				return 0;
			b[k++] = body[i];
		}
	for (size_t i = 0; i < pn; i++)
		if (!isspace((unsigned char)ps[i])) {
			if (q + 1 >= sizeof(p) || !ident_char(ps[i]))
				return 0;	/* more than one parameter */
			p[q++] = ps[i];
		}
	b[k] = p[q] = '\0';
	if (!q)
		return 0;
	char *s = b;
	while (k >= 2 && s[0] == '(' && s[k - 1] == ')') {
		/* only parentheses around the whole test */
		int depth = 0;
		bool whole = true;
		for (size_t i = 0; i < k && whole; i++) {
			depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
			whole = depth > 0 || i == k - 1;
		}
		if (!whole)
			break;
		s++;
		k -= 2;
		s[k] = '\0';
	}
	size_t pl = strlen(p);
	if (!strncmp(s, p, pl))
		s += pl;
	else if (s[0] == '(' && !strncmp(s + 1, p, pl) && s[1 + pl] == ')')
		s += pl + 2;
	else
		return 0;
	return *s ? compare_signs(s) : 0;
}

static void classify(const char *body, size_t n, const char *ps, size_t pn, struct arena *a,
		     struct ctl_macro *m)
{
	size_t at;
	if ((at = find_word(body, n, "goto"))) {
		size_t i = at - 1 + 4;
		while (i < n && isspace((unsigned char)body[i]))
			i++;
		size_t s = i;
		while (i < n && ident_char(body[i]))
			i++;
		if (i > s) {
			int k = param_index(ps, pn, body + s, i - s);
			m->kind = CM_GOTO;
			m->param = (uint8_t)(k > 0 && k < 256 ? k : 0);
			m->arg = m->param ? NULL : arena_strndup(a, body + s, i - s);
			goto_test(body, at - 1, ps, pn, a, m);
		}
		return;
	}
	if ((at = find_word(body, n, "return"))) {
		m->kind = CM_RETURN;
		m->arg = return_value(body + at - 1 + 6, n - (at - 1 + 6), a);
		if (m->arg && param_index(ps, pn, m->arg, strlen(m->arg)))
			m->arg = NULL;	/* `return ret;` of a parameter: no constant */
		/* `if (cond) return;` testing a parameter itself, only */
		goto_test(body, at - 1, ps, pn, a, m);
		/* `if (!(s) || (s)->magic != FOO_MAGIC) return -ENXIO;` */
		if (m->tparam && macros_magic_mismatch(m->test))
			m->param = 1;
		const char *t = m->test;
		size_t tl = t ? strlen(t) : 0;
		while (tl >= 2 && t[0] == '(' && t[tl - 1] == ')')
			t++, tl -= 2;
		if (m->tparam && param_index(ps, pn, t, tl) != m->tparam)
			m->tparam = 0;
		if (!m->tparam)
			m->test = NULL;
		return;
	}
	if ((at = find_word(body, n, "break"))) {
		/* a break inside the macro's own loop or switch does not leave it */
		static const char *const loops[] = { "do", "while", "for", "switch" };
		bool inner = false;
		for (size_t k = 0; k < ARRAY_SIZE(loops); k++)
			inner |= find_word(body, at - 1, loops[k]) != 0;
		if (!inner)
			m->kind = CM_BREAK;
		return;
	}
	size_t i = 0;
	while (i < n && (isspace((unsigned char)body[i]) || body[i] == '('))
		i++;
	size_t s = i;
	while (i < n && ident_char(body[i]))
		i++;
	size_t e = i;
	while (i < n && isspace((unsigned char)body[i]))
		i++;
	if (e > s && i < n && body[i] == '(') {
		m->kind = CM_ALIAS;
		m->arg = arena_strndup(a, body + s, e - s);
		m->test = alias_args(body + i + 1, n - i - 1, ps, pn, a);
	}
}

/* The next word w (of length n) at or after p that follows a '#' and
 * blanks (`#define`, `#  include`), or NULL.  Found from the '#' (memchr):
 * a word searched for itself meets it in every identifier that holds it. */
static const char *next_directive(const char *p, const char *end, const char *w, size_t n)
{
	while (p < end && (p = memchr(p, '#', (size_t)(end - p)))) {
		const char *s = p + 1;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		/* (the first byte before a call: most directives of a
		 * header are not the one asked for) */
		if ((size_t)(end - s) >= n && *s == *w && !memcmp(s, w, n))
			return s;
		p = s;
	}
	return NULL;
}

/* `#include "name.c"` lines: CM_INCLUDE entries named by the path. */
static void includes_scan(const char *text, size_t len, struct arena *a, ctl_macro_list *out)
{
	const char *p = text, *end = text + len;
	while ((p = next_directive(p, end, "include", 7))) {
		p += 7;
		const char *s = p;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s >= end || *s != '"')
			continue;
		const char *q = ++s;
		while (s < end && *s != '"' && *s != '\n')
			s++;
		if (s >= end || *s != '"' || s - q < 3 || s[-2] != '.' || s[-1] != 'c')
			continue;
		struct ctl_macro m = { .name = arena_strndup(a, q, (size_t)(s - q)),
				       .kind = CM_INCLUDE };
		VEC_PUSH(*out, m);
	}
}

/* `#define NAME TARGET`, the value v[0, n) one identifier (a comment
 * after it aside) naming an A_KDS_ACCESS routine: a CM_API entry. */
static void api_alias(const char *name, size_t nlen, const char *v, size_t n, struct arena *a,
		      ctl_macro_list *out)
{
	size_t i = 0;
	while (i < n && (v[i] == ' ' || v[i] == '\t'))
		i++;
	size_t t = i;
	while (i < n && ident_char(v[i]))
		i++;
	size_t tl = i - t;
	while (i < n && (v[i] == ' ' || v[i] == '\t' || v[i] == '\r'))
		i++;
	if (!tl || (i < n && !(v[i] == '/' && i + 1 < n && (v[i + 1] == '/' || v[i + 1] == '*'))))
		return;
	const struct api *api = api_lookup(v + t, tl);
	if (!api || !(api->roles & A_KDS_ACCESS) || api_lookup(name, nlen))
		return;
	struct ctl_macro m = { .name = arena_strndup(a, name, nlen), .arg = api->name,
			       .kind = CM_API };
	VEC_PUSH(*out, m);
}

void macros_scan(const char *text, size_t len, bool wrappers, struct arena *a,
		 ctl_macro_list *out)
{
	includes_scan(text, len, a, out);
	if (wrappers)
		wrappers_scan(text, len, a, out);
	const char *p = text, *end = text + len;
	while ((p = next_directive(p, end, "define", 6))) {
		const char *q = p;
		p += 6;
		/* `#` and blanks only, back to the start of the line */
		const char *b = q;
		while (b[-1] == ' ' || b[-1] == '\t')
			b--;
		b--;	/* the '#' */
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > text && b[-1] != '\n')
			continue;
		const char *s = p;
		if (s >= end || (*s != ' ' && *s != '\t'))
			continue;
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		const char *ns = s;
		while (s < end && ident_char(*s))
			s++;
		if (s > ns && s < end && (*s == ' ' || *s == '\t')) {
			/* most values hold no '-': the physical line tells */
			const char *nl = memchr(s, '\n', (size_t)(end - s));
			api_alias(ns, (size_t)(s - ns), s, (size_t)((nl ? nl : end) - s), a, out);
			if (memchr(s, '-', (size_t)((nl ? nl : end) - s))) {
				size_t vl = lex_line_end(s, (size_t)(end - s), 0, LEX_BLOCK_COMMENTS);
				define_value(ns, (size_t)(s - ns), s, vl, a, out);
			}
			/* no directive starts later on this line (its '#' would
			 * not open the line) */
			p = nl ? nl : end;
			continue;
		}
		if (s == ns || s >= end || *s != '(')
			continue;
		const char *ne = s;
		int depth = 0;
		for (; s < end; s++) {
			if (*s == '(')
				depth++;
			else if (*s == ')' && --depth == 0)
				break;
			else if (*s == '\n' && s[-1] != '\\')
				break;
		}
		if (s >= end || *s != ')')
			continue;
		const char *body = ++s;
		s += lex_line_end(s, (size_t)(end - s), 0, LEX_SPLICE_CRLF);
		struct ctl_macro m = { .name = NULL };
		classify(body, (size_t)(s - body), ne + 1, (size_t)(body - 1 - (ne + 1)), a, &m);
		if (wrappers && (m.kind == CM_NONE || m.kind == CM_ALIAS)) {
			/* a macro that releases a lock inside (spufs_wait()
			 * drops and retakes the context's mutex, shm_unlock() is
			 * ipc_unlock()): kept as a wrapper that may release */
			struct ctl_macro w = { .kind = CM_WRAP, .param = 1 };
			int wr, wc;
			bool wo;
			w.arg = rules_lookup(ns, (size_t)(ne - ns), &wr, &wc, &wo)
					? NULL : wrappers_macro(ns, (size_t)(ne - ns), body, (size_t)(s - body), ne + 1,
								(size_t)(body - 1 - (ne + 1)), a);
			if (w.arg) {
				w.name = arena_strndup(a, ns, (size_t)(ne - ns));
				VEC_PUSH(*out, w);
			}
		}
		if (m.kind == CM_NONE) {
			int signs = sign_macro(body, (size_t)(s - body), ne + 1,
					       (size_t)(body - 1 - (ne + 1)));
			if (!signs)
				continue;
			m.kind = CM_SIGN;
			m.param = (uint8_t)signs;
		}
		m.name = arena_strndup(a, ns, (size_t)(ne - ns));
		VEC_PUSH(*out, m);
		p = s;
	}
	macros_decls_scan(text, len, a, out);
}

static int cmp_macro(const void *a, const void *b)
{
	return strcmp(((const struct ctl_macro *)a)->name, ((const struct ctl_macro *)b)->name);
}

void ctl_macros_init(struct ctl_macros *t)
{
	memset(t, 0, sizeof(*t));
	arena_init(&t->arena);
}

static void add_owned(struct ctl_macros *t, const ctl_macro_list *l, uint32_t owner,
		      const char *arch)
{
	for (size_t i = 0; i < l->n; i++) {
		struct ctl_macro m = l->v[i];
		m.name = arena_strndup(&t->arena, m.name, strlen(m.name));
		if (m.arg)
			m.arg = arena_strndup(&t->arena, m.arg, strlen(m.arg));
		if (m.test)
			m.test = arena_strndup(&t->arena, m.test, strlen(m.test));
		m.owner = owner;
		if (m.kind == CM_NORET && !owner && arch && !m.arg)
			m.arg = arch;	/* a header among the inputs, under arch/X/ */
		if (m.kind == CM_INCLUDE) {
			if (owner)
				VEC_PUSH(t->incl, m);
			continue;
		}
		if (m.kind == CM_WRAP && owner && !m.param)
			continue;	/* a C file's functions are parsed with it */
		VEC_PUSH(t->v, m);
	}
}

void ctl_macros_add(struct ctl_macros *t, const ctl_macro_list *l)
{
	add_owned(t, l, 0, NULL);
}

void ctl_macros_add_file(struct ctl_macros *t, const ctl_macro_list *l, size_t file,
			 const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	while (t->files.n <= file)
		VEC_PUSH(t->files, "");
	while (t->arch.n <= file)
		VEC_PUSH(t->arch, NULL);
	t->files.v[file] = arena_strndup(&t->arena, base, strlen(base));
	t->arch.v[file] = macros_path_arch(path, &t->arena);
	size_t n = strlen(base);
	bool c_file = n > 2 && !strcmp(base + n - 2, ".c");
	add_owned(t, l, c_file ? (uint32_t)file + 1 : 0, t->arch.v[file]);
}

static size_t name_slot(const struct ctl_macros *t, const char *name, size_t len)
{
	return (size_t)hash_bytes(name, len, 0x51ed270b27a0c5e1ULL) & (t->hcap - 1);
}

/* The hash index of the sorted names (find's first step; the binary
 * search of 20-odd string compares was a twentieth of a whole-tree run) */
static void index_names(struct ctl_macros *t)
{
	free(t->hidx);
	t->hidx = NULL;
	t->hcap = 16;
	while (t->hcap < 2 * t->v.n)
		t->hcap *= 2;
	t->hidx = xcalloc(t->hcap, sizeof(*t->hidx));
	for (size_t i = 0; i < t->v.n; i++) {
		const char *nm = t->v.v[i].name;
		if (i && !strcmp(nm, t->v.v[i - 1].name))
			continue;
		size_t h = name_slot(t, nm, strlen(nm));
		while (t->hidx[h])
			h = (h + 1) & (t->hcap - 1);
		t->hidx[h] = (uint32_t)i + 1;
	}
	t->hfor = t->v.n;
}

static int cmp_name(const char *name, size_t len, const char *s);

/* Is some entry named name[0, len) a wrapper, of any file, not (yet)
 * known inert? */
static bool live_wrapper(const struct ctl_macros *t, const char *name, size_t len)
{
	for (size_t h = name_slot(t, name, len); t->hidx[h]; h = (h + 1) & (t->hcap - 1)) {
		size_t i = t->hidx[h] - 1;
		if (cmp_name(name, len, t->v.v[i].name))
			continue;
		for (; i < t->v.n && !cmp_name(name, len, t->v.v[i].name); i++)
			if (t->v.v[i].kind == CM_WRAP && !t->v.v[i].inert)
				return true;
		return false;
	}
	return false;
}

/* Does the replayed line ln name a rule or a live wrapper (after its
 * `~` (a macro's release) or `?K` (a trylock's open) mark)? */
static bool line_live(const struct ctl_macros *t, const char *ln)
{
	if (ln[0] == '~')
		ln++;
	else if (ln[0] == '?' && ln[1] >= '0' && ln[1] <= '9')
		ln += 2;
	size_t nl = strcspn(ln, "(\n");
	int ri, ci;
	bool o;
	return rules_lookup(ln, nl, &ri, &ci, &o) || live_wrapper(t, ln, nl);
}

/* A macro wrapper whose every replayed line names neither a rule nor a
 * live wrapper (`#define memcpy(d, s, n) __memcpy(d, s, n)`, kept for its
 * own __NAME(); `#define put_user(x, p) __put_user_check(...)` or
 * `#define S3(seq) seq_putc(seq, '\n')`, kept as a release for the name
 * it calls): inert, to a fixpoint over the wrappers such lines call.
 * wrap_replay() does nothing for it (a release or trylock line acts only
 * through a rule or a wrapper), so a body naming one takes no part in the
 * lock rules for it.  Such names are most of the table on linux-6.1, and
 * every body naming one was kept for the lock rules. */
static void mark_inert(struct ctl_macros *t)
{
	if (!rules_get())
		return;
	for (size_t i = 0; i < t->v.n; i++) {
		struct ctl_macro *m = &t->v.v[i];
		m->inert = m->kind == CM_WRAP && m->param && m->arg;
	}
	for (bool changed = true; changed;) {
		changed = false;
		for (size_t i = 0; i < t->v.n; i++) {
			struct ctl_macro *m = &t->v.v[i];
			if (!m->inert)
				continue;
			for (const char *ln = m->arg; *ln && m->inert;
			     ln += strcspn(ln, "\n") + (ln[strcspn(ln, "\n")] != 0))
				m->inert = !line_live(t, ln);
			changed |= !m->inert;
		}
	}
}

/* A name character as 0-62 (63: any other byte, or none). */
static unsigned pair_code(unsigned char c)
{
	return c >= 'a' && c <= 'z'   ? (unsigned)(c - 'a')
	       : c >= 'A' && c <= 'Z' ? 26u + (unsigned)(c - 'A')
	       : c >= '0' && c <= '9' ? 52u + (unsigned)(c - '0')
	       : c == '_'             ? 62u
				      : 63u;
}

/* The bit of live_pairs for name[0, len): its first two characters. */
static unsigned live_pair_at(const char *name, size_t len)
{
	return pair_code((unsigned char)name[0]) * 64 +
	       (len > 1 ? pair_code((unsigned char)name[1]) : 63u);
}

void ctl_macros_seal(struct ctl_macros *t)
{
	/* callers add the files first, then the headers, as the second pass
	 * always did: the same input gives the look-up's tie-break between
	 * equal names (find) the same order */
	if (t->v.n)
		qsort(t->v.v, t->v.n, sizeof(*t->v.v), cmp_macro);
	index_names(t);
	mark_inert(t);
	for (size_t i = 0; i < t->v.n; i++) {
		const struct ctl_macro *m = &t->v.v[i];
		size_t len = strlen(m->name);
		if (m->kind == CM_WRAP && !m->inert && len) {
			unsigned b = live_pair_at(m->name, len);
			t->live_pairs[b / 64] |= 1ull << (b % 64);
		}
	}
	t->sealed = true;
	if (!t->files.n)
		return;
	t->views = xcalloc(t->files.n, sizeof(*t->views));
	for (size_t i = 0; i < t->files.n; i++) {
		t->views[i].base = t;
		t->views[i].self = (uint32_t)i + 1;
	}
	/* each file's own includes, for sees() (a name several C files
	 * define asked once per entry: not every include of the tree) */
	t->incl_at = xcalloc(t->files.n + 1, sizeof(*t->incl_at));
	t->incl_by = xcalloc(t->incl.n + 1, sizeof(*t->incl_by));
	for (size_t i = 0; i < t->incl.n; i++)
		if (t->incl.v[i].owner && t->incl.v[i].owner <= t->files.n)
			t->incl_at[t->incl.v[i].owner]++;
	for (size_t f = 1; f <= t->files.n; f++)
		t->incl_at[f] += t->incl_at[f - 1];
	for (size_t i = t->incl.n; i-- > 0;) {
		uint32_t o = t->incl.v[i].owner;
		if (o && o <= t->files.n)
			t->incl_by[--t->incl_at[o]] = (uint32_t)i;
	}
	/* (now incl_at[o] is the start of o's; o's end is incl_at[o + 1],
	 * the last file's the total) */
	t->own = xcalloc(t->files.n, sizeof(bool));
	for (size_t i = 0; i < t->v.n; i++)
		if (t->v.v[i].owner && t->v.v[i].owner <= t->files.n)
			t->own[t->v.v[i].owner - 1] = true;
	for (size_t i = 0; i < t->incl.n; i++)
		if (t->incl.v[i].owner && t->incl.v[i].owner <= t->files.n)
			t->own[t->incl.v[i].owner - 1] = true;
}

bool ctl_macros_shared(const struct ctl_macros *t)
{
	/* sees(): such a view sees owner 0 only (its own entries are none) */
	return t && t->base && t->self && t->base->own && !t->base->own[t->self - 1];
}

uint64_t ctl_macros_shared_digest(const struct ctl_macros *t)
{
	if (t && t->base)
		t = t->base;
	uint64_t h = 0x9e3779b97f4a7c15ULL;
	/* find() walks the entries of a name in this order, skipping those
	 * a shared view does not see: the same sequence, the same answers */
	for (size_t i = 0; t && i < t->v.n; i++) {
		const struct ctl_macro *m = &t->v.v[i];
		if (m->owner)
			continue;
		uint8_t kp[4] = { m->kind, m->param, m->tparam, m->inert };
		h = hash_bytes(m->name, strlen(m->name) + 1, h);
		h = m->arg ? hash_bytes(m->arg, strlen(m->arg) + 1, h) : hash_bytes("\xff", 1, h);
		h = m->test ? hash_bytes(m->test, strlen(m->test) + 1, h) : hash_bytes("\xff", 1, h);
		h = hash_bytes(kp, 4, h);
	}
	return h | 1;
}

const struct ctl_macros *ctl_macros_view(const struct ctl_macros *t, size_t file)
{
	if (!t || t->base || !t->views || file >= t->files.n)
		return t;
	return &t->views[file];
}

void ctl_macros_release(struct ctl_macros *t)
{
	VEC_FREE(t->v);
	VEC_FREE(t->files);
	VEC_FREE(t->arch);
	VEC_FREE(t->incl);
	free(t->hidx);
	free(t->incl_at);
	free(t->incl_by);
	free(t->views);
	free(t->own);
	arena_release(&t->arena);
}

/* Does file self see the macros of file owner: its own, or a C file it
 * includes (`#include "owner.c"`, by the file's last path part)? */
static bool sees(const struct ctl_macros *t, uint32_t self, uint32_t owner)
{
	if (!owner || !self || owner == self)
		return true;
	if (owner > t->files.n)
		return false;
	const char *name = t->files.v[owner - 1];
	size_t from = 0, to = t->incl.n;
	if (t->incl_at && self <= t->files.n) {
		from = t->incl_at[self];
		to = self < t->files.n ? t->incl_at[self + 1] : t->incl.n;
	}
	for (size_t k = from; k < to; k++) {
		size_t i = t->incl_at && self <= t->files.n ? t->incl_by[k] : k;
		if (t->incl.v[i].owner != self)
			continue;
		const char *inc = t->incl.v[i].name;
		const char *slash = strrchr(inc, '/');
		if (!strcmp(slash ? slash + 1 : inc, name))
			return true;
	}
	return false;
}

/* strcmp of name[0..len) against s */
static int cmp_name(const char *name, size_t len, const char *s)
{
	int c = strncmp(name, s, len);
	return c ? c : (s[len] ? -1 : 0);
}

/* Which look-up answers with an entry: jumps (and aliases), wrappers, the
 * sign tests, the negative constants. */
enum { CLS_JUMP, CLS_WRAP, CLS_SIGN, CLS_NEG, CLS_AFIELD, CLS_API, CLS_NORET };

static int kind_class(uint8_t kind)
{
	return kind == CM_WRAP ? CLS_WRAP : kind == CM_SIGN ? CLS_SIGN : kind == CM_NEG ? CLS_NEG
	     : kind == CM_AFIELD ? CLS_AFIELD : kind == CM_API ? CLS_API
	     : kind == CM_NORET ? CLS_NORET : CLS_JUMP;
}

static const struct ctl_macro *find(const struct ctl_macros *t, uint32_t self, const char *name,
				    size_t len, int cls)
{
	bool wrap = cls == CLS_WRAP;
	const ctl_macro_list *table = &t->v;
	const struct ctl_macro *best = NULL;
	size_t lo = 0, hi = table->n;
	if (t->hidx && t->hfor == table->n) {
		lo = table->n;
		for (size_t h = name_slot(t, name, len); t->hidx[h]; h = (h + 1) & (t->hcap - 1))
			if (!cmp_name(name, len, table->v[t->hidx[h] - 1].name)) {
				lo = t->hidx[h] - 1;
				break;
			}
		hi = lo;
	}
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cmp_name(name, len, table->v[mid].name) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < table->n; i++) {
		const struct ctl_macro *m = &table->v[i];
		if (cmp_name(name, len, m->name))
			break;
		if (!sees(t, self, m->owner) || kind_class(m->kind) != cls)
			continue;
		/* an architecture's header speaks to that architecture's files */
		if (cls == CLS_NORET && m->arg &&
		    !(self && self <= t->arch.n && t->arch.v[self - 1] &&
		      !strcmp(t->arch.v[self - 1], m->arg)))
			continue;
		if (cls == CLS_SIGN) {
			/* several definitions must agree */
			if (best && best->param != m->param)
				return NULL;
			best = m;
			continue;
		}
		if (cls == CLS_NEG || cls == CLS_AFIELD || cls == CLS_API || cls == CLS_NORET)
			return m;
		/* of wrappers of one name in several headers, one answer
		 * whatever their order */
		if (wrap) {
			if (!best || strcmp(m->arg, best->arg) < 0)
				best = m;
			continue;
		}
		/* of several definitions (#ifdef variants), the one that jumps */
		if (!best || (m->kind != CM_ALIAS && (best->kind == CM_ALIAS || m->kind > best->kind)))
			best = m;
	}
	return best;
}

/* the calling thread's recorder (macro_uses_record): workers build the
 * CFGs of one file at a time, each on its own thread */
static __thread struct macro_uses *recorder;

/* A view's file (1 + its index) and the table it looks into, in *t; 0 and
 * *t itself for a table. */
static uint32_t view_self(const struct ctl_macros **t)
{
	uint32_t self = (*t)->base ? (*t)->self : 0;
	if ((*t)->base)
		*t = (*t)->base;
	return self;
}

enum ctl_kind macros_lookup(const struct ctl_macros *t, const char *name, size_t len,
			    const char **label, int *param)
{
	if (recorder)
		macro_uses_add(recorder, name, len);
	if (!t)
		return CM_NONE;
	uint32_t self = view_self(&t);
	const struct ctl_macro *m = find(t, self, name, len, CLS_JUMP);
	int guard = 0;
	for (; m && m->kind == CM_ALIAS && guard < 8; guard++)
		m = find(t, self, m->arg, strlen(m->arg), CLS_JUMP);
	if (!m || m->kind == CM_ALIAS || (m->param && guard))
		return CM_NONE;
	/* a return only when a magic-number sanity test fails is not a path */
	if (m->kind == CM_RETURN && m->param)
		return CM_NONE;
	*label = m->arg;
	*param = m->param ? m->param - 1 : -1;
	return (enum ctl_kind)m->kind;
}

/* The index of the parameter the k-th argument of an alias's call is
 * (its test, "-,0"), or -1. */
static int alias_param(const char *map, int k)
{
	for (int i = 0; map && *map; i++) {
		if (i == k)
			return *map == '-' ? -1 : atoi(map);
		map = strchr(map, ',');
		if (map)
			map++;
	}
	return -1;
}

/* The signs for which the test `test` (without blanks) is true, when it
 * reads one value: `V<0`, `NAME(V)` of a CM_SIGN, `!NAME(V)`; 0 else. */
static int test_signs(const struct ctl_macros *t, uint32_t self, const char *test)
{
	bool neg = false;
	while (*test == '!') {
		neg = !neg;
		test++;
	}
	char buf[256];
	if (test[0] == '(') {
		/* `(v)<0`: the parentheses around the value */
		size_t k = 1;
		while (ident_char(test[k]))
			k++;
		if (k > 1 && test[k] == ')' && strlen(test) < sizeof(buf)) {
			memcpy(buf, test + 1, k - 1);
			strcpy(buf + k - 1, test + k + 1);
			test = buf;
		}
	}
	size_t i = 0;
	while (ident_char(test[i]))
		i++;
	int signs = 0;
	if (i && test[i] == '(') {
		const char *close = strrchr(test, ')');
		if (!close || close[1])
			return 0;
		for (const char *q = test + i + 1; q < close; q++)
			if (!ident_char(*q) && *q != '=' && *q != '(' && *q != ')')
				return 0;	/* `NAME(V)` or `NAME(V=func)` only */
		const struct ctl_macro *m = find(t, self, test, i, CLS_SIGN);
		signs = m ? m->param : 0;
	} else if (i) {
		signs = compare_signs(test + i);
	}
	return signs && neg ? CS_ANY & ~signs : signs;
}

int macros_goto_sign(const struct ctl_macros *t, const char *name, size_t len, int *arg)
{
	if (!t)
		return 0;
	uint32_t self = view_self(&t);
	const struct ctl_macro *m = find(t, self, name, len, CLS_JUMP);
	const char *maps[8];
	int nmaps = 0;
	for (; m && m->kind == CM_ALIAS && nmaps < 8; nmaps++) {
		maps[nmaps] = m->test;
		m = find(t, self, m->arg, strlen(m->arg), CLS_JUMP);
	}
	if (!m || m->kind != CM_GOTO || !m->test || !m->tparam)
		return 0;
	int k = m->tparam - 1;
	for (int i = nmaps; i-- > 0 && k >= 0;)
		k = alias_param(maps[i], k);
	if (k < 0)
		return 0;
	int signs = test_signs(t, self, m->test);
	if (signs)
		*arg = k;
	return signs;
}

int macros_return_if(const struct ctl_macros *t, const char *name, size_t len)
{
	if (!t)
		return -1;
	uint32_t self = view_self(&t);
	const struct ctl_macro *m = find(t, self, name, len, CLS_JUMP);
	return m && m->kind == CM_RETURN && m->tparam ? m->tparam - 1 : -1;
}

bool macros_noreturn(const struct ctl_macros *t, const char *name, size_t len)
{
	if (recorder)
		macro_uses_add(recorder, name, len);
	if (!t)
		return false;
	uint32_t self = view_self(&t);
	return find(t, self, name, len, CLS_NORET) != NULL;
}

int macros_const_sign(const struct ctl_macros *t, const char *name, size_t len)
{
	if (!t)
		return 0;
	uint32_t self = view_self(&t);
	return find(t, self, name, len, CLS_NEG) ? CS_NEG : 0;
}

bool macros_array_member(const struct ctl_macros *t, const char *type, size_t tlen,
			 const char *field, size_t flen)
{
	char key[256];
	if (tlen + flen + 2 > sizeof(key))
		return false;
	memcpy(key, type, tlen);
	key[tlen] = '.';
	memcpy(key + tlen + 1, field, flen);
	if (recorder)
		macro_uses_add(recorder, key, tlen + 1 + flen);
	if (!t)
		return false;
	uint32_t self = view_self(&t);
	return find(t, self, key, tlen + 1 + flen, CLS_AFIELD) != NULL;
}

/* The entry of class cls for name[0, len) as view t sees it, recorded. */
static const struct ctl_macro *entry_of(const struct ctl_macros *t, const char *name, size_t len,
					int cls)
{
	if (recorder)
		macro_uses_add(recorder, name, len);
	if (!t)
		return NULL;
	uint32_t self = view_self(&t);
	return find(t, self, name, len, cls);
}

static const struct ctl_macro *wrapper_entry(const struct ctl_macros *t, const char *name,
					      size_t len)
{
	return entry_of(t, name, len, CLS_WRAP);
}

const char *macros_wrapper(const struct ctl_macros *t, const char *name, size_t len)
{
	const struct ctl_macro *m = wrapper_entry(t, name, len);
	return m ? m->arg : NULL;
}

bool macros_wrapper_own(const struct ctl_macros *t, const char *name, size_t len)
{
	const struct ctl_macro *m = wrapper_entry(t, name, len);
	return m && t && t->base && m->owner == t->self;
}

const char *macros_wrapper_live(const struct ctl_macros *t, const char *name, size_t len)
{
	const struct ctl_macros *b = t && t->base ? t->base : t;
	if (b && b->sealed && len) {
		unsigned k = live_pair_at(name, len);
		if (!(b->live_pairs[k / 64] & (1ull << (k % 64)))) {
			/* no live wrapper starts so (the use is recorded all the same) */
			if (recorder)
				macro_uses_add(recorder, name, len);
			return NULL;
		}
	}
	const struct ctl_macro *m = wrapper_entry(t, name, len);
	return m && !m->inert ? m->arg : NULL;
}

const char *macros_wrapper_both(const struct ctl_macros *t, const char *name, size_t len,
				bool *live)
{
	const struct ctl_macro *m = wrapper_entry(t, name, len);
	*live = m && !m->inert && m->arg;
	return m ? m->arg : NULL;
}

void macros_wrapper_names(const struct ctl_macros *t, bool macros,
			  void (*fn)(void *ctx, const char *name), void *ctx)
{
	if (!t)
		return;
	if (t->base)
		t = t->base;
	for (size_t i = 0; i < t->v.n; i++)
		if (t->v.v[i].kind == CM_WRAP && !t->v.v[i].inert && (macros || !t->v.v[i].param))
			fn(ctx, t->v.v[i].name);
}

const char *macros_api_alias(const struct ctl_macros *t, const char *name, size_t len)
{
	const struct ctl_macro *m = entry_of(t, name, len, CLS_API);
	return m ? m->arg : NULL;
}

void macros_api_alias_names(const struct ctl_macros *t, void (*fn)(void *ctx, const char *name),
			    void *ctx)
{
	if (!t)
		return;
	if (t->base)
		t = t->base;
	for (size_t i = 0; i < t->v.n; i++)
		if (t->v.v[i].kind == CM_API)
			fn(ctx, t->v.v[i].name);
}

void macro_uses_record(struct macro_uses *u)
{
	recorder = u;
}

void macro_uses_add(struct macro_uses *u, const char *name, size_t len)
{
	if (!u->names.buf)
		strbuf_init(&u->names);
	VEC_PUSH(u->at, u->names.len);
	strbuf_add(&u->names, name, len);
	strbuf_addc(&u->names, '\0');
}

/* for qsort_r-less sorting: the buffer the offsets point into */
static __thread const char *sort_base;

static int cmp_use(const void *a, const void *b)
{
	return strcmp(sort_base + *(const size_t *)a, sort_base + *(const size_t *)b);
}

void macro_uses_finish(struct macro_uses *u)
{
	if (!u->at.n)
		return;
	sort_base = u->names.buf;
	qsort(u->at.v, u->at.n, sizeof(*u->at.v), cmp_use);
	/* a call statement of the same name recurs: keep one copy of each,
	 * packed, so the row and the memory held until it is written stay small */
	struct strbuf packed;
	strbuf_init(&packed);
	size_t k = 0;
	for (size_t i = 0; i < u->at.n; i++) {
		const char *s = u->names.buf + u->at.v[i];
		if (k && !strcmp(s, packed.buf + u->at.v[k - 1]))
			continue;
		u->at.v[k++] = packed.len;
		strbuf_add(&packed, s, strlen(s) + 1);
	}
	u->at.n = k;
	strbuf_release(&u->names);
	u->names = packed;
}

void macro_uses_release(struct macro_uses *u)
{
	if (u->names.buf)
		strbuf_release(&u->names);
	VEC_FREE(u->at);
	memset(u, 0, sizeof(*u));
}
