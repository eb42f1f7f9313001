// SPDX-License-Identifier: GPL-2.0
/*
 * File discovery and reading (see load.h).  Every refusal names the file
 * and the reason, and the caller goes on with the other files.
 */
#include "load.h"

#include <dirent.h>
#include <stdarg.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* walk()'s entries: a type character, then the name; by name */
static int cmp_entry(const void *a, const void *b)
{
	return strcmp(*(char *const *)a + 1, *(char *const *)b + 1);
}

static bool is_c_file(const char *name)
{
	size_t n = strlen(name);
	return n > 2 && strcmp(name + n - 2, ".c") == 0;
}

static bool is_h_file(const char *name)
{
	size_t n = strlen(name);
	return n > 2 && strcmp(name + n - 2, ".h") == 0;
}

/* Is dir the top of a kernel tree (it has kernel/ and arch/)? */
static bool kernel_top(const char *dir)
{
	struct stat st;
	bool yes = true;
	for (int i = 0; i < 2 && yes; i++) {
		char *q = xasprintf("%s/%s", dir, i ? "arch" : "kernel");
		yes = stat(q, &st) == 0 && S_ISDIR(st.st_mode);
		free(q);
	}
	return yes;
}

/* A folder's entries, sorted by name: a type character ('d', 'f', 'o'
 * or '?' for a link the caller asks stat(2) about) then the name; false
 * (said) when it cannot be read or lies too deep. */
static bool list_dir(const char *dir, int depth, path_list *names)
{
	DIR *d = opendir(dir);
	if (!d) {
		error("cannot read folder '%s': %s", dir, strerror(errno));
		return false;
	}
	if (depth > 64) {
		closedir(d);
		error("folder '%s' is nested too deeply, skipped", dir);
		return false;
	}
	struct dirent *de;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		/* the entry's type as lstat(2) would give it, when the folder
		 * says (DT_UNKNOWN: ask): one character before the name */
		char t = de->d_type == DT_DIR ? 'd' : de->d_type == DT_REG ? 'f' :
			 de->d_type == DT_UNKNOWN || de->d_type == DT_LNK ? '?' : 'o';
		char *e = xconcat3((char[]){ t, 0 }, de->d_name, "");
		VEC_PUSH(*names, e);
	}
	closedir(d);
	if (names->n > 1)
		qsort(names->v, names->n, sizeof(char *), cmp_entry);
	return true;
}

enum entry_kind { E_SKIP, E_DIR, E_C, E_H };

/* What entry e of list_dir() is, its path in *p (freed by the caller);
 * for a folder, whether its headers are kept (*headers_too). */
static enum entry_kind entry_kind(const char *dir, const char *e, bool headers, char **p,
				  bool *headers_too)
{
	char t = e[0];
	const char *name = e + 1;
	*p = xconcat3(dir, "/", name);
	struct stat st;
	if (t == '?')
		t = lstat(*p, &st) != 0 ? 'o' : S_ISDIR(st.st_mode) ? 'd' :
		    S_ISREG(st.st_mode) ? 'f' : '?';
	/* '?' now: a link (or other), whose target stat(2) tells */
	bool want = is_c_file(name) || (headers && is_h_file(name));
	bool reg = want && (t == 'f' || (t == '?' && stat(*p, &st) == 0 && S_ISREG(st.st_mode)));
	if (t == 'd') {
		/* a kernel tree's tools/ holds user-space programs: their
		 * headers' macros (a selftest's ASSERT() that returns) are no
		 * kernel code's, so they are not kept */
		*headers_too = headers && !(!strcmp(name, "tools") && kernel_top(dir));
		return E_DIR;
	}
	if (is_c_file(name) && reg)
		return E_C;
	if (headers && is_h_file(name) && reg)
		return E_H;
	return E_SKIP;
}

static void walk(const char *dir, path_list *out, path_list *headers, int depth)
{
	path_list names = {0};
	if (list_dir(dir, depth, &names)) {
		for (size_t i = 0; i < names.n; i++) {
			char *p;
			bool hdr;
			switch (entry_kind(dir, names.v[i], headers != NULL, &p, &hdr)) {
			case E_DIR:
				walk(p, out, hdr ? headers : NULL, depth + 1);
				free(p);
				break;
			case E_C:
				VEC_PUSH(*out, p);
				break;
			case E_H:
				VEC_PUSH(*headers, p);
				break;
			default:
				free(p);
			}
		}
	}
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	VEC_FREE(names);
}

