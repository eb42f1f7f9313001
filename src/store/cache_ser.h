/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cache's binary form, private to store/ (cache.c, cache_ser.c): the
 * writers and checked readers of its primitives.  A reader past the end
 * of its blob sets rd.bad and returns zeros; every caller checks bad.
 */
#ifndef ADDRLIMIT_CACHE_SER_H
#define ADDRLIMIT_CACHE_SER_H

#include <stdint.h>
#include <string.h>

#include "macros.h"
#include "util.h"

static inline void w_u8(struct strbuf *b, uint8_t v) { strbuf_add(b, &v, 1); }
static inline void w_u32(struct strbuf *b, uint32_t v) { strbuf_add(b, &v, 4); }
static inline void w_u64(struct strbuf *b, uint64_t v) { strbuf_add(b, &v, 8); }

static inline void w_str(struct strbuf *b, const char *s)
{
	if (!s) {
		w_u32(b, UINT32_MAX);
		return;
	}
	size_t n = strlen(s);
	w_u32(b, (uint32_t)n);
	strbuf_add(b, s, n);
}

struct rd {
	const unsigned char *p, *end;
	bool bad;
};

static inline bool r_take(struct rd *r, void *out, size_t n)
{
	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		memset(out, 0, n);
		return false;
	}
	memcpy(out, r->p, n);
	r->p += n;
	return true;
}

static inline uint8_t r_u8(struct rd *r) { uint8_t v; r_take(r, &v, 1); return v; }
static inline uint32_t r_u32(struct rd *r) { uint32_t v; r_take(r, &v, 4); return v; }
static inline uint64_t r_u64(struct rd *r) { uint64_t v; r_take(r, &v, 8); return v; }

/* A count of things each at least `min` bytes long: bounded by the blob. */
static inline uint32_t r_count(struct rd *r, size_t min)
{
	uint32_t n = r_u32(r);
	if (!r->bad && (size_t)n * min > (size_t)(r->end - r->p))
		r->bad = true;
	return r->bad ? 0 : n;
}

/* A string, malloc'd (arena NULL) or in the arena; NULL for a NULL string. */
static inline char *r_str_in(struct rd *r, struct arena *a)
{
	uint32_t n = r_u32(r);
	if (r->bad || n == UINT32_MAX)
		return NULL;
	if ((size_t)(r->end - r->p) < n) {
		r->bad = true;
		return NULL;
	}
	char *s = a ? arena_strndup(a, (const char *)r->p, n) : xstrndup((const char *)r->p, n);
	r->p += n;
	return s;
}

static inline char *r_str(struct rd *r) { return r_str_in(r, NULL); }

/* A list of control macros (a file row's, the headers' table): the count,
 * then each entry whole; read back with its strings in a. */
void w_macros(struct strbuf *b, const struct ctl_macro *v, size_t n);
void r_macros(struct rd *rd, struct arena *a, ctl_macro_list *out);

#endif
