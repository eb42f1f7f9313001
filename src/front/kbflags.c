// SPDX-License-Identifier: GPL-2.0
/*
 * The -D and -U of kbuild Makefiles (kbflags.h): a reader for the few lines
 * that give them, and a table of folders already read.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "addrlimit.h"
#include "kbflags.h"

static bool blank_ch(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static bool name_ch(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* Later over earlier; a name once not known stays so. */
static void kb_set(struct kbflags *out, const char *name, size_t nl, const char *val, size_t vl,
		   int state)
{
	for (size_t i = 0; i < out->n; i++) {
		struct kb_define *d = &out->v[i];
		if (strlen(d->name) != nl || memcmp(d->name, name, nl))
			continue;
		if (d->state == KB_UNKNOWN)
			return;
		free(d->value);
		d->value = state == KB_DEF ? xstrndup(val, vl) : NULL;
		d->state = state;
		return;
	}
	out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
	out->v[out->n++] = (struct kb_define){ xstrndup(name, nl),
					       state == KB_DEF ? xstrndup(val, vl) : NULL, state };
}

/* The words of an assignment's value at [p, e): its -D and -U, each known
 * (or not, when `known` is false). */
static void kb_value(struct kbflags *out, const char *p, const char *e, bool known)
{
	bool next_is_define = false;
	while (p < e) {
		while (p < e && blank_ch(*p))
			p++;
		const char *w = p;
		while (p < e && !blank_ch(*p))
			p++;
		if (w == p)
			break;
		char kind = 0;
		const char *n = w;
		if (next_is_define) {
			kind = 'D';
			next_is_define = false;
		} else if (p - w >= 2 && w[0] == '-' && (w[1] == 'D' || w[1] == 'U')) {
			kind = w[1];
			n = w + 2;
			if (n == p) {	/* `-D NAME` */
				next_is_define = kind == 'D';
				continue;
			}
		}
		if (!kind)
			continue;
		const char *ne = n;
		while (ne < p && name_ch(*ne))
			ne++;
		/* a name made by make ($(...)), or not a name at all */
		if (ne == n || (*n >= '0' && *n <= '9') || (ne < p && *ne != '='))
			continue;
		if (kind == 'U' || ne == p) {
			kb_set(out, n, (size_t)(ne - n), "1", 1,
			       !known ? KB_UNKNOWN : kind == 'U' ? KB_UNDEF : KB_DEF);
			continue;
		}
		const char *v = ne + 1;
		bool made = memchr(v, '$', (size_t)(p - v)) != NULL;
		kb_set(out, n, (size_t)(ne - n), v, (size_t)(p - v),
		       known && !made ? KB_DEF : KB_UNKNOWN);
	}
}

static bool word_is(const char *p, const char *e, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(e - p) >= n && !memcmp(p, w, n) && (p + n == e || !name_ch(p[n]));
}

/* One logical line [p, e) (continuations joined, comment cut): a
 * conditional directive moves *depth; an assignment to a flags variable
 * gives its -D and -U. */
