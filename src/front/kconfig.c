// SPDX-License-Identifier: GPL-2.0
/*
 * Kconfig's dependencies (kconfig.h): a line reader for the few statements
 * that say what a symbol needs, a stack of the enclosing blocks, and a
 * table of symbols.
 */
#include "kconfig.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

#define KC_MAX_FILES 20000
#define KC_MAX_DEPTH 24
#define KC_MAX_TEXT (4u << 20)

struct dep {
	int32_t sym;
	int32_t neg;	/* (no padding: the blocks are hashed) */
};
typedef VEC(struct dep) dep_list;

struct ksym {
	char *name;
	bool tristate;
	bool defined;		/* a definition was read: needs/excl hold */
	dep_list deps;		/* what every definition read needs */
};

static VEC(struct ksym) syms;
static int32_t *slots;		/* open addressing: 1 + symbol index, 0 empty */
static size_t nslots;
static uint64_t digest;

/* --- the symbol table ----------------------------------------------- */

static uint64_t name_hash(const char *s, size_t n)
{
	return hash_bytes(s, n, 0x6b636f6e666967ULL);
}

static void rehash(void)
{
	free(slots);
	nslots = nslots ? nslots * 2 : 1024;
	slots = xcalloc(nslots, sizeof(*slots));
	for (size_t i = 0; i < syms.n; i++) {
		size_t h = name_hash(syms.v[i].name, strlen(syms.v[i].name)) & (nslots - 1);
		while (slots[h])
			h = (h + 1) & (nslots - 1);
		slots[h] = (int32_t)i + 1;
	}
}

int32_t kconfig_find(const char *name, size_t len)
{
	if (!nslots)
		return -1;
	size_t h = name_hash(name, len) & (nslots - 1);
	for (; slots[h]; h = (h + 1) & (nslots - 1)) {
		const char *s = syms.v[slots[h] - 1].name;
		if (strlen(s) == len && !memcmp(s, name, len))
			return slots[h] - 1;
	}
	return -1;
}

static int32_t intern(const char *name, size_t len)
{
	int32_t i = kconfig_find(name, len);
	if (i >= 0)
		return i;
	struct ksym s = { .name = xstrndup(name, len) };
	VEC_PUSH(syms, s);
	if (syms.n * 2 > nslots)
		rehash();
	else {
		size_t h = name_hash(name, len) & (nslots - 1);
		while (slots[h])
			h = (h + 1) & (nslots - 1);
		slots[h] = (int32_t)syms.n;
	}
	return (int32_t)syms.n - 1;
}

bool kconfig_tristate(int32_t sym)
{
	return sym >= 0 && (size_t)sym < syms.n && syms.v[sym].tristate;
}

static bool needs_depth(int32_t sym, int32_t need, int depth)
{
	if (depth > 8 || sym < 0 || (size_t)sym >= syms.n)
		return false;
	const dep_list *d = &syms.v[sym].deps;
	for (size_t i = 0; i < d->n; i++)
		if (!d->v[i].neg && (d->v[i].sym == need || needs_depth(d->v[i].sym, need, depth + 1)))
			return true;
	return false;
}

bool kconfig_needs(int32_t sym, int32_t need)
{
	return sym != need && needs_depth(sym, need, 0);
}

static bool excludes_depth(int32_t sym, int32_t off, int depth)
{
	if (depth > 8 || sym < 0 || (size_t)sym >= syms.n)
		return false;
	const dep_list *d = &syms.v[sym].deps;
	for (size_t i = 0; i < d->n; i++) {
		/* `!FOO` of a tristate FOO still allows FOO=m (!m is m) */
		if (d->v[i].neg && d->v[i].sym == off && !kconfig_tristate(off))
			return true;
		if (!d->v[i].neg && excludes_depth(d->v[i].sym, off, depth + 1))
			return true;
	}
	return false;
}

bool kconfig_excludes(int32_t sym, int32_t off)
{
	return sym != off && excludes_depth(sym, off, 0);
}

uint64_t kconfig_digest(void)
{
	return digest;
}

void kconfig_release(void)
{
	for (size_t i = 0; i < syms.n; i++) {
		free(syms.v[i].name);
		VEC_FREE(syms.v[i].deps);
	}
	VEC_FREE(syms);
	free(slots);
	slots = NULL;
	nslots = 0;
	digest = 0;
}

/* --- dependency expressions ------------------------------------------- */