/*
 * The walk of a big tree on two threads (a folder listing is a system call
 * or three: linux-6.1's 5,000 folders take 0.12 s, a tenth of a re-run
 * after an edit).  The top folder's entries and its folders' entries, in
 * walk()'s order, are the tasks: a file, or a folder to walk; the threads
 * take the next task in turn, each into its own lists, and the lists are
 * joined in the tasks' order, so the paths come out as walk() gives them.
 */
struct walk_task {
	char *path;		/* a file's, or a folder's to walk */
	enum entry_kind kind;
	bool headers;		/* (a folder) its headers are kept */
	path_list out, hdrs;	/* what walking it found */
};

struct walk_pool {
	VEC(struct walk_task) t;
	atomic_size_t next;
};

static void *walk_pool_main(void *arg)
{
	struct walk_pool *w = arg;
	for (;;) {
		size_t i = atomic_fetch_add(&w->next, 1);
		if (i >= w->t.n)
			return NULL;
		struct walk_task *k = &w->t.v[i];
		if (k->kind == E_DIR)
			walk(k->path, &k->out, k->headers ? &k->hdrs : NULL, 2);
	}
}

/* The tasks of folder dir at depth (0: the top, whose folders are
 * opened into tasks too). */
static void walk_tasks(const char *dir, bool headers, int depth, struct walk_pool *w)
{
	path_list names = {0};
	if (list_dir(dir, depth, &names)) {
		for (size_t i = 0; i < names.n; i++) {
			struct walk_task k = {0};
			k.kind = entry_kind(dir, names.v[i], headers, &k.path, &k.headers);
			if (k.kind == E_DIR && depth == 0) {
				walk_tasks(k.path, k.headers, 1, w);
				free(k.path);
			} else if (k.kind == E_SKIP) {
				free(k.path);
			} else {
				VEC_PUSH(w->t, k);
			}
		}
	}
	for (size_t i = 0; i < names.n; i++)
		free(names.v[i]);
	VEC_FREE(names);
}

static void walk_two(const char *dir, path_list *out, path_list *headers)
{
	struct walk_pool w = {0};
	walk_tasks(dir, headers != NULL, 0, &w);
	run_pair(walk_pool_main, &w, &w);
	for (size_t i = 0; i < w.t.n; i++) {
		struct walk_task *k = &w.t.v[i];
		if (k->kind == E_C) {
			VEC_PUSH(*out, k->path);
			continue;
		}
		if (k->kind == E_H) {
			VEC_PUSH(*headers, k->path);
			continue;
		}
		for (size_t j = 0; j < k->out.n; j++)
			VEC_PUSH(*out, k->out.v[j]);
		for (size_t j = 0; j < k->hdrs.n; j++)
			VEC_PUSH(*headers, k->hdrs.v[j]);
		VEC_FREE(k->out);
		VEC_FREE(k->hdrs);
		free(k->path);
	}
	VEC_FREE(w.t);
}

int collect_files(const char *path, path_list *out, path_list *headers, int jobs)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return error("cannot access '%s': %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode)) {
		VEC_PUSH(*out, xstrdup(path));
		return 0;
	}
	size_t before = out->n;
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		n--;
	char *dir = xstrndup(path, n);
	if (jobs > 1)
		walk_two(dir, out, headers);
	else
		walk(dir, out, headers, 0);
	free(dir);
	if (out->n == before)
		return error("no C files under '%s'", path);
	return 0;
}

long first_bad_utf8(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		/* ASCII eight bytes at a time: nearly every byte of C */
		uint64_t w;
		if (i + 8 <= n && (memcpy(&w, s + i, 8), !(w & 0x8080808080808080ULL))) {
			i += 8;
			continue;
		}
		size_t k = utf8_len(s + i, n - i);
		if (!k)
			return (long)i;
		i += k;
	}
	return -1;
}

