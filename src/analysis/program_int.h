/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the whole-tree pass (program.h): the program — every function
 * with a global id, the call graph, the files read again — shared by
 * program.c (the graph, the address-limit summaries, the pair candidates
 * settled) and program_pairs.c (the pair summaries across files).
 */
#ifndef ADDRLIMIT_PROGRAM_INT_H
#define ADDRLIMIT_PROGRAM_INT_H

#include "program.h"

#include "check_limit.h"
#include "front.h"

#define MAX_TARGETS 8
#define CACHE_FILES 8
#define LINK_CACHE 4093

/* A string → ids map. */
struct smap_ent {
	const char *key;
	uint32_t len;
	bool api;		/* p->names: the kernel API's name (api_name()) */
	VEC(uint32_t) ids;	/* alloc 0: a part of the map's flat array */
};

/* Open addressing; tag[i] is 0 for an empty slot, else 0x80 | seven more
 * bits of the key's hash, so a look-up of a name no slot holds (most
 * callees: defined nowhere in the tree) reads the small tag array, not the
 * entries. */
struct smap {
	struct smap_ent *t;
	uint8_t *tag;
	size_t cap, n;
	uint32_t *flat;		/* the ids of smap_fill()'s entries */
};

struct gfn {
	uint32_t file, idx;
};

struct range {
	uint32_t first, n;
};

struct cached {
	long file;			/* -1: empty */
	struct source src;
	TSTree *tree;
	node_list fns;
	unsigned long used;
	bool elided;			/* only some bodies parsed (file_get_bodies()) */
};

/* linkable()'s last answers: 1 + (a << 32 | b), or 0, by a hash of it. */
struct link_cache {
	uint64_t key[LINK_CACHE];
	bool ok[LINK_CACHE];
};

struct program {
	const struct opts *o;
	struct file_result *rs;
	struct file_facts *ff;
	size_t nfiles;
	VEC(struct gfn) fn;
	uint32_t *call_base;		/* per function: its first call in cr */
	uint32_t *tg_base;		/* per function: its first target in tg */
	VEC(struct range) cr;		/* per call: its targets in tg */
	VEC(uint32_t) tg;
	struct smap names;		/* function name → ids */
	struct smap fields;		/* ".field" → functions stored into it */
	struct smap ufollow;		/* fields some file follows as user pointers */
	uint32_t *sinks;
	uint32_t *sink_via;		/* the callee a parameter reaches a sink through, or itself */
	uint32_t *opaque;		/* per function: parameters handed to a call through a
					 * function pointer, through any depth of calls */
	const char **entry_why;
	uint32_t *ncallers;		/* call sites of other functions that reach it */
	uint32_t *nkmode;		/* ... of them, made only with kernel-mode registers */
	bool *bound;			/* stored into a field: called from where we may not see */
	uint32_t *arch;			/* per file: the length of its arch/ARCH/ folder's
					 * path, or 0 (arch_prefix()) */
	uint32_t *apart;		/* per file: the length of the path of the separately
					 * linked program it is part of (program_prefix), or 0 */
	bool *kthread;			/* handed to a kernel thread or a work item (facts.h:
					 * KTHREAD_FIELD) */
	bool *fbound;			/* stored into a real field (bound, not only kthread) */
	struct fn_summary *sum;		/* per function; a blank one (never touched: the
					 * pages of ~150 MB stay unmapped) until sum_at() */
	bool *sum_ready;		/* ... its name, parameters and sink site are set */
	bool *reach;			/* can reach a function that touches the limit: the
					 * only ones the summaries visit (run_summaries) */
	bool *fix_scope;		/* the functions whose parameters' masks (sinks,
					 * opaque) some analysis reads (program_fix.c) */
	bool *noret;			/* never returns, by its facts and its tail calls
					 * (find_noreturn: once a graph, a probe's kept) */
	struct arena strings;
	TSParser *parser;
	struct cached cache[CACHE_FILES];
	unsigned long tick;
	uint32_t cur;			/* the function being analysed */
	uint32_t *scc_pos;		/* 1 + index in the component being visited, or 0 */
	struct link_cache links;	/* linkable()'s answers */
	size_t visited;			/* functions whose component was visited (progress) */
	const struct ctl_macros *ctl;	/* the run's control macros (the first pass's too) */
	bool probe;			/* program_probe(): summaries only, nothing reported */
	bool saw_kernel;		/* ... and some analysed function may run with KERNEL_DS */
	bool *pair_changed;		/* program_pairs(): its pair summary changed there, */
	uint32_t *pair_level;		/* ... 1 + the longest chain of callees walked again, or 0, */
	VEC(uint32_t) pair_order;	/* ... the components callees first, each ended by UINT32_MAX */
	struct smap special;		/* summaries for constant arguments (program.c):
					 * "callee:constants" -> index into special_sum */
	VEC(const struct fn_summary *) special_sum;
	const struct const_args *seed;	/* ... the constants of the one analyse_fn() makes */
	int spec_depth;			/* ... made inside another's analysis */
};