static void kb_line(struct kbflags *out, const char *p, const char *e, bool subdir, int *depth,
		    bool *in_define)
{
	while (p < e && blank_ch(*p))
		p++;
	while (e > p && blank_ch(e[-1]))
		e--;
	if (p == e)
		return;
	if (*in_define) {
		*in_define = !word_is(p, e, "endef");
		return;
	}
	if (word_is(p, e, "define")) {
		*in_define = true;
		return;
	}
	if (word_is(p, e, "ifeq") || word_is(p, e, "ifneq") || word_is(p, e, "ifdef") ||
	    word_is(p, e, "ifndef")) {
		(*depth)++;
		return;
	}
	if (word_is(p, e, "endif")) {
		if (*depth > 0)
			(*depth)--;
		return;
	}
	if (word_is(p, e, "else"))
		return;
	/* `override` / `export` before the variable */
	while (word_is(p, e, "override") || word_is(p, e, "export")) {
		p += *p == 'o' ? 8 : 6;
		while (p < e && blank_ch(*p))
			p++;
	}
	const char *v = p;
	int par = 0;
	while (v < e && (par || !(blank_ch(*v) || *v == '=' || *v == ':' || *v == '+' || *v == '?'))) {
		par += *v == '(';
		par -= *v == ')' && par;
		v++;
	}
	const char *ve = v;
	while (v < e && blank_ch(*v))
		v++;
	bool cond_op = false;
	if (e - v >= 2 && (v[0] == '+' || v[0] == ':' || v[0] == '?') && v[1] == '=') {
		cond_op = v[0] == '?';
		v += 2;
	} else if (e - v >= 3 && v[0] == ':' && v[1] == ':' && v[2] == '=') {
		v += 3;
	} else if (v < e && *v == '=') {
		v++;
	} else {
		return;
	}
	size_t vn = (size_t)(ve - p);
#define VAR(s) (vn == sizeof(s) - 1 && !memcmp(p, s, vn))
#define VAR_PREFIX(s) (vn > sizeof(s) - 1 && !memcmp(p, s, sizeof(s) - 1))
	bool known_var = subdir ? VAR("subdir-ccflags-y")
				: VAR("ccflags-y") || VAR("EXTRA_CFLAGS") || VAR("subdir-ccflags-y");
	bool flags_var = known_var || VAR_PREFIX("subdir-ccflags-") ||
			 (!subdir && (VAR_PREFIX("ccflags-") || VAR("EXTRA_CFLAGS")));
#undef VAR
#undef VAR_PREFIX
	if (!flags_var)
		return;
	kb_value(out, v, e, known_var && *depth == 0 && !cond_op);
}

void kbflags_parse(const char *text, size_t len, bool subdir, struct kbflags *out)
{
	struct strbuf line;
	strbuf_init(&line);
	int depth = 0;
	bool in_define = false;
	size_t i = 0;
	while (i < len) {
		strbuf_reset(&line);
		/* a logical line: `\` before the newline joins the next */
		for (;;) {
			size_t a = i;
			while (i < len && text[i] != '\n')
				i++;
			size_t b = i;
			if (i < len)
				i++;
			bool cont = b > a && text[b - 1] == '\\';
			strbuf_add(&line, text + a, cont ? b - a - 1 : b - a);
			if (!cont || i >= len)
				break;
			strbuf_addc(&line, ' ');
		}
		/* a comment runs to the end (`\#` is a literal '#') */
		const char *p = line.buf, *e = line.buf + line.len;
		for (const char *q = p; q < e; q++)
			if (*q == '#' && (q == p || q[-1] != '\\')) {
				e = q;
				break;
			}
		kb_line(out, p, e, subdir, &depth, &in_define);
	}
	strbuf_release(&line);
}

void kbflags_free(struct kbflags *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].name);
		free(f->v[i].value);
	}
	free(f->v);
	free(f);
}

static int kb_cmp(const void *a, const void *b)
{
	return strcmp(((const struct kb_define *)a)->name, ((const struct kb_define *)b)->name);
}

/* The kbuild file of folder dir (Kbuild first, as kbuild reads it), or NULL. */
static char *kbuild_file(const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char *p = xconcat3(dir, "/", names[i]);
		struct stat st;
		if (!stat(p, &st) && S_ISREG(st.st_mode))
			return p;
		free(p);
	}
	return NULL;
}

/* The folder above dir, or NULL at the top ("/", "." or a bare name). */
static char *parent_dir(const char *dir)
{
	const char *s = strrchr(dir, '/');
	if (!s || (s == dir && !dir[1]))
		return NULL;
	if (s == dir)
		return xstrdup("/");
	return xstrndup(dir, (size_t)(s - dir));
}

#define KB_MAX_UP 16

/* A Makefile's text; one over 1 MiB or unreadable gives nothing (it
 * cannot be a kbuild file anyone wrote by hand). */
