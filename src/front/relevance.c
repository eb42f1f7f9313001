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
#include <pthread.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "api.h"
#include "entry.h"
#include "lexer.h"
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
 * limit_test), SC_LIMIT for a routine that raises it inside
 * (probe_kernel_read: its callers are parsed whole), 0 for other names. */
static uint8_t limit_name_flags(const char *s, size_t len)
{
	const struct api *a = api_lookup(s, len);
	/* (probe_kernel_read() raises the limit inside: its caller is one
	 * whose text changes it) */
	if (a && (a->roles & A_KDS_ACCESS))
		return SC_LIMIT;
	if (!a || !(a->roles & A_LIMIT_ANY))
		return 0;
	return SC_API | (a->roles & A_LIMIT_RAISING ? SC_RAISE : 0);
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

/*
 * The names the scan must look up: a bit per (length, first,
 * second and last character) of every name a test of name_once() or
 * name_each() can answer yes for.  A name none of whose bits is set is
 * passed over without a look-up; a bit set by chance only costs one.
 */
#define FILTER_BITS 16
static struct {
	bool all;		/* a test that cannot be keyed so (a `foo*` field): look at every name */
	size_t min, max;	/* lengths of the names keyed */
	uint64_t bit[(1u << FILTER_BITS) / 64];
} filter;
static pthread_once_t filter_once = PTHREAD_ONCE_INIT;

static inline uint32_t filter_key(const char *r, size_t n)
{
	uint32_t h = (uint32_t)n * 0x9E3779B1u;
	h ^= (unsigned char)r[0] * 0x85EBCA77u;
	h ^= (unsigned char)r[n > 1 ? 1 : 0] * 0xC2B2AE3Du;
	h ^= (unsigned char)r[n - 1] * 0x27D4EB2Fu;
	return (h ^ (h >> 16)) & ((1u << FILTER_BITS) - 1);
}

static void filter_put(void *ctx, const char *name, size_t n)
{
	(void)ctx;
	if (!n || memchr(name, '*', n)) {
		filter.all = true;
		return;
	}
	uint32_t k = filter_key(name, n);
	filter.bit[k / 64] |= 1ULL << (k % 64);
	if (!filter.min || n < filter.min)
		filter.min = n;
	if (n > filter.max)
		filter.max = n;
}

static void filter_build(void)
{
	size_t na;
	const struct api *a = api_table(&na);
	for (size_t i = 0; i < na; i++)
		if (a[i].roles & (A_LIMIT_ANY | A_TAINT_LOAD | A_KDS_ACCESS))
			filter_put(NULL, a[i].name, a[i].len);
	entry_kernel_ds_fields(filter_put, NULL);
}

static inline bool filter_may(const char *r, size_t n)
{
	if (filter.all)
		return true;
	if (n < filter.min || n > filter.max)
		return false;
	uint32_t k = filter_key(r, n);
	return filter.bit[k / 64] >> (k % 64) & 1;
}

/* What the scan of one text looks for, set up once per text. */
struct scan_want {
	bool pairs;			/* a paired-state check is on: SC_RULES */
	bool kds;			/* user-ptr-kernel-ds is on: SC_USER_PTR */
	const char *const *limit_subs;	/* SUB_LIMIT (api.def) */
	size_t limit_min;		/* the shortest run a SUB_LIMIT or SC_MARK test can hold */
};

static void scan_want_init(const struct opts *o, struct scan_want *w)
{
	w->pairs = pair_checks_on(o);
	w->limit_subs = api_substrs(SUB_LIMIT);
	w->limit_min = 9;
	for (const char *const *p = w->limit_subs; *p; p++)
		w->limit_min = strlen(*p) < w->limit_min ? strlen(*p) : w->limit_min;
	/* check_limit_kds.c's precondition: `.write = fn` (or `->write`) and
	 * a copy from user memory in the same file */
	/* (the check runs on kernels that still have set_fs() only) */
	w->kds = o->enabled[C_USER_PTR_KERNEL_DS] && o->kernel_version < KERNEL_WITHOUT_SET_FS;
	pthread_once(&filter_once, filter_build);
}

/* What the scan learns of a text as it goes. */
struct scan_seen {
	uint8_t flags;
	bool kds_field, kds_load;
};

/* The tests of one name t[i, j) (first character a letter or '_') that
 * need be made only once per name: at its first use in the scan with
 * names, at each use the filter lets through in the scan without.
 * filter_build() must key every name these (and name_each's field test)
 * can answer yes for. */
static void name_once(const struct scan_want *w, const char *t, size_t i, size_t j,
		      struct scan_seen *s)
{
	if (w->kds && !s->kds_load)
		s->kds_load = api_is(t + i, j - i, A_TAINT_LOAD);
	s->flags |= limit_name_flags(t + i, j - i);
}

/* The tests of a name t[i, j) made at each of its uses: how it is used
 * (a field, a call) matters.  may: filter_may() said yes. */
static void name_each(const struct scan_want *w, const char *t, size_t i, size_t j, size_t len,
		      bool may, struct scan_seen *s)
{
	if (may && w->kds && !s->kds_field && i > 0 &&
	    (t[i - 1] == '.' || (t[i - 1] == '>' && i > 1 && t[i - 2] == '-')))
		s->kds_field = entry_kernel_ds_field(t + i, j - i);
	/* a rule's name where it is called, not in a comment ("set up"):
	 * looked at each time, the first may be the comment */
	if (w->pairs && !(s->flags & SC_RULES) && rules_used_as_call(t, j, len)) {
		int r, k;
		bool op;
		if (rules_lookup(t + i, j - i, &r, &k, &op))
			s->flags |= SC_RULES;
	}
}

static void scan_end(const struct scan_seen *s, struct scan *out)
{
	out->flags |= s->flags;
	if (s->kds_field && s->kds_load)
		out->flags |= SC_USER_PTR;
}

void scan_text(const struct opts *o, const char *t, size_t len, struct scan *out)
{
	uint32_t *slot = NULL;
	size_t cap = 0, n = 0;
	struct scan_want w;
	struct scan_seen seen = {0};
	scan_want_init(o, &w);
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
		if (fresh && j - i >= w.limit_min) {
			/* every SUB_LIMIT substring (api.def) lies inside a run of
			 * name characters: the substring tests (limit_relevant's)
			 * need only look at runs */
			for (const char *const *p = w.limit_subs; *p; p++)
				if (run_has_part(t + i, j - i, *p, strlen(*p)))
					seen.flags |= SC_LIMIT;
			if (j - i >= 9 && name_has(t + i, j - i, "addrlimit", 9))
				seen.flags |= SC_MARK;
		}
		bool may = name && filter_may(t + i, j - i);
		if (may && fresh)
			name_once(&w, t, i, j, &seen);
		if (name)
			name_each(&w, t, i, j, len, may, &seen);
		i = j;
	}
	scan_end(&seen, out);
	out->names_later = false;
	out->hash = xmalloc((n ? n : 1) * sizeof(uint32_t));
	out->nhash = 0;
	for (size_t i = 0; i < cap; i++)
		if (slot[i])
			out->hash[out->nhash++] = slot[i];
	free(slot);
}