static void trim(const char **p, const char **e)
{
	while (*p < *e && (**p == ' ' || **p == '\t'))
		(*p)++;
	while (*e > *p && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r'))
		(*e)--;
}

/* Does [p, e) open with '(' whose ')' is its last character? */
static bool wrapped(const char *p, const char *e)
{
	if (e - p < 2 || *p != '(' || e[-1] != ')')
		return false;
	int depth = 0;
	for (const char *q = p; q < e; q++) {
		depth += *q == '(';
		depth -= *q == ')';
		if (!depth && q < e - 1)
			return false;
	}
	return true;
}

/* The conjuncts of [p, e) that are a symbol or a negated one, onto out. */
static void add_conjuncts(dep_list *out, const char *p, const char *e, int depth)
{
	trim(&p, &e);
	if (p >= e || depth > 16)
		return;
	if (wrapped(p, e)) {
		add_conjuncts(out, p + 1, e - 1, depth + 1);
		return;
	}
	int par = 0;
	for (const char *q = p; q + 1 < e; q++) {
		par += *q == '(';
		par -= *q == ')';
		if (!par && q[0] == '&' && q[1] == '&') {
			add_conjuncts(out, p, q, depth + 1);
			add_conjuncts(out, q + 2, e, depth + 1);
			return;
		}
	}
	bool neg = false;
	if (*p == '!') {
		neg = true;
		p++;
		trim(&p, &e);
	}
	const char *n = p;
	while (p < e && ident_byte((unsigned char)*p))
		p++;
	size_t nl = (size_t)(p - n);
	trim(&p, &e);
	if (!nl || (nl == 1 && (*n == 'y' || *n == 'n' || *n == 'm')))
		return;
	if (p < e) {
		/* FOO=y, FOO=m, FOO!=n: enabled; anything else says nothing */
		if (neg)
			return;
		const char *v = p;
		bool ne = *v == '!';
		v += ne;
		if (v >= e || *v != '=')
			return;
		v++;
		while (v < e && (*v == ' ' || *v == '\t' || *v == '"'))
			v++;
		if (v >= e || (ne ? *v != 'n' : (*v != 'y' && *v != 'm')))
			return;
	}
	struct dep d = { intern(n, nl), neg };
	VEC_PUSH(*out, d);
}

/* --- the reader ------------------------------------------------------ */

enum { B_IF, B_MENU, B_CHOICE };
struct block {
	int kind;
	dep_list deps;
};

struct reader {
	const char *root;
	VEC(struct block) stack;
	int entry;		/* what `depends on` speaks of: E_* */
	int32_t sym;		/* E_CONFIG: the symbol */
	dep_list own;		/* ... its own depends on */
	int type;		/* ... 0 unknown, 1 bool, 2 tristate */
	size_t files;
	VEC(uint64_t) read;	/* each file read once per context (path and blocks) */
};
enum { E_NONE, E_CONFIG, E_BLOCK };

static bool dep_has(const dep_list *l, struct dep d)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->v[i].sym == d.sym && l->v[i].neg == d.neg)
			return true;
	return false;
}

/* The config entry read so far becomes one definition of its symbol. */
static void finish(struct reader *r)
{
	if (r->entry == E_CONFIG) {
		dep_list all = {0};
		for (size_t i = 0; i < r->own.n; i++)
			VEC_PUSH(all, r->own.v[i]);
		for (size_t b = 0; b < r->stack.n; b++)
			for (size_t i = 0; i < r->stack.v[b].deps.n; i++)
				VEC_PUSH(all, r->stack.v[b].deps.v[i]);
		struct ksym *s = &syms.v[r->sym];
		if (r->type == 2)
			s->tristate = true;
		if (!s->defined) {
			s->defined = true;
			for (size_t i = 0; i < all.n; i++)
				if (all.v[i].sym != r->sym && !dep_has(&s->deps, all.v[i]))
					VEC_PUSH(s->deps, all.v[i]);
		} else {
			/* needed only where every definition needs it */
			size_t k = 0;
			for (size_t i = 0; i < s->deps.n; i++)
				if (dep_has(&all, s->deps.v[i]))
					s->deps.v[k++] = s->deps.v[i];
			s->deps.n = k;
		}
		VEC_FREE(all);
	}
	r->own.n = 0;
	r->type = 0;
	r->entry = E_NONE;
}

