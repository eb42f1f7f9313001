// SPDX-License-Identifier: GPL-2.0
/*
 * Control-flow macros (see macros.h).  A plain text scan: only lines that
 * start with `#define NAME(` matter, joined over backslash newlines.
 */
#include "macros.h"

#include <ctype.h>
#include <string.h>

#include "lexer.h"
#include "rules.h"

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
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
		}
		return;
	}
	if (find_word(body, n, "return")) {
		m->kind = CM_RETURN;
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
	}
}

/* `#include "name.c"` lines: CM_INCLUDE entries named by the path. */
static void includes_scan(const char *text, size_t len, struct arena *a, ctl_macro_list *out)
{
	const char *p = text, *end = text + len;
	while ((p = memmem(p, (size_t)(end - p), "include", 7))) {
		const char *b = p;
		p += 7;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == text || b[-1] != '#')
			continue;
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

void macros_scan(const char *text, size_t len, struct arena *a, ctl_macro_list *out)
{
	includes_scan(text, len, a, out);
	wrappers_scan(text, len, a, out);
	const char *p = text, *end = text + len;
	while ((p = memmem(p, (size_t)(end - p), "define", 6))) {
		const char *q = p;
		p += 6;
		/* `#` and blanks only, back to the start of the line */
		const char *b = q;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b == text || b[-1] != '#')
			continue;
		b--;
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
		if (m.kind == CM_NONE || m.kind == CM_ALIAS) {
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
		if (m.kind == CM_NONE)
			continue;
		m.name = arena_strndup(a, ns, (size_t)(ne - ns));
		VEC_PUSH(*out, m);
		p = s;
	}
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

static void add_owned(struct ctl_macros *t, const ctl_macro_list *l, uint32_t owner)
{
	for (size_t i = 0; i < l->n; i++) {
		struct ctl_macro m = l->v[i];
		m.name = arena_strndup(&t->arena, m.name, strlen(m.name));
		if (m.arg)
			m.arg = arena_strndup(&t->arena, m.arg, strlen(m.arg));
		m.owner = owner;
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
	add_owned(t, l, 0);
}

void ctl_macros_add_file(struct ctl_macros *t, const ctl_macro_list *l, size_t file,
			 const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	while (t->files.n <= file)
		VEC_PUSH(t->files, "");
	t->files.v[file] = arena_strndup(&t->arena, base, strlen(base));
	size_t n = strlen(base);
	bool c_file = n > 2 && !strcmp(base + n - 2, ".c");
	add_owned(t, l, c_file ? (uint32_t)file + 1 : 0);
}

void ctl_macros_seal(struct ctl_macros *t)
{
	/* callers add the files first, then the headers, as the second pass
	 * always did: the same input gives the look-up's tie-break between
	 * equal names (find) the same order */
	if (t->v.n)
		qsort(t->v.v, t->v.n, sizeof(*t->v.v), cmp_macro);
	if (!t->files.n)
		return;
	t->views = xcalloc(t->files.n, sizeof(*t->views));
	for (size_t i = 0; i < t->files.n; i++) {
		t->views[i].base = t;
		t->views[i].self = (uint32_t)i + 1;
	}
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
		uint8_t kp[2] = { m->kind, m->param };
		h = hash_bytes(m->name, strlen(m->name) + 1, h);
		h = m->arg ? hash_bytes(m->arg, strlen(m->arg) + 1, h) : hash_bytes("\xff", 1, h);
		h = hash_bytes(kp, 2, h);
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
	VEC_FREE(t->incl);
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
	for (size_t i = 0; i < t->incl.n; i++) {
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

static const struct ctl_macro *find(const struct ctl_macros *t, uint32_t self, const char *name,
				    size_t len, bool wrap)
{
	const ctl_macro_list *table = &t->v;
	const struct ctl_macro *best = NULL;
	size_t lo = 0, hi = table->n;
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
		if (!sees(t, self, m->owner) || (m->kind == CM_WRAP) != wrap)
			continue;
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

enum ctl_kind macros_lookup(const struct ctl_macros *t, const char *name, size_t len,
			    const char **label, int *param)
{
	if (recorder)
		macro_uses_add(recorder, name, len);
	if (!t)
		return CM_NONE;
	uint32_t self = t->base ? t->self : 0;
	if (t->base)
		t = t->base;
	const struct ctl_macro *m = find(t, self, name, len, false);
	int guard = 0;
	for (; m && m->kind == CM_ALIAS && guard < 8; guard++)
		m = find(t, self, m->arg, strlen(m->arg), false);
	if (!m || m->kind == CM_ALIAS || (m->param && guard))
		return CM_NONE;
	*label = m->arg;
	*param = m->param ? m->param - 1 : -1;
	return (enum ctl_kind)m->kind;
}

const char *macros_wrapper(const struct ctl_macros *t, const char *name, size_t len)
{
	if (recorder)
		macro_uses_add(recorder, name, len);
	if (!t)
		return NULL;
	uint32_t self = t->base ? t->self : 0;
	if (t->base)
		t = t->base;
	const struct ctl_macro *m = find(t, self, name, len, true);
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
		if (t->v.v[i].kind == CM_WRAP && (macros || !t->v.v[i].param))
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
