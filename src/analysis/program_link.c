// SPDX-License-Identifier: GPL-2.0
/*
 * The whole-tree call graph's names (program_int.h): the name → functions
 * map, and what a name called in one file means (its own definition, an
 * extern one its arch, its program and its linking allow, the caller's
 * own driver's of several).
 */
#include "program_int.h"

#include <string.h>

#include "api.h"
#include "check_limit.h"

/* --- a string → ids map -------------------------------------------------- */

/* The key's hash: eight bytes a step (names are short; the map is rebuilt
 * every run, so the hash is free to differ from hash_bytes()). */
static uint64_t smap_hash(const char *key, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, key + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 32;
	}
	uint64_t w = 0;
	for (size_t k = 0; i + k < len; k++)
		w |= (uint64_t)(unsigned char)key[i + k] << (8 * k);
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 29);
}

static uint8_t smap_tag(uint64_t h)
{
	return (uint8_t)(0x80 | (h >> 57));
}

/* The slot holding key, or the empty one where it would go (m->cap > 0). */
static size_t smap_slot(const struct smap *m, const char *key, size_t len, uint64_t hv)
{
	size_t h = hv & (m->cap - 1);
	uint8_t tag = smap_tag(hv);
	for (;; h = (h + 1) & (m->cap - 1)) {
		if (!m->tag[h])
			return h;
		if (m->tag[h] == tag && m->t[h].len == len && !memcmp(m->t[h].key, key, len))
			return h;
	}
}

static void smap_alloc(struct smap *m, size_t cap)
{
	m->t = xcalloc(cap, sizeof(*m->t));
	m->tag = xcalloc(cap, 1);
	m->cap = cap;
}

struct smap_ent *smap_get(struct smap *m, const char *key, size_t len, bool create)
{
	if (!create)
		return smap_find(m, key, len);
	if (m->n * 2 >= m->cap) {
		struct smap old = *m;
		smap_alloc(m, old.cap ? old.cap * 2 : 1024);
		for (size_t i = 0; i < old.cap; i++) {
			if (!old.tag[i])
				continue;
			uint64_t hv = smap_hash(old.t[i].key, old.t[i].len);
			size_t h = smap_slot(m, old.t[i].key, old.t[i].len, hv);
			m->t[h] = old.t[i];
			m->tag[h] = smap_tag(hv);
		}
		free(old.t);
		free(old.tag);
	}
	uint64_t hv = smap_hash(key, len);
	size_t h = smap_slot(m, key, len, hv);
	if (!m->tag[h]) {
		m->t[h].key = key;
		m->t[h].len = (uint32_t)len;
		m->tag[h] = smap_tag(hv);
		m->n++;
	}
	return &m->t[h];
}

struct smap_ent *smap_find(const struct smap *m, const char *key, size_t len)
{
	if (!m->cap)
		return NULL;
	size_t h = smap_slot(m, key, len, smap_hash(key, len));
	return m->tag[h] ? &m->t[h] : NULL;
}

void smap_free(struct smap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		if (m->t[i].ids.alloc)
			VEC_FREE(m->t[i].ids);
	free(m->t);
	free(m->tag);
	free(m->flat);
}

void smap_fill(struct smap *m, const char *const *keys, const uint32_t *lens, size_t n)
{
	smap_reserve(m, n);
	size_t *slot = xmalloc((n ? n : 1) * sizeof(size_t));
	/* the keys, each entry counting its ids; then the entries' parts of
	 * one array, in slot order; then the ids, ascending */
	for (size_t i = 0; i < n; i++) {
		struct smap_ent *e = smap_get(m, keys[i], lens[i], true);
		e->ids.n++;
		slot[i] = (size_t)(e - m->t);
	}
	m->flat = xmalloc((n ? n : 1) * sizeof(uint32_t));
	size_t at = 0;
	for (size_t i = 0; i < m->cap; i++) {
		if (!m->tag[i])
			continue;
		m->t[i].ids.v = m->flat + at;
		at += m->t[i].ids.n;
		m->t[i].ids.n = 0;
	}
	for (size_t i = 0; i < n; i++) {
		struct smap_ent *e = &m->t[slot[i]];
		e->ids.v[e->ids.n++] = (uint32_t)i;
	}
	free(slot);
}