/* Every run that holds sub: does one hold it as a part (run_has_part)? */
static bool text_has_part(const char *t, size_t len, const char *sub)
{
	size_t m = strlen(sub);
	for (const char *p = t; (p = mem_find(p, len - (size_t)(p - t), sub, m)); p++) {
		size_t s = (size_t)(p - t), e = s + m;
		while (s && (char_class[(unsigned char)t[s - 1]] & CC_NAME))
			s--;
		while (e < len && (char_class[(unsigned char)t[e]] & CC_NAME))
			e++;
		if (run_has_part(t + s, e - s, sub, m))
			return true;
	}
	return false;
}

/* Bit k set: p[k] is a name's character (char_class CC_NAME), for the n
 * <= 64 bytes at p.  SSE2 compares 16 bytes at a time where there is
 * SSE2 (every x86-64); elsewhere a loop without a branch. */
static inline uint64_t name_mask(const char *p, size_t n)
{
	uint64_t m = 0;
	size_t k = 0;
#ifdef __SSE2__
	for (; k + 16 <= n; k += 16) {
		__m128i c = _mm_loadu_si128((const __m128i *)(const void *)(p + k));
		__m128i bias = _mm_set1_epi8((char)0x80);
		/* (uint8_t)(x - lo) < span, as a signed compare of x - lo ^ 0x80 */
		__m128i low = _mm_or_si128(c, _mm_set1_epi8(0x20));
		__m128i alpha = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(low, _mm_set1_epi8('a')), bias),
					       _mm_set1_epi8((char)(26 ^ 0x80)));
		__m128i digit = _mm_cmplt_epi8(_mm_xor_si128(_mm_sub_epi8(c, _mm_set1_epi8('0')), bias),
					       _mm_set1_epi8((char)(10 ^ 0x80)));
		__m128i under = _mm_cmpeq_epi8(c, _mm_set1_epi8('_'));
		__m128i any = _mm_or_si128(_mm_or_si128(alpha, digit), under);
		m |= (uint64_t)(uint16_t)_mm_movemask_epi8(any) << k;
	}