static void pop(struct reader *r, int kind)
{
	for (size_t i = r->stack.n; i-- > 0;)
		if (r->stack.v[i].kind == kind) {
			while (r->stack.n > i) {
				r->stack.n--;
				VEC_FREE(r->stack.v[r->stack.n].deps);
			}
			return;
		}
}

static size_t indent_of(const char *p, const char *e)
{
	size_t col = 0;
	for (; p < e && (*p == ' ' || *p == '\t'); p++)
		col = *p == '\t' ? (col + 8) & ~(size_t)7 : col + 1;
	return col;
}

static bool word_is(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(e - p) >= n && !memcmp(p, w, n) && (p + n == e || !ident_byte((unsigned char)p[n]));
}

static void read_file(struct reader *r, const char *path, int depth);

/* `source "arch/$(SRCARCH)/Kconfig"`: every arch folder for the variable. */
static void source(struct reader *r, const char *p, const char *e, const char *dir, bool rel,
		   int depth)
{
	trim(&p, &e);
	if (p < e && *p == '"') {
		p++;
		const char *q = memchr(p, '"', (size_t)(e - p));
		if (!q)
			return;
		e = q;
	}
	char *file = xstrndup(p, (size_t)(e - p));
	static const char *const vars[] = { "$(SRCARCH)", "$SRCARCH", "$(ARCH)", "$ARCH",
					    "$(HEADER_ARCH)" };
	const char *var = NULL;
	char *at = NULL;
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]) && !at; i++)
		if ((at = strstr(file, vars[i])))
			var = vars[i];
	if (at) {
		char *archdir = xasprintf("%s/arch", r->root);
		DIR *d = opendir(archdir);
		struct dirent *de;
		while (d && (de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			char *sub = xasprintf("%.*s%s%s", (int)(at - file), file, de->d_name,
					      at + strlen(var));
			if (!strchr(sub, '$')) {
				char *full = xasprintf("%s/%s", r->root, sub);
				read_file(r, full, depth + 1);
				free(full);
			}
			free(sub);
		}
		if (d)
			closedir(d);
		free(archdir);
	} else if (!strchr(file, '$')) {
		char *full = rel ? xasprintf("%s/%s", dir, file) : xasprintf("%s/%s", r->root, file);
		read_file(r, full, depth + 1);
		free(full);
	}
	free(file);
}

static void read_text(struct reader *r, const char *text, size_t len, const char *dir, int depth)
{
	const char *p = text, *end = text + len;
	size_t help = 0;	/* in help text: 1 + its indentation, or SIZE_MAX before its first line */
	struct strbuf line;
	strbuf_init(&line);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		const char *next = nl ? nl + 1 : end;
		if (help) {
			const char *q = p;
			while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
				q++;
			if (q == le) {
				p = next;
				continue;
			}
			size_t ind = indent_of(p, le);
			if (help == SIZE_MAX)
				help = ind ? ind + 1 : 0;
			else if (ind + 1 < help)
				help = 0;
			if (help) {
				p = next;
				continue;
			}
		}
		/* a line continued with a backslash */
		strbuf_reset(&line);
		for (;;) {
			strbuf_add(&line, p, (size_t)(le - p));
			if (line.len && line.buf[line.len - 1] == '\\' && nl) {
				line.len--;
				p = next;
				nl = memchr(p, '\n', (size_t)(end - p));
				le = nl ? nl : end;
				next = nl ? nl + 1 : end;
				continue;
			}
			break;
		}
		p = next;
		const char *s = line.buf, *e = line.buf + line.len;
		/* a comment (no statement this reader keeps quotes a '#') */
		const char *hash = memchr(s, '#', (size_t)(e - s));
		if (hash && !memchr(s, '"', (size_t)(hash - s)))
			e = hash;
		trim(&s, &e);
		if (s >= e)
			continue;
		if (word_is(s, e, "config") || word_is(s, e, "menuconfig")) {
			finish(r);
			const char *n = s + (*s == 'm' ? 10 : 6);
			trim(&n, &e);
			const char *ne = n;
			while (ne < e && ident_byte((unsigned char)*ne))
				ne++;
			if (ne > n) {
				r->sym = intern(n, (size_t)(ne - n));
				r->entry = E_CONFIG;
			}
		} else if (word_is(s, e, "choice") || word_is(s, e, "menu")) {
			finish(r);
			struct block b = { .kind = *s == 'c' ? B_CHOICE : B_MENU };
			VEC_PUSH(r->stack, b);
			r->entry = E_BLOCK;
		} else if (word_is(s, e, "if")) {
			finish(r);
			struct block b = { .kind = B_IF };
			add_conjuncts(&b.deps, s + 2, e, 0);
			VEC_PUSH(r->stack, b);
		} else if (word_is(s, e, "endif") || word_is(s, e, "endmenu") ||
			   word_is(s, e, "endchoice")) {
			finish(r);
			pop(r, s[3] == 'i' ? B_IF : s[3] == 'm' ? B_MENU : B_CHOICE);
		} else if (word_is(s, e, "source") || word_is(s, e, "rsource") ||
			   word_is(s, e, "osource") || word_is(s, e, "orsource")) {
			finish(r);
			const char *a = s;
			while (a < e && ident_byte((unsigned char)*a))
				a++;
			source(r, a, e, dir, *s == 'r' || (s[0] == 'o' && s[1] == 'r'), depth);
		} else if (word_is(s, e, "comment") || word_is(s, e, "mainmenu")) {
			finish(r);
		} else if (word_is(s, e, "depends")) {
			const char *a = s + 7;
			trim(&a, &e);
			if (word_is(a, e, "on"))
				a += 2;
			if (r->entry == E_CONFIG)
				add_conjuncts(&r->own, a, e, 0);
			else if (r->entry == E_BLOCK && r->stack.n)
				add_conjuncts(&r->stack.v[r->stack.n - 1].deps, a, e, 0);
		} else if (word_is(s, e, "bool") || word_is(s, e, "boolean") ||
			   word_is(s, e, "def_bool")) {
			if (!r->type)
				r->type = 1;
		} else if (word_is(s, e, "tristate") || word_is(s, e, "def_tristate")) {
			r->type = 2;
		} else if (word_is(s, e, "help") || word_is(s, e, "---help---")) {
			help = SIZE_MAX;
		}
	}
	finish(r);
	strbuf_release(&line);
}

