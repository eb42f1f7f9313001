/* SPDX-License-Identifier: GPL-2.0 */
/*
 * util/ — the bottom layer, calls nothing of ours.
 *
 * Small shared helpers: allocation wrappers that die on exhaustion, the
 * three error channels (die for the unrecoverable, error for one failed
 * input, BUG for our own bugs), a growable string buffer, a typed vector
 * and a bump arena that is released all at once.
 */
#ifndef ADDRLIMIT_UTIL_H
#define ADDRLIMIT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
/* A zeroed table of which a run touches few entries (a summary per
 * function): its own mapping, kept off huge pages, so that only the pages
 * touched are ever backed; freed with free_sparse(). */
void *xcalloc_sparse(size_t n, size_t size);
void free_sparse(void *p);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* a, b and c one after another in a new string (a tree walk's paths:
 * xasprintf's formatting was a tenth of an edited re-run) */
char *xconcat3(const char *a, const char *b, const char *c);

/* Print "addrlimit: fatal: ..." and exit with status 2. */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "addrlimit: error: ..." on stderr and return -1. */
int error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "addrlimit: warning: ..." on stderr. */
void warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void bug_at(const char *file, int line, const char *msg);
#define BUG(msg) bug_at(__FILE__, __LINE__, (msg))

/* A growable, always NUL-terminated byte string. */
struct strbuf {
	char *buf;	/* NUL-terminated; never NULL after strbuf_init */
	size_t len;	/* bytes used, excluding the NUL */
	size_t alloc;	/* bytes allocated */
};
void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
void strbuf_add(struct strbuf *sb, const void *data, size_t n);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addc(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Hand the buffer to the caller; sb is left empty and reusable. */
char *strbuf_detach(struct strbuf *sb);
/* The first max bytes (about: whole 64 KiB reads) of the file at path,
 * NUL-terminated, its length in *len; NULL when it cannot be opened. */
char *read_file_text(const char *path, size_t max, size_t *len);

/*
 * A typed vector: struct { T *v; size_t n, alloc; }.
 * VEC_PUSH grows by doubling; VEC_FREE releases the storage.
 */
#define VEC(T) struct { T *v; size_t n, alloc; }
#define VEC_GROW(vec, want) do { \
	if ((want) > (vec).alloc) { \
		size_t na_ = (vec).alloc ? (vec).alloc * 2 : 8; \
		while (na_ < (want)) na_ *= 2; \
		(vec).v = xrealloc((vec).v, na_ * sizeof(*(vec).v)); \
		(vec).alloc = na_; \
	} \
} while (0)
#define VEC_PUSH(vec, x) do { VEC_GROW(vec, (vec).n + 1); (vec).v[(vec).n++] = (x); } while (0)
#define VEC_FREE(vec) do { free((vec).v); (vec).v = NULL; (vec).n = (vec).alloc = 0; } while (0)

/*
 * A bump allocator: many small objects with one lifetime (a file's CFGs,
 * dataflow facts, traces).  Memory is zeroed.  arena_release frees all.
 * arena_alloc's memory is aligned for any object; arena_strndup's strings
 * are packed one after another, unaligned.
 */
struct arena_chunk;
struct arena {
	struct arena_chunk *head;	/* newest chunk first */
	size_t used;			/* bytes used in head */
	size_t cap;			/* capacity of head */
	size_t total;			/* bytes handed out, for --stats */
};
void arena_init(struct arena *a);
void *arena_alloc(struct arena *a, size_t n);
char *arena_strndup(struct arena *a, const char *s, size_t n);
void arena_release(struct arena *a);

/* FNV-1a, for interning and fingerprints. */
uint64_t hash_bytes(const void *data, size_t n, uint64_t seed);
/* Length of the valid UTF-8 sequence at s (n > 0 bytes left), or 0 when it
 * is not one (overlong, surrogate, past U+10FFFF, cut short). */
size_t utf8_len(const unsigned char *s, size_t n);
/* Seconds on the monotonic clock. */
double mono_seconds(void);
/* fn(b) on a thread of its own while fn(a) runs on this one; both done on
 * return (fn(b) runs here after fn(a) when no thread can be made).  The
 * work split in two halves: rows, row keys, calls, folders. */
void run_pair(void *(*fn)(void *), void *a, void *b);
/* fn(ctx, 0, n) of independent items; with jobs above 1 and at least
 * 4,096 of them, fn(ctx, n / 2, n) on a thread of its own while
 * fn(ctx, 0, n / 2) runs here (per-file look-ups of a whole tree). */
void run_halves(void (*fn)(void *ctx, size_t from, size_t to), void *ctx, size_t n, int jobs);
/* Is the identifier p[0..len) in upper case (a letter, no lower-case one):
 * the kernel's spelling of a macro (INODE_JOURNAL, SET)? */
bool upper_case_name(const char *p, size_t len);
/* A byte of an identifier ([A-Za-z0-9_], as isalnum() || '_' in the C
 * locale the tool runs in): one table look-up, no call per byte. */
extern const uint8_t ident_bytes[256];
/* memmem() for a rare needle in a long text (a whole file): the
 * positions whose first and last bytes match, 16 at a time where there
 * is SSE2, each then compared whole.  glibc's memmem() took a third of
 * the relevance scan. */
const char *mem_find(const char *t, size_t len, const char *sub, size_t m);
/* Does the short string s[0, n) (a name) hold w[0, m)?  A loop on the
 * first byte: memmem() costs more than the search over a few bytes. */
static inline bool name_has(const char *s, size_t n, const char *w, size_t m)
{
	for (size_t i = 0; m && i + m <= n; i++)
		if (s[i] == w[0] && !memcmp(s + i + 1, w + 1, m - 1))
			return true;
	return !m;
}
/* Does s[0, n) have w[0, m) ending a word of it (at its end or before a
 * '_'): "_end" in "ring_end" and "end_x", not in "queue_endpoint". */
static inline bool name_has_word(const char *s, size_t n, const char *w, size_t m)
{
	for (size_t i = 0; m && i + m <= n; i++)
		if (s[i] == w[0] && !memcmp(s + i + 1, w + 1, m - 1) && (i + m == n || s[i + m] == '_'))
			return true;
	return !m;
}
static inline bool ident_byte(unsigned char c)
{
	return ident_bytes[c];
}

#endif