#endif
	for (; k < n; k++)
		m |= (uint64_t)(char_class[(unsigned char)p[k]] & CC_NAME) << k;
	return m;
}

void scan_flags_text(const struct opts *o, const char *t, size_t len, struct scan *out)
{
	struct scan_want w;
	struct scan_seen seen = {0};
	scan_want_init(o, &w);
	/* the substrings: a search each, as grep would (they are rare) */
	for (const char *const *p = w.limit_subs; *p && !(seen.flags & SC_LIMIT); p++)
		if (text_has_part(t, len, *p))
			seen.flags |= SC_LIMIT;
	if (mem_find(t, len, "addrlimit", 9))
		seen.flags |= SC_MARK;
	/* the names: no hash, no set, no branch per byte; a name is looked
	 * up only when the filter says it may be one the tests know */
	size_t carry = 0;	/* the previous block's last byte was a name's */
	for (size_t base = 0; base < len; base += 64) {
		size_t nb = len - base < 64 ? len - base : 64;
		uint64_t m = name_mask(t + base, nb);
		uint64_t starts = m & ~((m << 1) | carry);
		carry = m >> 63;
		while (starts) {
			unsigned k = (unsigned)__builtin_ctzll(starts);
			starts &= starts - 1;
			size_t i = base + k;
			if (!(char_class[(unsigned char)t[i]] & CC_START))
				continue;	/* a run that starts with a digit is no name */
			/* its end: the next byte of the block that is not a
			 * name's, or past the block */
			uint64_t rest = ~m >> k;
			size_t j;
			if (rest && k + (unsigned)__builtin_ctzll(rest) < nb) {
				j = i + (unsigned)__builtin_ctzll(rest);
			} else {
				j = base + nb;
				while (j < len && (char_class[(unsigned char)t[j]] & CC_NAME))
					j++;
			}
			bool may = filter_may(t + i, j - i);
			if (may)
				name_once(&w, t, i, j, &seen);
			if (may || w.pairs)
				name_each(&w, t, i, j, len, may, &seen);
		}
	}
	scan_end(&seen, out);
	out->names_later = true;
	out->hash = NULL;
	out->nhash = 0;
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
	       bool names, struct scan_buf *buf)
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
	if (names)
		scan_text(o, t, len, out);
	else
		scan_flags_text(o, t, len, out);
	/* the statement macros it defines shape other files' control flow,
	 * parsed or not (facts_collect reads the same bytes the same way) */
	macros_scan(t, len, pair_checks_on(o), &ff->arena, &ff->macros);
}

void scan_names_file(const struct opts *o, const char *path, struct scan *s,
		     struct scan_buf *buf)
{
	uint8_t flags = s->flags;
	scan_release(s);
	s->flags = flags;
	long n = read_file(path, o->max_file_size, buf);
	if (n >= 0)
		scan_text(o, buf->p, (size_t)n, s);
	s->flags = flags;
}

void scan_macros(const struct opts *o, const char *path, struct arena *a, ctl_macro_list *out,
		 struct scan_buf *buf)
{
	long n = read_file(path, o->max_file_size, buf);
	size_t from = out->n;
	if (n > 0)	/* a header that cannot be read only costs its macros */
		macros_scan(buf->p, (size_t)n, pair_checks_on(o), a, out);
	macros_scope_arch(out, from, path, a);
}

