// SPDX-License-Identifier: GPL-2.0
/*
 * Allocation wrappers, error channels, strbuf and arena (see util.h).
 */
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "util.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <sys/mman.h>

static _Noreturn void oom(size_t n)
{
	fprintf(stderr, "addrlimit: fatal: out of memory allocating %zu bytes\n", n);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

/* (below this a table shares the heap's pages anyway) */
#define SPARSE_MIN (4u << 20)
/* its size before it, in a header that keeps the table aligned */
#define SPARSE_HEAD sizeof(max_align_t)

void *xcalloc_sparse(size_t n, size_t size)
{
	n = n ? n : 1;
	size = size ? size : 1;
	if (n > (SIZE_MAX - SPARSE_HEAD) / size)
		oom(SIZE_MAX);
	size_t bytes = n * size + SPARSE_HEAD;
	char *p;
	if (bytes < SPARSE_MIN) {
		p = xcalloc(1, bytes);
	} else {
		p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			oom(bytes);
		/* (advice only: a kernel without huge pages says EINVAL) */
		(void)madvise(p, bytes, MADV_NOHUGEPAGE);
	}
	memcpy(p, &bytes, sizeof(bytes));
	return p + SPARSE_HEAD;
}

void free_sparse(void *t)
{
	if (!t)
		return;
	char *p = (char *)t - SPARSE_HEAD;
	size_t bytes;
	memcpy(&bytes, p, sizeof(bytes));
	if (bytes < SPARSE_MIN)
		free(p);
	else
		munmap(p, bytes);
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xconcat3(const char *a, const char *b, const char *c)
{
	size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
	char *r = xmalloc(la + lb + lc + 1);
	memcpy(r, a, la);
	memcpy(r + la, b, lb);
	memcpy(r + la + lb, c, lc + 1);
	return r;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		BUG("vsnprintf failed");
	char *p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

static void vreport(const char *prefix, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	fprintf(stderr, "addrlimit: %s", prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap);
	va_end(ap);
	exit(2);
}

int error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport("error: ", fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void bug_at(const char *file, int line, const char *msg)
{
	fprintf(stderr, "addrlimit: BUG at %s:%d: %s\n", file, line, msg);
	abort();
}

void strbuf_init(struct strbuf *sb)
{
	sb->alloc = 64;
	sb->len = 0;
	sb->buf = xmalloc(sb->alloc);
	sb->buf[0] = '\0';
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	sb->buf[0] = '\0';
}

static void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want = sb->len + extra + 1;
	if (want <= sb->alloc)
		return;
	size_t na = sb->alloc ? sb->alloc : 64;
	while (na < want)
		na *= 2;
	sb->buf = xrealloc(sb->buf, na);
	sb->alloc = na;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t n)
{
	strbuf_grow(sb, n);
	memcpy(sb->buf + sb->len, data, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addc(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		BUG("vsnprintf failed");
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

char *strbuf_detach(struct strbuf *sb)
{
	char *r = sb->buf;
	strbuf_init(sb);
	return r;
}

struct arena_chunk {
	struct arena_chunk *next;
	max_align_t data[];
};

#define ARENA_FIRST 512
#define ARENA_CHUNK (64 * 1024)

void arena_init(struct arena *a)
{
	memset(a, 0, sizeof(*a));
}

/* n bytes at a multiple of align (a power of two) in a's newest chunk,
 * or a new chunk's start */
static void *arena_take(struct arena *a, size_t n, size_t align)
{
	size_t at = (a->used + align - 1) & ~(align - 1);
	if (!a->head || at > a->cap || n > a->cap - at) {
		/* small first: a whole tree keeps one arena of facts per file,
		 * most of them a few hundred bytes */
		size_t want = a->head ? a->cap * 2 : ARENA_FIRST;
		if (want > ARENA_CHUNK)
			want = ARENA_CHUNK;
		size_t cap = n > want ? n : want;
		struct arena_chunk *c = xmalloc(sizeof(*c) + cap);
		c->next = a->head;
		a->head = c;
		a->cap = cap;
		at = 0;
	}
	void *p = (char *)a->head->data + at;
	a->used = at + n;
	a->total += n;
	return p;
}

void *arena_alloc(struct arena *a, size_t n)
{
	void *p = arena_take(a, n, sizeof(max_align_t));
	memset(p, 0, n);
	return p;
}

/* (a string needs no alignment: rounding each to max_align_t took a
 * third of the facts' strings) */
char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_take(a, n + 1, 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *next = c->next;
		free(c);
		c = next;
	}
	arena_init(a);
}

uint64_t hash_bytes(const void *data, size_t n, uint64_t seed)
{
	const unsigned char *p = data;
	uint64_t h = 1469598103934665603ULL ^ seed;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

double mono_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void run_pair(void *(*fn)(void *), void *a, void *b)
{
	pthread_t t;
	bool two = pthread_create(&t, NULL, fn, b) == 0;
	fn(a);
	if (two)
		pthread_join(t, NULL);
	else
		fn(b);
}

struct half {
	void (*fn)(void *ctx, size_t from, size_t to);
	void *ctx;
	size_t from, to;
};

static void *half_main(void *arg)
{
	struct half *h = arg;
	h->fn(h->ctx, h->from, h->to);
	return NULL;
}

void run_halves(void (*fn)(void *ctx, size_t from, size_t to), void *ctx, size_t n, int jobs)
{
	if (jobs < 2 || n < 4096) {
		fn(ctx, 0, n);
		return;
	}
	struct half a = { fn, ctx, 0, n / 2 }, b = { fn, ctx, n / 2, n };
	run_pair(half_main, &a, &b);
}

/* Length of the valid UTF-8 sequence at s (n bytes left), or 0. */
size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t k;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if ((c & 0xe0) == 0xc0) {
		k = 1;
		cp = c & 0x1f;
	} else if ((c & 0xf0) == 0xe0) {
		k = 2;
		cp = c & 0x0f;
	} else if ((c & 0xf8) == 0xf0) {
		k = 3;
		cp = c & 0x07;
	} else {
		return 0;
	}
	if (k >= n)
		return 0;
	for (size_t j = 1; j <= k; j++) {
		if ((s[j] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[j] & 0x3f);
	}
	if ((k == 1 && cp < 0x80) || (k == 2 && cp < 0x800) ||
	    (k == 3 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return k + 1;
}

const char *mem_find(const char *t, size_t len, const char *sub, size_t m)
{
	if (!m || m > len)
		return m ? NULL : t;
	size_t i = 0;
#ifdef __SSE2__
	__m128i first = _mm_set1_epi8(sub[0]), last = _mm_set1_epi8(sub[m - 1]);
	for (; i + m - 1 + 16 <= len; i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(t + i));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(t + i + m - 1));
		unsigned hit = (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpeq_epi8(a, first),
									  _mm_cmpeq_epi8(b, last)));
		while (hit) {
			unsigned k = (unsigned)__builtin_ctz(hit);
			hit &= hit - 1;
			if (!memcmp(t + i + k, sub, m))
				return t + i + k;
		}
	}
#endif
	for (; i + m <= len; i++)
		if (t[i] == sub[0] && !memcmp(t + i, sub, m))
			return t + i;
	return NULL;
}

const uint8_t ident_bytes[256] = {
	['0' ... '9'] = 1, ['a' ... 'z'] = 1, ['A' ... 'Z'] = 1, ['_'] = 1,
};

bool upper_case_name(const char *p, size_t len)
{
	bool letter = false;
	for (size_t i = 0; i < len; i++) {
		if (islower((unsigned char)p[i]))
			return false;
		letter |= isupper((unsigned char)p[i]) != 0;
	}
	return letter;
}

char *read_file_text(const char *path, size_t max, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct strbuf sb;
	strbuf_init(&sb);
	char buf[65536];
	size_t k;
	while ((k = fread(buf, 1, sizeof(buf), f)) > 0 && sb.len < max)
		strbuf_add(&sb, buf, k);
	fclose(f);
	*len = sb.len;
	char *text = strbuf_detach(&sb);
	strbuf_release(&sb);	/* detach leaves a fresh empty buffer behind */
	return text;
}