static void read_file(struct reader *r, const char *path, int depth)
{
	if (depth > KC_MAX_DEPTH || r->files >= KC_MAX_FILES)
		return;
	/* every arch's Kconfig sources init/, drivers/, net/...: the same
	 * file in the same blocks says the same again */
	uint64_t key = hash_bytes(path, strlen(path), 7);
	for (size_t b = 0; b < r->stack.n; b++)
		key = hash_bytes(r->stack.v[b].deps.v, r->stack.v[b].deps.n * sizeof(struct dep),
				 key ^ (uint64_t)r->stack.v[b].kind);
	for (size_t i = 0; i < r->read.n; i++)
		if (r->read.v[i] == key)
			return;
	VEC_PUSH(r->read, key);
	size_t len;
	char *text = read_file_text(path, KC_MAX_TEXT, &len);
	if (!text)
		return;
	r->files++;
	digest = hash_bytes(text, len, digest ^ (uint64_t)len);
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	/* the blocks a file opens are its own */
	size_t depth_before = r->stack.n;
	read_text(r, text, len, dir, depth);
	while (r->stack.n > depth_before) {
		r->stack.n--;
		VEC_FREE(r->stack.v[r->stack.n].deps);
	}
	free(dir);
	free(text);
}

static void reader_release(struct reader *r)
{
	for (size_t i = 0; i < r->stack.n; i++)
		VEC_FREE(r->stack.v[i].deps);
	VEC_FREE(r->stack);
	VEC_FREE(r->own);
	VEC_FREE(r->read);
}

size_t kconfig_parse_text(const char *text, size_t len)
{
	kconfig_release();
	struct reader r = { .root = "." };
	read_text(&r, text, len, ".", 0);
	reader_release(&r);
	digest = hash_bytes(text, len, 1);
	return syms.n;
}

size_t kconfig_load(const char *top, const char *input)
{
	kconfig_release();
	struct stat st;
	char *own = !top && input && stat(input, &st) == 0 && S_ISDIR(st.st_mode)
			    ? xasprintf("%s/Kconfig", input) : NULL;
	const char *root = top ? top : own && stat(own, &st) == 0 ? input : NULL;
	if (root) {
		struct reader r = { .root = root };
		char *file = xasprintf("%s/Kconfig", root);
		read_file(&r, file, 0);
		free(file);
		reader_release(&r);
	}
	free(own);
	return syms.n;
}