/* --- a name's meaning ---------------------------------------------------- */

/* The architecture folder a path lies in ("arch/arm/"), as a length, or 0. */
static size_t arch_prefix(const char *path)
{
	const char *a = strstr(path, "arch/");
	if (!a || (a != path && a[-1] != '/'))
		return 0;
	const char *slash = strchr(a + 5, '/');
	return slash ? (size_t)(slash - path) + 1 : 0;
}

/*
 * The separately linked program path is part of, as the length of its
 * folder's path, or 0 for the kernel: an arch's boot wrapper or
 * decompressor (a `boot` folder under arch/ARCH/: x86's real-mode setup
 * has its own set_fs(u16 seg) and set_mode()), an arch's host tools
 * (arch/ARCH/tools/), and the tree's tools/, scripts/ and usr/ (root: the
 * tree's top, the path before some file's arch/, or NULL).  Their
 * functions are never a kernel function's callees, nor the kernel's
 * theirs: nouveau's set_mode() call is not x86 boot's.
 */
static size_t program_prefix(const char *path, const char *root, size_t root_len)
{
	size_t a = arch_prefix(path);
	if (a) {
		for (const char *q = path + a; *q; q++) {
			if (q != path + a && q[-1] != '/')
				continue;
			if (!strncmp(q, "boot/", 5))
				return (size_t)(q - path) + 5;
			if (!strncmp(q, "tools/", 6))
				return (size_t)(q - path) + 6;
		}
		return 0;
	}
	static const char *const top[] = { "tools/", "scripts/", "usr/" };
	if (!root || strncmp(path, root, root_len))
		return 0;
	for (size_t i = 0; i < sizeof(top) / sizeof(top[0]); i++)
		if (!strncmp(path + root_len, top[i], strlen(top[i])))
			return root_len + strlen(top[i]);
	return 0;
}

/* p->apart for every file. */
void find_apart(struct program *p)
{
	const char *root = NULL;
	size_t root_len = 0;
	for (size_t f = 0; f < p->nfiles && !root; f++) {
		/* (arch_prefix() holds only when the first "arch/" opens a folder) */
		const char *path = p->rs[f].path;
		if (path && arch_prefix(path)) {
			root = path;
			root_len = (size_t)(strstr(path, "arch/") - path);
		}
	}
	p->apart = xcalloc(p->nfiles + 1, sizeof(uint32_t));
	p->arch = xcalloc(p->nfiles + 1, sizeof(uint32_t));
	for (size_t f = 0; f < p->nfiles; f++) {
		if (!p->rs[f].path)
			continue;
		p->apart[f] = (uint32_t)program_prefix(p->rs[f].path, root, root_len);
		p->arch[f] = (uint32_t)arch_prefix(p->rs[f].path);
	}
}

/* Are files a and b parts of the same program (the kernel, or one apart)? */
static bool same_program(const struct program *p, uint32_t a, uint32_t b)
{
	return p->apart[a] == p->apart[b] &&
	       (!p->apart[a] || !strncmp(p->rs[a].path, p->rs[b].path, p->apart[a]));
}

/* Names whose meaning is the kernel API's, whatever a scanned tree defines. */
static bool api_name(const char *name, size_t len)
{
	return sink_args(name, len, false) || api_is(name, len, A_PINNED);
}

/*
 * Can files a and b be linked into one kernel?  Not when both define the
 * same extern function: they are alternatives (board files, one per
 * machine; an arch's two implementations of one interface).
 */