static void read_into(const char *file, bool subdir, struct kbflags *out)
{
	FILE *f = fopen(file, "rb");
	if (!f)
		return;
	size_t cap = 1 << 20;
	char *buf = xmalloc(cap);
	size_t n = fread(buf, 1, cap, f);
	bool whole = n < cap && !ferror(f);
	fclose(f);
	if (whole && !memchr(buf, 0, n))
		kbflags_parse(buf, n, subdir, out);
	free(buf);
}

/* The flags of the files of folder dir (kbflags.h), or NULL for none. */
static struct kbflags *compute(const char *dir)
{
	char *files[KB_MAX_UP];
	size_t nf = 0;
	/* absolute, so that `nic` has `.` above it and `..` has its parent */
	char *d = realpath(dir, NULL);
	if (!d)
		return NULL;
	/* the nearest kbuild file, then the kbuild folders above it */
	while (d && nf < KB_MAX_UP) {
		char *f = kbuild_file(d);
		if (f)
			files[nf++] = f;
		else if (nf)
			break;
		char *up = parent_dir(d);
		free(d);
		d = up;
	}
	free(d);
	struct kbflags *out = xcalloc(1, sizeof(*out));
	for (size_t i = nf; i-- > 0;) {
		read_into(files[i], i > 0, out);
		free(files[i]);
	}
	if (!out->n) {
		kbflags_free(out);
		return NULL;
	}
	qsort(out->v, out->n, sizeof(*out->v), kb_cmp);
	uint64_t h = 0x6b62666c61677321ull;
	for (size_t i = 0; i < out->n; i++) {
		const struct kb_define *k = &out->v[i];
		h = hash_bytes(k->name, strlen(k->name) + 1, h);
		h = hash_bytes(&k->state, sizeof(k->state), h);
		if (k->value)
			h = hash_bytes(k->value, strlen(k->value) + 1, h);
	}
	out->digest = h;
	return out;
}

/* Folders read so far: open addressing on the folder's name. */
static struct {
	bool on;
	pthread_mutex_t lock;
	char **dir;
	struct kbflags **flags;
	size_t n, cap;
} kb = { .lock = PTHREAD_MUTEX_INITIALIZER };

void kbflags_enable(bool on)
{
	kb.on = on;
}

static size_t kb_slot(const char *dir, size_t len)
{
	size_t i = (size_t)hash_bytes(dir, len, 0) & (kb.cap - 1);
	while (kb.dir[i] && (strlen(kb.dir[i]) != len || memcmp(kb.dir[i], dir, len)))
		i = (i + 1) & (kb.cap - 1);
	return i;
}

const struct kbflags *kbflags_for(const char *path)
{
	if (!kb.on || !path)
		return NULL;
	const char *s = strrchr(path, '/');
	char *dir = s ? xstrndup(path, s == path ? 1 : (size_t)(s - path)) : xstrdup(".");
	size_t len = strlen(dir);
	pthread_mutex_lock(&kb.lock);
	if ((kb.n + 1) * 2 > kb.cap) {
		size_t oc = kb.cap, cap = oc ? oc * 2 : 256;
		char **od = kb.dir;
		struct kbflags **of = kb.flags;
		kb.dir = xcalloc(cap, sizeof(*kb.dir));
		kb.flags = xcalloc(cap, sizeof(*kb.flags));
		kb.cap = cap;
		for (size_t i = 0; i < oc; i++)
			if (od[i]) {
				size_t j = kb_slot(od[i], strlen(od[i]));
				kb.dir[j] = od[i];
				kb.flags[j] = of[i];
			}
		free(od);
		free(of);
	}
	size_t i = kb_slot(dir, len);
	if (!kb.dir[i]) {
		kb.flags[i] = compute(dir);
		kb.dir[i] = dir;
		kb.n++;
	} else {
		free(dir);
	}
	const struct kbflags *f = kb.flags[i];
	pthread_mutex_unlock(&kb.lock);
	return f;
}

void kbflags_release(void)
{
	for (size_t i = 0; i < kb.cap; i++) {
		free(kb.dir[i]);
		kbflags_free(kb.flags[i]);
	}
	free(kb.dir);
	free(kb.flags);
	kb.dir = NULL;
	kb.flags = NULL;
	kb.n = kb.cap = 0;
}