/* The file at path read for the names of s: named outside every brace
 * pair (called false) or where no '(' follows (called true; comments
 * and blanks stepped over).  True also when it cannot be read, or (called
 * false) when its braces do not pair up as they stand. */
static bool names_where(const struct opts *o, const char *path, const struct name_set *s,
			bool called, struct scan_buf *buf)
{
	long n = read_file(path, o->max_file_size, buf);
	if (n < 0)
		return true;
	const char *t = buf->p;
	size_t len = (size_t)n;
	long depth = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)t[i];
		if (c == '/' && lex_comment_at(t, len, i)) {
			i = lex_comment(t, len, i, LEX_ESC_ANY);
		} else if (c == '"' || c == '\'') {
			i = lex_quoted(t, len, i, 0);
		} else if (ident_byte(c) && !(c >= '0' && c <= '9')) {
			size_t j = i + 1;
			while (j < len && ident_byte((unsigned char)t[j]))
				j++;
			if ((called || !depth) && name_set_has(s, scan_name_hash(t + i, j - i))) {
				if (!called)
					return true;
				size_t k = lex_skip_space(t, len, j);
				if (k >= len || t[k] != '(')
					return true;
			}
			i = j;
		} else if (ident_byte(c)) {	/* a number: 0x1f is no name */
			while (i < len && ident_byte((unsigned char)t[i]))
				i++;
		} else {
			depth += c == '{';
			depth -= c == '}';
			if (depth < 0 && !called)
				return true;
			i++;
		}
	}
	return !called && depth != 0;
}

bool scan_outside_bodies(const struct opts *o, const char *path, const struct name_set *s,
			 struct scan_buf *buf)
{
	return names_where(o, path, s, false, buf);
}

bool scan_not_called(const struct opts *o, const char *path, const struct name_set *s,
		     struct scan_buf *buf)
{
	return names_where(o, path, s, true, buf);
}

void scan_release(struct scan *s)
{
	free(s->hash);
	memset(s, 0, sizeof(*s));
}

/* --- the names asked about ----------------------------------------------- */

/* The word of a set's filter a hash picks (cap / 16 words, a power of
 * two), and the two bits it sets there. */
static inline uint64_t bloom_mix(uint32_t h)
{
	return (uint64_t)h * 0x9e3779b97f4a7c15ull;
}

static inline void bloom_put(struct name_set *s, uint32_t h)
{
	uint64_t x = bloom_mix(h);
	s->bloom[(x >> 40) & (s->cap / 16 - 1)] |= (1ull << (x & 63)) | (1ull << (x >> 6 & 63));
}

static inline bool bloom_may(const struct name_set *s, uint32_t h)
{
	uint64_t x = bloom_mix(h), b = (1ull << (x & 63)) | (1ull << (x >> 6 & 63));
	return (s->bloom[(x >> 40) & (s->cap / 16 - 1)] & b) == b;
}

static void put_name(struct name_set *s, const char *p, size_t len)
{
	if (len)
		name_set_put(s, scan_name_hash(p, len));
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
	if (f->names_later)
		BUG("a file's names asked before they were scanned");
	for (uint32_t i = 0; i < f->nhash; i++)
		if (bloom_may(s, f->hash[i]) && hset_has(s->slot, s->cap, f->hash[i]))
			return true;
	return false;
}

bool name_set_has(const struct name_set *s, uint32_t h)
{
	return s->n && bloom_may(s, h) && hset_has(s->slot, s->cap, h);
}

void name_set_put(struct name_set *s, uint32_t h)
{
	size_t cap = s->cap;
	hset_put(&s->slot, &s->cap, &s->n, h);
	if (s->cap == cap) {
		bloom_put(s, h);
		return;
	}
	/* the table grew: the filter grows with it */
	free(s->bloom);
	s->bloom = xcalloc(s->cap / 16, sizeof(uint64_t));
	for (size_t i = 0; i < s->cap; i++)
		if (s->slot[i])
			bloom_put(s, s->slot[i]);
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
	free(s->bloom);
	memset(s, 0, sizeof(*s));
}