bool linkable_in(const struct program *p, uint32_t a, uint32_t b, struct link_cache *lc)
{
	if (a == b)
		return true;
	uint64_t key = ((uint64_t)a << 32) | b;
	size_t slot = (size_t)(hash_bytes(&key, sizeof(key), 0) % LINK_CACHE);
	if (lc->key[slot] == key + 1)
		return lc->ok[slot];
	bool ok = true;
	const struct file_facts *fa = &p->ff[a];
	for (size_t i = 0; i < fa->fns.n && ok; i++) {
		const struct fn_fact *f = &fa->fns.v[i];
		if (f->is_static)
			continue;
		struct smap_ent *e = smap_find(&p->names, f->name, strlen(f->name));
		for (size_t k = 0; e && k < e->ids.n && ok; k++)
			if (p->fn.v[e->ids.v[k]].file == b && !fact(p, e->ids.v[k])->is_static)
				ok = false;
	}
	lc->key[slot] = key + 1;
	lc->ok[slot] = ok;
	return ok;
}

/* The length of the folder path a and b share ("drivers/media/platform/"). */
static size_t common_dir(const char *a, const char *b)
{
	size_t n = 0;
	for (size_t i = 0; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			n = i + 1;
	return n;
}

size_t resolve_name(struct program *p, uint32_t file, const char *name, size_t len,
		    uint32_t *out, size_t max)
{
	return resolve_name_in(p, file, name, len, out, max, &p->links);
}

size_t resolve_name_in(const struct program *p, uint32_t file, const char *name, size_t len,
		       uint32_t *out, size_t max, struct link_cache *lc)
{
	/* (most callees are defined nowhere in the tree: the map first) */
	struct smap_ent *e = smap_find(&p->names, name, len);
	if (!e || e->api)
		return 0;
	size_t n = 0;
	for (size_t i = 0; i < e->ids.n; i++)
		if (p->fn.v[e->ids.v[i]].file == file && n < max)
			out[n++] = e->ids.v[i];
	if (n)
		return n;
	/* an arch's code calls its own arch's definition, not another arch's */
	const char *from = p->rs[file].path;
	size_t fa = p->arch[file];
	for (size_t i = 0; i < e->ids.n; i++) {
		uint32_t id = e->ids.v[i];
		if (fact(p, id)->is_static)
			continue;
		if (!same_program(p, file, p->fn.v[id].file))
			continue;
		const char *to = p->rs[p->fn.v[id].file].path;
		size_t ta = p->arch[p->fn.v[id].file];
		if (fa && ta && (fa != ta || strncmp(from, to, fa)))
			continue;
		if (e->ids.n > 1 && !linkable_in(p, file, p->fn.v[id].file, lc))
			continue;
		if (n == max)
			return 0;
		out[n++] = id;
	}
	/* two extern definitions of one name are never linked together: the
	 * caller's own driver's is meant (ovisp23's camera open calls
	 * ovisp23's k3_isp_init, not the ovisp22 driver's of the same name) */
	size_t best = 0, kept = 0;
	for (size_t i = 0; n > 1 && i < n; i++) {
		size_t c = common_dir(from, p->rs[p->fn.v[out[i]].file].path);
		best = c > best ? c : best;
	}
	for (size_t i = 0; n > 1 && i < n; i++)
		if (common_dir(from, p->rs[p->fn.v[out[i]].file].path) == best)
			out[kept++] = out[i];
	return n > 1 ? kept : n;
}

void names_mark_api(struct program *p)
{
	/* (the table's few hundred names looked up in the map, not the
	 * map's hundreds of thousands in the table) */
	size_t n;
	const struct api *t = api_table(&n);
	for (size_t i = 0; i < n; i++) {
		struct smap_ent *e = smap_find(&p->names, t[i].name, t[i].len);
		if (e)
			e->api = api_name(t[i].name, t[i].len);
	}
}

void smap_reserve(struct smap *m, size_t n)
{
	if (m->cap || m->n)
		return;
	size_t cap = 1024;
	while (cap < 2 * n + 2)
		cap *= 2;
	smap_alloc(m, cap);
}

