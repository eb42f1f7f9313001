// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel API table (api.def) and its look-up: a static array made from
 * the X-macro and an open-addressing hash over it, built once on first use
 * (thread-safe).  Names are compared by byte range because they come from
 * the parse tree, not from NUL-terminated strings.
 */
#include "api.h"

#include <pthread.h>
#include <string.h>

#include "util.h"

static const struct api table[] = {
#define API(n, r, u, f) { #n, sizeof(#n) - 1, (r), (u), (f) },
#define API_SUBSTR(k, s)
#define API_MACRO(p, e)
#include "api.def"
#undef API
#undef API_SUBSTR
#undef API_MACRO
};

#define NTABLE (sizeof(table) / sizeof(table[0]))
#define NSLOT 2048	/* power of two, well over twice NTABLE */

static const struct {
	enum api_substr_kind kind;
	const char *s;
} substrs[] = {
#define API(n, r, u, f)
#define API_SUBSTR(k, s) { k, s },
#define API_MACRO(p, e)
#include "api.def"
#undef API
#undef API_SUBSTR
#undef API_MACRO
};

static const struct {
	const char *pattern;	/* one '*' at most: any run of characters */
	const char *to;		/* what it calls out of line; NULL: no call */
} macros[] = {
#define API(n, r, u, f)
#define API_SUBSTR(k, s)
#define API_MACRO(p, e) { p, e },
#include "api.def"
#undef API
#undef API_SUBSTR
#undef API_MACRO
};

static int16_t slots[NSLOT];	/* index + 1 into table, 0 when empty */
static const char *by_kind[2][sizeof(substrs) / sizeof(substrs[0]) + 1];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static uint32_t hash_name(const char *s, size_t n)
{
	uint32_t h = 2166136261u;	/* FNV-1a */
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static void build(void)
{
	_Static_assert(NTABLE * 2 < NSLOT, "api.def outgrew the hash: raise NSLOT");
	for (size_t i = 0; i < NTABLE; i++) {
		uint32_t k = hash_name(table[i].name, table[i].len) & (NSLOT - 1);
		while (slots[k])
			k = (k + 1) & (NSLOT - 1);
		slots[k] = (int16_t)(i + 1);
	}
	size_t nk[2] = { 0, 0 };
	for (size_t i = 0; i < sizeof(substrs) / sizeof(substrs[0]); i++)
		by_kind[substrs[i].kind][nk[substrs[i].kind]++] = substrs[i].s;
}

const struct api *api_lookup(const char *name, size_t len)
{
	if (!name || !len)
		return NULL;
	pthread_once(&once, build);
	uint32_t k = hash_name(name, len) & (NSLOT - 1);
	for (int16_t i; (i = slots[k]); k = (k + 1) & (NSLOT - 1)) {
		const struct api *a = &table[i - 1];
		if (a->len == len && !memcmp(a->name, name, len))
			return a;
	}
	return NULL;
}

bool api_is_str(const char *name, uint64_t roles)
{
	return name && api_is(name, strlen(name), roles);
}

const char *const *api_substrs(enum api_substr_kind kind)
{
	pthread_once(&once, build);
	return by_kind[kind];
}

static bool alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

bool api_has_part(const char *s, size_t n, const char *sub, size_t m)
{
	const char *end = s + n;
	for (const char *p = s; m && (size_t)(end - p) >= m && (p = memmem(p, (size_t)(end - p), sub, m));
	     p++) {
		bool left = p == s || !alnum(p[-1]);
		bool right = sub[m - 1] == '_' || p + m == end || !(alnum(p[m]) || p[m] == '_');
		if (left && right)
			return true;
	}
	return false;
}

bool api_has_substr(const char *s, size_t n, enum api_substr_kind kind)
{
	for (const char *const *p = api_substrs(kind); *p; p++) {
		size_t m = strlen(*p);
		if (m > n)
			continue;
		/* (a word, mostly: a loop on the first byte beats memmem()) */
		if (kind == SUB_LIMIT ? api_has_part(s, n, *p, m)
				      : n <= 64 ? name_has(s, n, *p, m) : memmem(s, n, *p, m) != NULL)
			return true;
	}
	return false;
}

/* Does name[0, len) match pattern (one '*' at most)? */
static bool glob1(const char *pat, const char *name, size_t len)
{
	const char *star = strchr(pat, '*');
	if (!star)
		return strlen(pat) == len && !memcmp(pat, name, len);
	size_t pre = (size_t)(star - pat), post = strlen(star + 1);
	return len >= pre + post && !memcmp(pat, name, pre) &&
	       !memcmp(star + 1, name + len - post, post);
}

bool api_expands(const char *name, size_t len, const char **to)
{
	for (size_t i = 0; name && i < sizeof(macros) / sizeof(macros[0]); i++)
		if (glob1(macros[i].pattern, name, len)) {
			*to = macros[i].to;
			return true;
		}
	return false;
}

const struct api *api_table(size_t *n)
{
	*n = NTABLE;
	return table;
}