static int fail(char **why, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(char **why, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	*why = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(*why, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return -1;
}

/* The checks and the line index common to a file and a buffer; takes buf
 * (len bytes and room for a NUL) whatever the outcome. */
static int source_fill(struct source *src, const char *path, char *buf, size_t len, char **why)
{
	buf[len] = '\0';
	const char *nul = memchr(buf, '\0', len);
	if (nul) {
		size_t at = (size_t)(nul - buf);
		free(buf);
		src->refused = true;
		return fail(why, "%s: binary file (NUL byte at offset %zu), skipped", path, at);
	}
	if (len > UINT32_MAX - 1) {
		free(buf);
		src->refused = true;
		return fail(why, "%s: too large to index, skipped", path);
	}
	src->path = xstrdup(path);
	src->raw = buf;
	src->len = len;
	src->bad_utf8 = first_bad_utf8((const unsigned char *)buf, len);

	size_t lines = 1;
	for (const char *p = buf; (p = memchr(p, '\n', len - (size_t)(p - buf))); p++)
		lines++;
	src->line_start = xmalloc(lines * sizeof(uint32_t));
	src->nlines = 0;
	src->line_start[src->nlines++] = 0;
	for (const char *p = buf; (p = memchr(p, '\n', len - (size_t)(p - buf))); p++)
		src->line_start[src->nlines++] = (uint32_t)(p - buf + 1);
	return 0;
}

int source_load(struct source *src, const char *path, size_t max_size, char **why)
{
	*why = NULL;
	memset(src, 0, sizeof(*src));
	src->bad_utf8 = -1;
	int fd = open(path, O_RDONLY | O_NONBLOCK);	/* a FIFO must not block us */
	if (fd < 0)
		return fail(why, "%s: cannot open: %s", path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		return fail(why, "%s: cannot stat: %s", path, strerror(e));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		src->refused = true;
		return fail(why, "%s: not a regular file, skipped", path);
	}
	if ((size_t)st.st_size > max_size) {
		close(fd);
		src->refused = true;
		return fail(why, "%s: %lld bytes is over the size limit of %zu bytes (--max-file-size), skipped",
			     path, (long long)st.st_size, max_size);
	}
	size_t cap = (size_t)st.st_size;
	char *buf = xmalloc(cap + 1);
	size_t len = 0;
	for (;;) {
		if (len == cap) {
			if (cap >= max_size) {
				char probe;
				ssize_t r = read(fd, &probe, 1);
				if (r > 0) {
					free(buf);
					close(fd);
					src->refused = true;
					return fail(why, "%s: over the size limit of %zu bytes (--max-file-size), skipped",
						     path, max_size);
				}
				break;
			}
			cap = cap ? cap * 2 : 4096;
			if (cap > max_size)
				cap = max_size;
			buf = xrealloc(buf, cap + 1);
		}
		ssize_t r = read(fd, buf + len, cap - len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			free(buf);
			close(fd);
			return fail(why, "%s: cannot read: %s", path, strerror(e));
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	return source_fill(src, path, buf, len, why);
}

int source_from_buffer(struct source *src, const char *path, const char *data, size_t len,
		       char **why)
{
	*why = NULL;
	memset(src, 0, sizeof(*src));
	src->bad_utf8 = -1;
	char *buf = xmalloc(len + 1);
	memcpy(buf, data, len);
	return source_fill(src, path, buf, len, why);
}

void source_release(struct source *src)
{
	free(src->path);
	free(src->raw);
	free(src->text);
	free(src->early);
	free(src->line_start);
	VEC_FREE(src->user_marks);
	memset(src, 0, sizeof(*src));
}

static size_t line_of(const struct source *src, size_t off)
{
	size_t lo = 0, hi = src->nlines;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (src->line_start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

void source_pos(const struct source *src, size_t off, unsigned *line, unsigned *col)
{
	if (off > src->len)
		off = src->len;
	size_t l = line_of(src, off);
	*line = (unsigned)l + 1;
	*col = (unsigned)(off - src->line_start[l]) + 1;
}

unsigned source_col_cp(const struct source *src, size_t off)
{
	if (off > src->len)
		off = src->len;
	size_t l = line_of(src, off);
	unsigned col = 1;
	for (size_t i = src->line_start[l]; i < off; i++)
		if (((unsigned char)src->raw[i] & 0xc0) != 0x80)
			col++;
	return col;
}

struct pos source_at(const struct source *src, size_t off)
{
	struct pos p = { .off = (uint32_t)off };
	source_pos(src, off, &p.line, &p.col);
	p.col_cp = source_col_cp(src, off);
	return p;
}
