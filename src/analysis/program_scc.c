// SPDX-License-Identifier: GPL-2.0
/*
 * The whole-tree pass's two walks share this (program_int.h): the strongly
 * connected components of the call graph, callees first, and the files
 * read and parsed a second time, a few kept at once.  Both the address-limit
 * summaries (program.c) and the pair summaries (program_pairs.c) visit the
 * components in this order and read function bodies through file_get().
 */
#include "program_int.h"

#include <string.h>

/* --- strongly connected components (Tarjan, without recursion) ----------- */

struct tarjan {
	uint32_t *index, *low;
	bool *on;
	VEC(uint32_t) stack;
	uint32_t next;
};

void sccs(struct program *p, void (*visit)(struct program *, const uint32_t *, size_t))
{
	size_t n = p->fn.n;
	struct tarjan t = { xcalloc(n + 1, 4), xcalloc(n + 1, 4), xcalloc(n + 1, 1), {0}, 1 };
	struct frame {
		uint32_t v, edge;
	};
	VEC(struct frame) calls = {0};
	for (uint32_t root = 0; root < n; root++) {
		if (t.index[root])
			continue;
		struct frame fr = { root, 0 };
		VEC_PUSH(calls, fr);
		t.index[root] = t.low[root] = t.next++;
		VEC_PUSH(t.stack, root);
		t.on[root] = true;
		while (calls.n) {
			struct frame *top = &calls.v[calls.n - 1];
			uint32_t v = top->v;
			uint32_t first = p->tg_base[v], end = p->tg_base[v + 1];
			if (first + top->edge < end) {
				uint32_t w = p->tg.v[first + top->edge++];
				if (!t.index[w]) {
					t.index[w] = t.low[w] = t.next++;
					VEC_PUSH(t.stack, w);
					t.on[w] = true;
					struct frame nf = { w, 0 };
					VEC_PUSH(calls, nf);
				} else if (t.on[w] && t.index[w] < t.low[v]) {
					t.low[v] = t.index[w];
				}
				continue;
			}
			if (t.low[v] == t.index[v]) {
				size_t k = t.stack.n;
				do {
					k--;
					t.on[t.stack.v[k]] = false;
				} while (t.stack.v[k] != v);
				visit(p, &t.stack.v[k], t.stack.n - k);
				t.stack.n = k;
			}
			calls.n--;
			if (calls.n) {
				uint32_t u = calls.v[calls.n - 1].v;
				if (t.low[v] < t.low[u])
					t.low[u] = t.low[v];
			}
		}
	}
	VEC_FREE(calls);
	VEC_FREE(t.stack);
	free(t.index);
	free(t.low);
	free(t.on);
}

/* --- reading files again ------------------------------------------------- */

struct cached *file_get_bodies(struct program *p, uint32_t file, const uint32_t *spans,
				size_t nspans)
{
	struct cached *lru = &p->cache[0];
	for (int i = 0; i < CACHE_FILES; i++) {
		struct cached *c = &p->cache[i];
		if (c->tree && c->file == (long)file && (spans || !c->elided)) {
			c->used = ++p->tick;
			return c;
		}
		if (!c->tree || c->used < lru->used)
			lru = c;
	}
	if (lru->tree) {
		VEC_FREE(lru->fns);
		ts_tree_delete(lru->tree);
		source_release(&lru->src);
		lru->tree = NULL;
	}
	char *why = NULL;
	lru->elided = false;
	if (spans)
		lru->tree = load_and_parse_bodies(p->o, p->parser, p->rs[file].path, &lru->src,
						  spans, nspans, &lru->elided, &why);
	else
		lru->tree = load_and_parse(p->o, p->parser, p->rs[file].path, &lru->src, &why);
	if (!lru->tree) {
		/* the file changed under us: it was readable a moment ago */
		free(why);
		return NULL;
	}
	lru->file = file;
	lru->used = ++p->tick;
	collect_functions(ts_tree_root_node(lru->tree), &lru->fns, 0);
	return lru;
}

struct cached *file_get(struct program *p, uint32_t file)
{
	return file_get_bodies(p, file, NULL, 0);
}

bool cached_fn(const struct cached *c, uint32_t start, TSNode *out)
{
	size_t lo = 0, hi = c->fns.n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (ts_node_start_byte(c->fns.v[mid]) < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= c->fns.n || ts_node_start_byte(c->fns.v[lo]) != start)
		return false;
	*out = c->fns.v[lo];
	return true;
}

void parser_open(struct program *p)
{
	p->parser = ts_parser_new();
	if (!ts_parser_set_language(p->parser, tree_sitter_c()))
		die("tree-sitter runtime rejects the C grammar (version mismatch)");
}

void parser_close(struct program *p)
{
	ts_parser_delete(p->parser);
	p->parser = NULL;
	cache_release(p);
}

void cache_release(struct program *p)
{
	for (int i = 0; i < CACHE_FILES; i++) {
		struct cached *c = &p->cache[i];
		if (!c->tree)
			continue;
		VEC_FREE(c->fns);
		ts_tree_delete(c->tree);
		source_release(&c->src);
		c->tree = NULL;
		c->file = -1;
	}
}

/* --- what reaches the limit ----------------------------------------------- */

/* p->reach: the functions from which a chain of calls leads to one that
 * touches the limit (fact.direct), found backwards from those. */
void find_reach(struct program *p)
{
	if (p->reach)
		return;
	p->reach = xcalloc(p->fn.n + 1, sizeof(bool));
	size_t n = p->fn.n;
	uint32_t *from = xcalloc(n + 2, sizeof(uint32_t));	/* callers, by callee */
	for (uint32_t id = 0; id < n; id++)
		for (uint32_t t = p->tg_base[id]; t < p->tg_base[id + 1]; t++)
			from[p->tg.v[t] + 2]++;
	for (size_t i = 2; i < n + 2; i++)
		from[i] += from[i - 1];
	uint32_t *caller = xmalloc((p->tg.n ? p->tg.n : 1) * sizeof(uint32_t));
	for (uint32_t id = 0; id < n; id++)
		for (uint32_t t = p->tg_base[id]; t < p->tg_base[id + 1]; t++)
			caller[from[p->tg.v[t] + 1]++] = id;
	/* (from[c] .. from[c + 1]: c's callers) */
	VEC(uint32_t) work = {0};
	for (uint32_t id = 0; id < n; id++)
		if (fact(p, id)->direct && !p->reach[id]) {
			p->reach[id] = true;
			VEC_PUSH(work, id);
		}
	while (work.n) {
		uint32_t c = work.v[--work.n];
		for (uint32_t k = from[c]; k < from[c + 1]; k++)
			if (!p->reach[caller[k]]) {
				p->reach[caller[k]] = true;
				VEC_PUSH(work, caller[k]);
			}
	}
	VEC_FREE(work);
	free(caller);
	free(from);
}
