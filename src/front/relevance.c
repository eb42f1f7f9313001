// SPDX-License-Identifier: GPL-2.0
/*
 * The relevance pass (relevance.h): one linear scan per file over its raw
 * bytes.  It over-approximates on purpose: names in comments and strings
 * count, a substring counts for the limit's names, and hash collisions
 * only make a file look relevant.  What it must never do is miss a name
 * the parse would see, so it reads the bytes the parser's input is derived
 * from (normalisation blanks, rewrites punctuation, keywords and type
 * arguments, and names functions only for SYSCALL_DEFINEn, which
 * name_set_add() accounts for).  fuzz/fuzz_scan.c checks what it keeps.
 */
#include "relevance.h"

#include <fcntl.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api.h"
#include "entry.h"
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

/* What a byte can be in a name: one table look-up per byte of the scan */
enum { CC_NAME = 1, CC_START = 2 };
static const uint8_t char_class[256] = {
	['0' ... '9'] = CC_NAME,
	['a' ... 'z'] = CC_NAME | CC_START,
	['A' ... 'Z'] = CC_NAME | CC_START,
	['_'] = CC_NAME | CC_START,
};

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

/* What a name of the address-limit API tells the scan: SC_API for any
 * (what --fix rewrites, limit tests included), SC_RAISE for the names
 * that can make the limit KERNEL_DS (check_limit.c's value_of and
 * limit_test), 0 for other names. */
static uint8_t limit_name_flags(const char *s, size_t len, size_t min, size_t max)
{
	if (len < min || len > max)	/* most names: no look-up */
		return 0;
	const struct api *a = api_lookup(s, len);
	if (!a || !(a->roles & A_LIMIT_ANY))
		return 0;
	return SC_API | (a->roles & A_LIMIT_RAISING ? SC_RAISE : 0);
}

/* Does s[0, n) contain needle[0, m)?  (Names are short: a plain loop.) */
static inline bool has_sub(const char *s, size_t n, const char *needle, size_t m)
{
	for (size_t i = 0; i + m <= n; i++)
		if (s[i] == needle[0] && !memcmp(s + i + 1, needle + 1, m - 1))
			return true;
	return false;
}

/* api_has_part() over a run of name characters, without a search: a
 * part that does not end in '_' can only end the run, one that does can
 * only start it or follow a '_'. */
static bool run_has_part(const char *r, size_t n, const char *sub, size_t m)
{
	if (n < m)
		return false;
	if (sub[m - 1] != '_')
		return !memcmp(r + n - m, sub, m) && (n == m || r[n - m - 1] == '_');
	for (size_t k = 0; k + m <= n; k++)
		if ((k == 0 || r[k - 1] == '_') && r[k] == sub[0] && !memcmp(r + k, sub, m))
			return true;
	return false;
}

/* Offset of the first byte that is not ASCII, or len. */
static size_t ascii_prefix(const char *t, size_t len)
{
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, t + i, 8);
		if (w & 0x8080808080808080ULL)
			break;
	}
	while (i < len && !((unsigned char)t[i] & 0x80))
		i++;
	return i;
}