/* The fact of function id. */
static inline const struct fn_fact *fact(const struct program *p, uint32_t id)
{
	return &p->ff[p->fn.v[id].file].fns.v[p->fn.v[id].idx];
}

/* Why function id is an entry point for the pair rules, or NULL: those of
 * the address limit alone (ENTRY_ASMLINKAGE) are none. */
static inline const char *pairs_entry_why(const struct program *p, uint32_t id)
{
	const char *why = p->entry_why[id];
	return why == ENTRY_ASMLINKAGE ? NULL : why;
}

/* program_fix.c: p->sinks and p->sink_via (parameters that reach a
 * uaccess routine, and the callee through which), p->opaque (parameters
 * handed to a call through a pointer or out of the tree); only of the
 * functions in p->fix_scope (set here, with p->reach if not yet), 0 for
 * the others. */
void param_fixpoints(struct program *p);

/* program_scc.c.  Calls `visit` for each strongly connected component, callees first. */
void sccs(struct program *p, void (*visit)(struct program *, const uint32_t *, size_t));
/* ... p->reach, unless the graph has it already: the functions from which
 * a chain of calls leads to one that touches the limit (fact.direct), found
 * backwards over the call graph (p->tg). */
void find_reach(struct program *p);

/* The file read and parsed again (a few kept, least recently used out), or
 * NULL when it can no longer be read; needs p->parser. */
struct cached *file_get(struct program *p, uint32_t file);
/* The same with only the bodies of the definitions at spans (sorted pairs
 * of start and end bytes) parsed, the others blanked (elide.h); a copy
 * read whole serves too.  Every call for a file must give the same spans. */
struct cached *file_get_bodies(struct program *p, uint32_t file, const uint32_t *spans,
				size_t nspans);
/* Free the files file_get() keeps. */
void cache_release(struct program *p);
/* The definition starting at offset start in the parsed copy c (the same
 * file's facts name it by its offset): false when the parse has none. */
bool cached_fn(const struct cached *c, uint32_t start, TSNode *out);
/* The parser file_get() needs, made for a pass; closed with the files it kept. */
void parser_open(struct program *p);
void parser_close(struct program *p);

/* program_kds.c: the ->write handlers that hand their buffer to a table
 * whose entries other files define, followed into those files. */
void kds_across_files(struct program *p);

/* program_ctx.c: ds-unbalanced findings of functions that only kernel
 * threads and work items reach become ds-unbalanced-kthread notes. */
void kthread_context(struct program *p);

/* program_fold.c: a finding that exists only because a callee's return
 * left the limit raised, where that callee has its own finding, is folded
 * into the callee's (one finding per root cause); not with --every-caller. */
void fold_findings(struct program *p);
/* ... and the roots of its graph of findings: no parents, or the lowest of
 * a cycle with no parent outside it (unit-tested: tests/unit/test_fold.c) */
void fold_cycle_roots(uint32_t n, const uint32_t *first, const uint32_t *npar,
		      const uint32_t *par, bool *root);

/* program_pairs.c: the pair summaries across files, bottom-up; callers of
 * functions of other files run again, their candidates replaced in p->ff. */
void program_pairs(struct program *p);
/* ... and the candidates that needed the whole tree, kept or dropped into
 * their files' findings (an entry point's leaks, a callee elsewhere or a
 * caller releasing what a helper kept, uaccess-call's out-of-line callee). */
void program_settle_pairs(struct program *p);

/* program_link.c: the names map, and a name's meaning in a file */
struct smap_ent *smap_get(struct smap *m, const char *key, size_t len, bool create);
/* smap_get(m, key, len, false), which changes nothing: safe on threads */
struct smap_ent *smap_find(const struct smap *m, const char *key, size_t len);
void smap_free(struct smap *m);
/* Size m for about n keys at once, instead of doubling up to them. */
void smap_reserve(struct smap *m, size_t n);
/* An empty map filled with n keys at once, keys[i] of length lens[i]
 * (i in order) mapped to id i: each entry's ids ascending, in one array. */
void smap_fill(struct smap *m, const char *const *keys, const uint32_t *lens, size_t n);
/* p->apart and p->arch for every file (the separately linked programs,
 * the architectures). */
void find_apart(struct program *p);
/* Each name of p->names the kernel API's (never a tree's function). */
void names_mark_api(struct program *p);
/* Can files a and b be linked into one kernel?  (answers kept in lc: a
 * thread's own, or p->links) */
bool linkable_in(const struct program *p, uint32_t a, uint32_t b, struct link_cache *lc);
/* The definitions a name means in file `file`: that file's own first, else
 * the extern ones elsewhere (at most max; 0 when there are more). */
size_t resolve_name(struct program *p, uint32_t file, const char *name, size_t len,
		    uint32_t *out, size_t max);
size_t resolve_name_in(const struct program *p, uint32_t file, const char *name, size_t len,
		       uint32_t *out, size_t max, struct link_cache *lc);

#endif
