// SPDX-License-Identifier: GPL-2.0
/*
 * user-ptr-kernel-ds across files (check_limit_kds.c's second half): a
 * ->write handler the kernel may call under KERNEL_DS that hands its
 * buffer to a dispatch table whose entries another file defines
 * (uverbs_main.c's ib_uverbs_write() and uverbs_cmd_table[], the handlers
 * in uverbs_cmd.c).  The first pass recorded the table's foreign names
 * (file_facts.kds_remote); here each is resolved to an extern function of
 * the tree, nearest the handler's folder, and that function's file is
 * searched from it.
 */
#include "program_int.h"

#include <stdlib.h>
#include <string.h>

#include "check_limit.h"

struct kseed {
	uint32_t file;
	struct kds_seed s;
};
typedef VEC(struct kseed) kseed_list;

static int cmp_kseed(const void *a, const void *b)
{
	const struct kseed *x = a, *y = b;
	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return x->s.fn < y->s.fn ? -1 : x->s.fn > y->s.fn;
}

/* Bytes of folder the two paths share. */
static size_t shared_dir(const char *a, const char *b)
{
	size_t n = 0, i = 0;
	while (a[i] && a[i] == b[i]) {
		if (a[i] == '/')
			n = i + 1;
		i++;
	}
	return n;
}

/* The extern definitions of r->name nearest file `from`, as seeds. */
static void resolve(struct program *p, uint32_t from, const struct kds_remote *r,
		    kseed_list *out)
{
	size_t best = 0, first = out->n;
	bool any = false;
	/* (the name map's ids of a name are in id order: every function of
	 * the tree walked for each name was 11% of an edited re-run of lt02) */
	const struct smap_ent *e = smap_find(&p->names, r->name, strlen(r->name));
	for (size_t x = 0; e && x < e->ids.n; x++) {
		uint32_t id = e->ids.v[x];
		const struct fn_fact *f = fact(p, id);
		uint32_t file = p->fn.v[id].file;
		if (file == from || f->is_static || f->unanalysable)
			continue;
		size_t d = shared_dir(p->rs[from].path, p->rs[file].path);
		if (any && d < best)
			continue;
		if (!any || d > best)
			out->n = first;	/* a nearer one: the farther ones go */
		any = true;
		best = d;
		struct kseed k = { file, { p->fn.v[id].idx, r, p->rs[from].path } };
		VEC_PUSH(*out, k);
	}
}

static void search_file(struct program *p, uint32_t file, const struct kseed *seeds, size_t n)
{
	const struct file_facts *ff = &p->ff[file];
	struct cached *c = file_get(p, file);
	if (!c || !ff->fns.n)
		return;
	size_t nf = ff->fns.n;
	TSNode *fns = xcalloc(nf, sizeof(TSNode));
	char **names = xcalloc(nf, sizeof(char *));
	bool *skip = xcalloc(nf, sizeof(bool));
	bool whole = true;
	for (size_t i = 0; i < nf && whole; i++) {
		whole = cached_fn(c, ff->fns.v[i].start, &fns[i]);
		names[i] = (char *)ff->fns.v[i].name;
		skip[i] = ff->fns.v[i].unanalysable;
	}
	struct kds_seed *s = xcalloc(n, sizeof(*s));
	for (size_t i = 0; i < n; i++)
		s[i] = seeds[i].s;
	/* the parse must give the definitions the facts have, in order */
	if (whole)
		kds_check_remote(p->o, &c->src, p->rs[file].path, ts_tree_root_node(c->tree), fns,
				 names, skip, nf, ff, s, n, &p->rs[file].findings);
	free(s);
	free(fns);
	free(names);
	free(skip);
}

void kds_across_files(struct program *p)
{
	if (!p->o->enabled[C_USER_PTR_KERNEL_DS] || p->o->kernel_version >= KERNEL_WITHOUT_SET_FS)
		return;
	kseed_list seeds = {0};
	for (uint32_t f = 0; f < p->nfiles; f++)
		for (size_t r = 0; r < p->ff[f].kds_remote.n; r++)
			resolve(p, f, &p->ff[f].kds_remote.v[r], &seeds);
	if (!seeds.n)
		return;
	qsort(seeds.v, seeds.n, sizeof(*seeds.v), cmp_kseed);
	parser_open(p);
	for (size_t i = 0; i < seeds.n;) {
		size_t j = i;
		while (j < seeds.n && seeds.v[j].file == seeds.v[i].file)
			j++;
		search_file(p, seeds.v[i].file, seeds.v + i, j - i);
		i = j;
	}
	parser_close(p);
	VEC_FREE(seeds);
}
