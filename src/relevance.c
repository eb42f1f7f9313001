// SPDX-License-Identifier: GPL-2.0
/*
 * The relevance pass (relevance.h): one linear scan per file over its raw
 * bytes, mapped read-only.  It over-approximates on purpose: names in
 * comments and strings count, a substring counts for the limit's names,
 * and hash collisions only make a file look relevant.  What it must never
 * do is miss a name the parse would see, so it reads the same bytes the
 * parser's input is derived from (normalisation only blanks and renames
 * SYSCALL_DEFINEn, which name_set_add() accounts for).
 */
#include "relevance.h"

#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load.h"
#include "macros.h"
#include "rules.h"

uint32_t scan_name_hash(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h ? h : 1;
}

static inline bool name_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool name_char(unsigned char c)
{
	return name_start(c) || (c >= '0' && c <= '9');
}

/* --- a set of 32-bit hashes (open addressing) ---------------------------- */

static bool hset_put(uint32_t **slot, size_t *cap, size_t *n, uint32_t h)
{
	if ((*n + 1) * 2 > *cap) {
		size_t ncap = *cap ? *cap * 2 : 256;
		uint32_t *ns = xcalloc(ncap, sizeof(uint32_t));
		for (size_t i = 0; i < *cap; i++) {
			uint32_t v = (*slot)[i];
			if (!v)
				continue;
			size_t k = v & (ncap - 1);
			while (ns[k])
				k = (k + 1) & (ncap - 1);
			ns[k] = v;
		}
		free(*slot);
		*slot = ns;
		*cap = ncap;
	}
	size_t k = h & (*cap - 1);
	while ((*slot)[k]) {
		if ((*slot)[k] == h)
			return false;
		k = (k + 1) & (*cap - 1);
	}
	(*slot)[k] = h;
	(*n)++;
	return true;
}

static bool hset_has(const uint32_t *slot, size_t cap, uint32_t h)
{
	if (!cap)
		return false;
	size_t k = h & (cap - 1);
	while (slot[k]) {
		if (slot[k] == h)
			return true;
		k = (k + 1) & (cap - 1);
	}
	return false;
}

/* --- one file ------------------------------------------------------------ */

static bool is_raise_name(const char *s, size_t len)
{
	switch (len) {
	case 6:
		return !memcmp(s, "get_ds", 6);
	case 9:
		return !memcmp(s, "KERNEL_DS", 9);
	case 14:
		return !memcmp(s, "uaccess_kernel", 14);
	case 19:
		return !memcmp(s, "force_uaccess_begin", 19);
	default:
		return false;
	}
}

/* The address-limit API, for --fix (limit tests go even without set_fs). */
static bool is_api_name(const char *s, size_t len)
{
	static const char *const api[] = {
		"get_fs", "set_fs", "get_ds", "KERNEL_DS", "USER_DS", "uaccess_kernel",
		"segment_eq", "mm_segment_t", "force_uaccess_begin", "force_uaccess_end",
	};
	for (size_t i = 0; i < ARRAY_SIZE(api); i++)
		if (strlen(api[i]) == len && !memcmp(api[i], s, len))
			return true;
	return false;
}

static void scan_text(const struct opts *o, const char *t, size_t len, struct scan *out)
{
	uint32_t *slot = NULL;
	size_t cap = 0, n = 0;
	uint8_t flags = 0;
	bool pairs = o->enabled[C_PAIR_UNBALANCED] || o->enabled[C_LOCK_HELD_RETURN] ||
		     o->enabled[C_UACCESS_CALL];
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)t[i];
		if (!name_start(c)) {
			i++;
			/* the tail of a number (0x1f, 10ul) is not a name */
			if (c >= '0' && c <= '9')
				while (i < len && name_char((unsigned char)t[i]))
					i++;
			continue;
		}
		size_t j = i + 1;
		while (j < len && name_char((unsigned char)t[j]))
			j++;
		if (hset_put(&slot, &cap, &n, scan_name_hash(t + i, j - i))) {
			/* first time in this file: what does the name mean? */
			int r, k;
			bool op;
			if (is_raise_name(t + i, j - i))
				flags |= SC_RAISE;
			if (is_api_name(t + i, j - i))
				flags |= SC_API;
			if (pairs && rules_lookup(t + i, j - i, &r, &k, &op))
				flags |= SC_RULES;
		}
		i = j;
	}
	if (memmem(t, len, "set_fs", 6) || memmem(t, len, "force_uaccess_", 14))
		flags |= SC_LIMIT;
	if (memmem(t, len, "addrlimit", 9))
		flags |= SC_MARK;
	out->flags |= flags;
	out->hash = xmalloc((n ? n : 1) * sizeof(uint32_t));
	out->nhash = 0;
	for (size_t i = 0; i < cap; i++)
		if (slot[i])
			out->hash[out->nhash++] = slot[i];
	free(slot);
}

void scan_file(const struct opts *o, const char *path, struct scan *out, struct file_facts *ff)
{
	memset(out, 0, sizeof(*out));
	arena_init(&ff->arena);
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (size_t)st.st_size > o->max_file_size || (uint64_t)st.st_size >= UINT32_MAX) {
		if (fd >= 0)
			close(fd);
		out->flags = SC_TROUBLE;
		return;
	}
	size_t len = (size_t)st.st_size;
	if (!len) {
		close(fd);
		return;
	}
	const char *t = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (t == MAP_FAILED) {
		out->flags = SC_TROUBLE;
		return;
	}
	madvise((void *)t, len, MADV_SEQUENTIAL);
	if (memchr(t, '\0', len) || first_bad_utf8((const unsigned char *)t, len) >= 0)
		out->flags = SC_TROUBLE;
	scan_text(o, t, len, out);
	/* the statement macros it defines shape other files' control flow,
	 * parsed or not (facts_collect reads the same bytes the same way) */
	macros_scan(t, len, &ff->arena, &ff->macros);
	munmap((void *)t, len);
}

void scan_release(struct scan *s)
{
	free(s->hash);
	memset(s, 0, sizeof(*s));
}

/* --- the names asked about ----------------------------------------------- */

static void put_name(struct name_set *s, const char *p, size_t len)
{
	if (len)
		hset_put(&s->slot, &s->cap, &s->n, scan_name_hash(p, len));
}

static bool has_prefix(const char *s, size_t len, const char *pre)
{
	size_t n = strlen(pre);
	return len > n && !memcmp(s, pre, n);
}

static bool has_suffix(const char *s, size_t len, const char *suf)
{
	size_t n = strlen(suf);
	return len > n && !memcmp(s + len - n, suf, n);
}

void name_set_add(struct name_set *s, const char *name)
{
	size_t len = strlen(name);
	put_name(s, name, len);
	/* SYSCALL_DEFINEn(read, ...) defines sys_read (normalize.c) */
	if (has_prefix(name, len, "compat_sys_"))
		put_name(s, name + 11, len - 11);
	else if (has_prefix(name, len, "sys_"))
		put_name(s, name + 4, len - 4);
	/* DEVICE_ATTR_RW(x) registers x_show and x_store (entry.c) */
	if (has_suffix(name, len, "_show"))
		put_name(s, name, len - 5);
	else if (has_suffix(name, len, "_store"))
		put_name(s, name, len - 6);
}

bool name_set_any(const struct name_set *s, const struct scan *f)
{
	if (!s->n)
		return false;
	for (uint32_t i = 0; i < f->nhash; i++)
		if (hset_has(s->slot, s->cap, f->hash[i]))
			return true;
	return false;
}

void name_set_release(struct name_set *s)
{
	free(s->slot);
	memset(s, 0, sizeof(*s));
}