void scan_text(const struct opts *o, const char *t, size_t len, struct scan *out)
{
	uint32_t *slot = NULL;
	size_t cap = 0, n = 0;
	uint8_t flags = 0;
	bool pairs = o->enabled[C_PAIR_UNBALANCED] || o->enabled[C_LOCK_HELD_RETURN] ||
		     o->enabled[C_LOCK_UNBALANCED] || o->enabled[C_LOCK_RELEASE_UNHELD] ||
		     o->enabled[C_LOCK_DOUBLE_ACQUIRE] ||
		     o->enabled[C_UACCESS_CALL];
	const char *const *limit_subs = api_substrs(SUB_LIMIT);
	size_t limit_min = 9;	/* the shortest run a test below can hold */
	for (const char *const *p = limit_subs; *p; p++)
		limit_min = strlen(*p) < limit_min ? strlen(*p) : limit_min;
	size_t lmin, lmax;
	api_len_range(A_LIMIT_ANY, &lmin, &lmax);
	/* check_limit_kds.c's precondition: `.write = fn` (or `->write`) and
	 * a copy from user memory in the same file */
	bool kds = o->enabled[C_USER_PTR_KERNEL_DS], kds_field = false, kds_load = false;
	size_t kmin, kmax;
	api_len_range(A_TAINT_LOAD, &kmin, &kmax);
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)t[i];
		if (!(char_class[c] & CC_NAME)) {
			i++;
			continue;
		}
		/* the run of name characters, and its hash (scan_name_hash's) */
		uint32_t h = (2166136261u ^ c) * 16777619u;
		size_t j = i + 1;
		for (; j < len && (char_class[(unsigned char)t[j]] & CC_NAME); j++)
			h = (h ^ (unsigned char)t[j]) * 16777619u;
		/* a run that starts with a digit (0x1f, 10ul) is not a name; a
		 * name is looked at the first time the file has it */
		bool name = char_class[c] & CC_START;
		bool fresh = name ? hset_put(&slot, &cap, &n, h ? h : 1) : j - i >= 6;
		if (fresh && j - i >= limit_min) {
			/* every SUB_LIMIT substring (api.def) lies inside a run of
			 * name characters: the substring tests (limit_relevant's)
			 * need only look at runs */
			for (const char *const *p = limit_subs; *p; p++)
				if (run_has_part(t + i, j - i, *p, strlen(*p)))
					flags |= SC_LIMIT;
			if (j - i >= 9 && has_sub(t + i, j - i, "addrlimit", 9))
				flags |= SC_MARK;
		}
		if (kds && name && !kds_field && i > 0 &&
		    (t[i - 1] == '.' || (t[i - 1] == '>' && i > 1 && t[i - 2] == '-')))
			kds_field = entry_kernel_ds_field(t + i, j - i);
		if (kds && name && fresh && !kds_load && j - i >= kmin && j - i <= kmax)
			kds_load = api_is(t + i, j - i, A_TAINT_LOAD);
		if (name && fresh)
			flags |= limit_name_flags(t + i, j - i, lmin, lmax);
		/* a rule's name where it is called, not in a comment ("set up"):
		 * looked at each time, the first may be the comment */
		if (name && pairs && !(flags & SC_RULES) && rules_used_as_call(t, j, len)) {
			int r, k;
			bool op;
			if (rules_lookup(t + i, j - i, &r, &k, &op))
				flags |= SC_RULES;
		}
		i = j;
	}
	if (kds_field && kds_load)
		flags |= SC_USER_PTR;
	out->flags |= flags;
	out->hash = xmalloc((n ? n : 1) * sizeof(uint32_t));
	out->nhash = 0;
	for (size_t i = 0; i < cap; i++)
		if (slot[i])
			out->hash[out->nhash++] = slot[i];
	free(slot);
}

/*
 * Read a regular file of at most max bytes into buf (grown as needed):
 * its length, or -1 when it cannot be read that way.  (read() into one
 * buffer per thread, not mmap: unmapping 32,000 files from a threaded
 * process costs a TLB shootdown on every other core each time.)
 */
static long read_file(const char *path, size_t max, struct scan_buf *buf)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (size_t)st.st_size > max ||
	    (uint64_t)st.st_size >= UINT32_MAX) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	size_t want = (size_t)st.st_size, len = 0;
	if (want + 1 > buf->cap) {
		free(buf->p);
		buf->cap = want + 1 > 65536 ? want + 1 : 65536;
		buf->p = xmalloc(buf->cap);
	}
	while (len < want) {
		ssize_t r = read(fd, buf->p + len, want - len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	return len == want ? (long)len : -1;
}

void scan_file(const struct opts *o, const char *path, struct scan *out, struct file_facts *ff,
	       struct scan_buf *buf)
{
	memset(out, 0, sizeof(*out));
	arena_init(&ff->arena);
	long n = read_file(path, o->max_file_size, buf);
	if (n < 0) {
		out->flags = SC_TROUBLE;
		return;
	}
	size_t len = (size_t)n;
	const char *t = buf->p;
	size_t a = ascii_prefix(t, len);	/* ASCII is valid UTF-8 */
	if (memchr(t, '\0', len) ||
	    (a < len && first_bad_utf8((const unsigned char *)t + a, len - a) >= 0))
		out->flags = SC_TROUBLE;
	scan_text(o, t, len, out);
	/* the statement macros it defines shape other files' control flow,
	 * parsed or not (facts_collect reads the same bytes the same way) */
	macros_scan(t, len, &ff->arena, &ff->macros);
}

void scan_macros(const char *path, size_t max_size, struct arena *a, ctl_macro_list *out,
		 struct scan_buf *buf)
{
	long n = read_file(path, max_size, buf);
	if (n > 0)	/* a header that cannot be read only costs its macros */
		macros_scan(buf->p, (size_t)n, a, out);
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

bool name_set_has(const struct name_set *s, uint32_t h)
{
	return s->n && hset_has(s->slot, s->cap, h);
}

void name_set_put(struct name_set *s, uint32_t h)
{
	hset_put(&s->slot, &s->cap, &s->n, h);
}

void name_set_merge(struct name_set *s, const struct name_set *from)
{
	for (size_t i = 0; i < from->cap; i++)
		if (from->slot[i])
			name_set_put(s, from->slot[i]);
}

void name_set_release(struct name_set *s)
{
	free(s->slot);
	memset(s, 0, sizeof(*s));
}
