// SPDX-License-Identifier: GPL-2.0
/*
 * One finding per root cause (program_int.h: fold_findings).  A helper that
 * returns with the address limit raised on one path is reported there
 * (ds-unbalanced); every caller whose own finding exists only because that
 * return left the limit raised (the raise on its path is the call, nothing
 * in the caller raised it: finding.cause) would report the same bug again,
 * one level up, up to each entry point (ds-leak).  Those findings are
 * folded into the helper's: they become its `also` list (notes in text,
 * relatedLocations in SARIF), and the helper's finding takes the most
 * severe of their severities (an entry point returns to user mode through
 * it).  Folding follows causes to the end: a caller of a caller lands on
 * the helper that started it, and through a callee with no finding of its
 * own that only hands the helper's return on (`return helper(d);`: one
 * return, raised on some of the paths that reach it).  A cause whose callee
 * has no finding of its own and raises on every path (a setter whose job
 * is to raise) leaves the caller's finding as the root.  Runs after
 * finish_file(): findings of disabled checks and suppressed ones take no
 * part, and fingerprints are those of the findings as reported one by one
 * (baselines keep matching the root).
 * user-ptr-kernel-ds and oops-in-window findings are folded by their source
 * instead (fold_sources).  --every-caller turns both off.
 */
#include "program_int.h"

#include <stdlib.h>
#include <string.h>

static bool foldable(enum check_id id)
{
	return id == C_DS_LEAK || id == C_DS_UNBALANCED || id == C_DS_UNBALANCED_KTHREAD;
}

/* How many functions that pass a raise through (passes_through) folding
 * looks behind, one under the other. */
#define PASS_DEPTH 4

struct item {
	uint32_t file, idx;	/* the finding: p->rs[file].findings.v.v[idx] */
	uint32_t fn;		/* its function's id, or UINT32_MAX */
	uint32_t parent;	/* first of its parents in par, or 0 with npar 0 */
	uint32_t npar;		/* findings of its causes' callees */
	bool root;		/* no parents, or the first of a cycle of them with
				 * none outside it (mark_roots) */
	bool folded;
};

struct u32_vec {
	uint32_t *v;
	size_t n, alloc;
};

struct fold {
	struct program *p;
	VEC(struct item) it;
	VEC(uint32_t) par;	/* parents, per item a run */
	uint32_t *by_fn_base;	/* per function: its first item in by_fn */
	uint32_t *by_fn;
};

static struct finding *item_finding(const struct fold *fo, const struct item *x)
{
	return &fo->p->rs[x->file].findings.v.v[x->idx];
}

/* The id of the function named name in file f, or UINT32_MAX. */
static uint32_t fn_in_file(const struct program *p, const uint32_t *first, uint32_t f,
			   const char *name)
{
	for (size_t k = 0; k < p->ff[f].fns.n; k++)
		if (!strcmp(p->ff[f].fns.v[k].name, name))
			return first[f] + (uint32_t)k;
	return UINT32_MAX;
}

static void collect(struct fold *fo)
{
	struct program *p = fo->p;
	uint32_t *first = xcalloc(p->nfiles + 1, sizeof(uint32_t));
	for (size_t f = 0; f < p->nfiles; f++)
		first[f + 1] = first[f] + (uint32_t)p->ff[f].fns.n;
	for (uint32_t f = 0; f < p->nfiles; f++) {
		const struct findings *fs = &p->rs[f].findings;
		for (uint32_t i = 0; i < fs->v.n; i++) {
			const struct finding *fd = &fs->v.v[i];
			if (!foldable(fd->id) || !fd->func)
				continue;
			struct item x = { .file = f, .idx = i,
					  .fn = fn_in_file(p, first, f, fd->func) };
			if (x.fn < p->fn.n)
				VEC_PUSH(fo->it, x);
		}
	}
	free(first);
	size_t n = p->fn.n;
	uint32_t *count = xcalloc(n + 1, sizeof(uint32_t));
	for (size_t i = 0; i < fo->it.n; i++)
		count[fo->it.v[i].fn]++;
	fo->by_fn_base = xcalloc(n + 1, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++)
		fo->by_fn_base[i + 1] = fo->by_fn_base[i] + count[i];
	fo->by_fn = xcalloc(fo->it.n + 1, sizeof(uint32_t));
	memset(count, 0, (n + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < fo->it.n; i++) {
		uint32_t fn = fo->it.v[i].fn;
		fo->by_fn[fo->by_fn_base[fn] + count[fn]++] = i;
	}
	free(count);
}

/* Adds the findings of function t to par, unless they are there; false
 * when it has none. */
static bool add_items(struct fold *fo, uint32_t t, uint32_t first)
{
	if (fo->by_fn_base[t] == fo->by_fn_base[t + 1])
		return false;
	for (uint32_t j = first; j < fo->par.n; j++)
		if (fo->it.v[fo->par.v[j]].fn == t)
			return true;
	for (uint32_t j = fo->by_fn_base[t]; j < fo->by_fn_base[t + 1]; j++)
		VEC_PUSH(fo->par, fo->by_fn[j]);
	return true;
}

/* Does t hand on a raise it did not start?  No finding of its own, and its
 * returns leave the limit raised on some paths only (one return that merges
 * a raised and a restored path: `return download_firmware(d);`), where a
 * setter leaves it raised on all of them. */
static bool passes_through(const struct fold *fo, uint32_t t)
{
	const struct program *p = fo->p;
	if (!p->sum || fo->by_fn_base[t] < fo->by_fn_base[t + 1])
		return false;
	const struct fn_summary *s = &p->sum[t];
	return s->analysed && (s->exit & LV_KERNEL) && s->exit != LV_KERNEL;
}

/* The findings behind a callee that passes a raise through: those of the
 * functions it calls, through more of its kind up to depth levels down;
 * false when there are none. */
static bool add_through(struct fold *fo, uint32_t t, uint32_t first, int depth)
{
	const struct program *p = fo->p;
	bool any = false;
	for (uint32_t k = p->tg_base[t]; k < p->tg_base[t + 1]; k++) {
		uint32_t u = p->tg.v[k];
		if (u == t)
			continue;
		if (add_items(fo, u, first))
			any = true;
		else if (depth > 0 && passes_through(fo, u))
			any |= add_through(fo, u, first, depth - 1);
	}
	return any;
}

/* Adds the findings of the callee named name[0..len) among those fn
 * calls to par (or of what it calls, when it passes a raise through);
 * false when it has none (a setter: no root cause there).  A name the
 * causes list twice finds its findings there already. */
static bool add_parents(struct fold *fo, uint32_t fn, uint32_t first, const char *name, size_t len)
{
	struct program *p = fo->p;
	bool any = false;
	for (uint32_t k = p->tg_base[fn]; k < p->tg_base[fn + 1]; k++) {
		uint32_t t = p->tg.v[k];
		const char *tn = fact(p, t)->name;
		if (t == fn || strlen(tn) != len || memcmp(tn, name, len))
			continue;
		if (passes_through(fo, t))
			any |= add_through(fo, t, first, PASS_DEPTH);
		else
			any |= add_items(fo, t, first);
	}
	return any;
}

/*
 * Where the raise an item is about was made, as (file, step): a finding
 * raised by a callee has, right after the call's step, the note
 * check_limit.c writes for the function that called set_fs() ("'f' raises
 * it with '...'", at that set_fs()); a finding of a direct raise has it as
 * its first step.  False for neither.
 */
static bool raise_origin(const struct fold *fo, const struct item *x, const char **file,
			 const struct step **at)
{
	const struct finding *fd = item_finding(fo, x);
	const struct step *st = NULL;
	if (!fd->cause && fd->steps.n)
		st = &fd->steps.v[0];
	else if (fd->cause && fd->steps.n > 1 && strstr(fd->steps.v[1].msg, "' raises it with '"))
		st = &fd->steps.v[1];
	if (!st)
		return false;
	*file = st->file ? st->file : fo->p->rs[x->file].path;
	*at = st;
	return true;
}

/* The item of a direct raise (no cause) whose raise is the one item i was
 * raised by through its callees, or UINT32_MAX: Goodix's gtp_i2c_write()
 * reaches the leaking gup_load_calibration_from_file() round a call cycle
 * (i2c_write -> recovery_reset -> reset_guitar -> send_cfg -> i2c_write)
 * whose findings name each other as causes, none outside the cycle; the
 * raise they all carry is the helper's. */
static uint32_t origin_item(const struct fold *fo, uint32_t i)
{
	const struct item *x = &fo->it.v[i];
	const char *fx;
	const struct step *sx;
	if (!item_finding(fo, x)->cause || !raise_origin(fo, x, &fx, &sx))
		return UINT32_MAX;
	for (uint32_t j = 0; j < fo->it.n; j++) {
		const struct item *y = &fo->it.v[j];
		const char *fy;
		const struct step *sy;
		if (j != i && !item_finding(fo, y)->cause && raise_origin(fo, y, &fy, &sy) &&
		    sx->at.line == sy->at.line && sx->at.col == sy->at.col && !strcmp(fx, fy))
			return j;
	}
	return UINT32_MAX;
}

/* The parents of each item: the findings of the callees its causes name,
 * among the functions its function calls, and the finding of the raise it
 * carries (origin_item); none unless every cause has findings of its own. */
static void link_parents(struct fold *fo)
{
	for (uint32_t i = 0; i < fo->it.n; i++) {
		struct item *x = &fo->it.v[i];
		const struct finding *fd = item_finding(fo, x);
		x->parent = (uint32_t)fo->par.n;
		bool all = fd->cause != NULL;
		for (const char *c = fd->cause; all && c && *c;) {
			size_t len = strcspn(c, "\n");
			all = add_parents(fo, x->fn, x->parent, c, len);
			c += len + (c[len] == '\n');
		}
		if (!all)
			fo->par.n = x->parent;
		/* (not where a cause has no finding: a setter raised last) */
		uint32_t o = all ? origin_item(fo, i) : UINT32_MAX;
		for (uint32_t j = x->parent; j < fo->par.n && o != UINT32_MAX; j++)
			if (fo->par.v[j] == o)
				o = UINT32_MAX;
		if (o != UINT32_MAX)
			VEC_PUSH(fo->par, o);
		x->npar = (uint32_t)fo->par.n - x->parent;
	}
}

/*
 * The roots of a graph of findings (program_int.h): node i's parents are
 * par[first[i] .. first[i] + npar[i]).  A node without parents is a root,
 * and so is the lowest node of each cycle of nodes whose parents are all
 * in the cycle.  Recursion (a reset that downloads firmware that resets on
 * failure) makes the causes name each other round a cycle, the helper that
 * started it out of sight behind a summary; the cycle's first finding
 * stands for it.  Tarjan's strongly connected components over the parent
 * edges, without recursion.
 */
void fold_cycle_roots(uint32_t n, const uint32_t *first, const uint32_t *npar,
		      const uint32_t *par, bool *root)
{
	uint32_t *index = xcalloc(n + 1, sizeof(uint32_t));	/* 0: not visited */
	uint32_t *low = xcalloc(n + 1, sizeof(uint32_t));
	uint32_t *edge = xcalloc(n + 1, sizeof(uint32_t));	/* next parent to visit */
	uint32_t *comp = xcalloc(n + 1, sizeof(uint32_t));	/* 1 + its head, when done */
	bool *on = xcalloc(n + 1, sizeof(bool));
	struct u32_vec stack = {0}, call = {0};
	uint32_t next = 1;
	memset(root, 0, n * sizeof(bool));
	for (uint32_t s = 0; s < n; s++) {
		if (index[s])
			continue;
		index[s] = low[s] = next++;
		VEC_PUSH(stack, s);
		on[s] = true;
		VEC_PUSH(call, s);
		while (call.n) {
			uint32_t u = call.v[call.n - 1];
			if (edge[u] < npar[u]) {
				uint32_t q = par[first[u] + edge[u]++];
				if (!index[q]) {
					index[q] = low[q] = next++;
					VEC_PUSH(stack, q);
					on[q] = true;
					VEC_PUSH(call, q);
				} else if (on[q] && index[q] < low[u]) {
					low[u] = index[q];
				}
				continue;
			}
			call.n--;
			if (call.n && low[u] < low[call.v[call.n - 1]])
				low[call.v[call.n - 1]] = low[u];
			if (low[u] != index[u])
				continue;
			size_t top = stack.n;
			do
				top--;
			while (stack.v[top] != u);
			uint32_t lowest = u;
			for (size_t k = top; k < stack.n; k++) {
				on[stack.v[k]] = false;
				comp[stack.v[k]] = u + 1;
				if (stack.v[k] < lowest)
					lowest = stack.v[k];
			}
			bool outside = false;
			for (size_t k = top; k < stack.n && !outside; k++) {
				uint32_t y = stack.v[k];
				for (uint32_t j = first[y]; j < first[y] + npar[y] && !outside; j++)
					outside = comp[par[j]] != u + 1;
			}
			root[lowest] = !outside;
			stack.n = top;
		}
	}
	free(index);
	free(low);
	free(edge);
	free(comp);
	free(on);
	VEC_FREE(stack);
	VEC_FREE(call);
}

static void mark_roots(struct fold *fo)
{
	uint32_t n = (uint32_t)fo->it.n;
	uint32_t *first = xcalloc(n + 1, sizeof(uint32_t));
	uint32_t *npar = xcalloc(n + 1, sizeof(uint32_t));
	bool *root = xcalloc(n + 1, sizeof(bool));
	for (uint32_t i = 0; i < n; i++) {
		first[i] = fo->it.v[i].parent;
		npar[i] = fo->it.v[i].npar;
	}
	fold_cycle_roots(n, first, npar, fo->par.v, root);
	for (uint32_t i = 0; i < n; i++)
		fo->it.v[i].root = root[i];
	free(first);
	free(npar);
	free(root);
}

/* The roots item i comes from (mark_roots), reached through parents, into
 * *roots.  seen[] holds the generation gen of the items visited in this
 * walk. */
static void roots_of(const struct fold *fo, uint32_t i, uint32_t *seen, uint32_t gen,
		     struct u32_vec *work, struct u32_vec *roots)
{
	work->n = 0;
	roots->n = 0;
	VEC_PUSH(*work, i);
	seen[i] = gen;
	while (work->n) {
		uint32_t u = work->v[--work->n];
		const struct item *x = &fo->it.v[u];
		if (x->root) {
			VEC_PUSH(*roots, u);
			continue;
		}
		for (uint32_t j = x->parent; j < x->parent + x->npar; j++) {
			uint32_t q = fo->par.v[j];
			if (seen[q] != gen) {
				seen[q] = gen;
				VEC_PUSH(*work, q);
			}
		}
	}
}

/* "... by calling 'a'" (or 'a' and 'b') */
static char *callers_msg(const struct finding *fd)
{
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s by calling ", fd->msg);
	for (const char *c = fd->cause; *c;) {
		size_t len = strcspn(c, "\n");
		strbuf_addf(&sb, "%s'%.*s'", c == fd->cause ? "" : " and ", (int)len, c);
		c += len + (c[len] == '\n');
	}
	char *msg = strbuf_detach(&sb);
	strbuf_release(&sb);	/* detach leaves a fresh buffer */
	return msg;
}

static void add_related(struct fold *fo, uint32_t root, uint32_t i)
{
	struct finding *r = item_finding(fo, &fo->it.v[root]);
	const struct item *x = &fo->it.v[i];
	const struct finding *fd = item_finding(fo, x);
	struct related a = {
		.id = fd->id, .at = fd->at,
		.msg = callers_msg(fd),
		.file = xstrdup(fo->p->rs[x->file].path), .func = xstrdup(fd->func),
	};
	VEC_PUSH(r->also, a);
	/* the caller's other returns after the same raise (fold_sources) */
	for (size_t k = 0; k < fd->also.n; k++) {
		const struct related *o = &fd->also.v[k];
		if (o->kind != REL_RETURN)
			continue;
		struct related b = { .id = o->id, .at = o->at, .msg = xstrdup(a.msg),
				     .file = xstrdup(o->file), .func = xstrdup(o->func) };
		VEC_PUSH(r->also, b);
	}
}

/* The root's message says who it reaches, once the whole group is known. */
static void describe(struct finding *r)
{
	/* functions, not their returns: an entry point with two faulty
	 * returns is one */
	size_t entries = 0, callers = 0;
	for (size_t k = 0; k < r->also.n; k++) {
		const struct related *a = &r->also.v[k];
		bool again = false;
		for (size_t j = 0; j < k && !again; j++)
			again = !strcmp(r->also.v[j].func, a->func) && !strcmp(r->also.v[j].file, a->file);
		if (again)
			continue;
		callers++;
		entries += a->id == C_DS_LEAK;
	}
	char *msg;
	if (entries)
		msg = xasprintf("%s; %zu entry point%s return%s to user mode through it", r->msg,
				entries, entries == 1 ? "" : "s", entries == 1 ? "s" : "");
	else
		msg = xasprintf("%s; %zu caller%s leave%s it raised too", r->msg, callers,
				callers == 1 ? "" : "s", callers == 1 ? "s" : "");
	free(r->msg);
	r->msg = msg;
}

/*
 * User pointers from one source: a command interface's ->write handler
 * whose buffer holds pointers (ib_ucm: 21 commands, each following one or
 * two) is one missing check in the handler, not one bug per pointer.
 * user-ptr-kernel-ds findings whose paths start at the same step (the
 * handler, the raise, the compat conversion) are folded into the first.
 * So are the oops-in-window findings of one function under one raise
 * (blackfin's setup_arch: nine BUG_ON()s after paging_init() left
 * KERNEL_DS in force, one window).
 */
static bool same_step(const struct step *a, const char *fa, const struct step *b, const char *fb)
{
	return a->at.line == b->at.line && a->at.col == b->at.col && !strcmp(a->msg, b->msg) &&
	       !strcmp(a->file ? a->file : fa, b->file ? b->file : fb);
}

/* Checks reported at each return a path reaches in the state: the returns
 * of one function after one raise (or acquire) are one finding, the others
 * folded in (a raise at the top and six early returns without the restore
 * is one missing restore). */
static bool per_return(enum check_id id)
{
	return id == C_DS_LEAK || id == C_DS_UNBALANCED || id == C_LOCK_HELD_RETURN ||
	       id == C_LOCK_UNBALANCED || id == C_PAIR_UNBALANCED;
}

static void fold_sources(struct program *p)
{
	struct src { uint32_t file, idx; };
	VEC(struct src) roots = {0};
	for (uint32_t f = 0; f < p->nfiles; f++) {
		struct findings *fs = &p->rs[f].findings;
		size_t w = 0;
		for (size_t i = 0; i < fs->v.n; i++) {
			struct finding *fd = &fs->v.v[i];
			struct finding *root = NULL;
			if ((fd->id == C_USER_PTR_KERNEL_DS || fd->id == C_OOPS_IN_WINDOW ||
			     per_return(fd->id)) && fd->steps.n) {
				for (size_t k = 0; k < roots.n && !root; k++) {
					struct finding *c = &p->rs[roots.v[k].file].findings.v.v[roots.v[k].idx];
					if (c->id == fd->id &&
					    (fd->id == C_USER_PTR_KERNEL_DS ||
					     (roots.v[k].file == f && c->func && fd->func &&
					      !strcmp(c->func, fd->func))) &&
					    same_step(&c->steps.v[0], p->rs[roots.v[k].file].path,
						      &fd->steps.v[0], p->rs[f].path))
						root = c;
				}
				if (!root)
					VEC_PUSH(roots, ((struct src){ f, (uint32_t)w }));
			}
			if (!root) {
				fs->v.v[w++] = *fd;
				continue;
			}
			struct related a = { .id = fd->id,
					     .kind = per_return(fd->id) ? REL_RETURN : REL_SOURCE, .at = fd->at,
					     .msg = xstrdup(fd->msg),
					     .file = xstrdup(p->rs[f].path), .func = xstrdup(fd->func) };
			VEC_PUSH(root->also, a);
			finding_release(fd);
		}
		fs->v.n = w;
	}
	for (size_t k = 0; k < roots.n; k++) {
		struct finding *r = &p->rs[roots.v[k].file].findings.v.v[roots.v[k].idx];
		if (!r->also.n || per_return(r->id))	/* (returns: say_returns) */
			continue;
		char *msg = r->id == C_OOPS_IN_WINDOW
			? xasprintf("%s; %zu more call%s that never return%s under the same raise",
				    r->msg, r->also.n, r->also.n == 1 ? "" : "s",
				    r->also.n == 1 ? "s" : "")
			: xasprintf("%s; %zu more pointer%s from the same source reach%s uaccess "
				    "routines, one fix for all", r->msg, r->also.n,
				    r->also.n == 1 ? "" : "s", r->also.n == 1 ? "es" : "");
		free(r->msg);
		r->msg = msg;
	}
	VEC_FREE(roots);
}

/* A finding's other returns after the same raise or acquire, in its
 * message once the callers are folded too (their text takes the message
 * as it was). */
static void say_returns(struct program *p)
{
	for (uint32_t f = 0; f < p->nfiles; f++)
		for (size_t i = 0; i < p->rs[f].findings.v.n; i++) {
			struct finding *r = &p->rs[f].findings.v.v[i];
			size_t n = 0;
			for (size_t k = 0; k < r->also.n; k++)
				n += r->also.v[k].kind == REL_RETURN;
			if (!n)
				continue;
			char *msg = xasprintf("%s; %zu more return%s after the same %s", r->msg, n,
					      n == 1 ? "" : "s",
					      r->id == C_DS_LEAK || r->id == C_DS_UNBALANCED ?
					      "raise" : "acquire");
			free(r->msg);
			r->msg = msg;
		}
}

void fold_findings(struct program *p)
{
	if (p->o->every_caller)
		return;
	fold_sources(p);
	struct fold fo = { .p = p };
	collect(&fo);
	link_parents(&fo);
	mark_roots(&fo);
	uint32_t *seen = xcalloc(fo.it.n + 1, sizeof(uint32_t));
	bool *is_root = xcalloc(fo.it.n + 1, sizeof(bool));
	struct u32_vec work = {0}, roots = {0};
	for (uint32_t i = 0; i < fo.it.n; i++) {
		if (fo.it.v[i].root)
			continue;
		roots_of(&fo, i, seen, i + 1, &work, &roots);
		for (size_t k = 0; k < roots.n; k++) {
			add_related(&fo, roots.v[k], i);
			is_root[roots.v[k]] = true;
		}
		fo.it.v[i].folded = roots.n > 0;
	}
	for (uint32_t i = 0; i < fo.it.n; i++)
		if (is_root[i])
			describe(item_finding(&fo, &fo.it.v[i]));
	/* drop the folded findings: items are in file order, each file's in
	 * finding order */
	bool *drop = NULL;
	for (uint32_t a = 0, b; a < fo.it.n; a = b) {
		uint32_t f = fo.it.v[a].file;
		bool any = false;
		for (b = a; b < fo.it.n && fo.it.v[b].file == f; b++)
			any |= fo.it.v[b].folded;
		if (!any)
			continue;
		struct findings *fs = &p->rs[f].findings;
		drop = xrealloc(drop, (fs->v.n + 1) * sizeof(bool));
		memset(drop, 0, (fs->v.n + 1) * sizeof(bool));
		for (uint32_t i = a; i < b; i++)
			drop[fo.it.v[i].idx] = fo.it.v[i].folded;
		size_t w = 0;
		for (size_t i = 0; i < fs->v.n; i++) {
			if (drop[i])
				finding_release(&fs->v.v[i]);
			else
				fs->v.v[w++] = fs->v.v[i];
		}
		fs->v.n = w;
	}
	free(drop);
	say_returns(p);
	VEC_FREE(work);
	VEC_FREE(roots);
	free(seen);
	free(is_root);
	VEC_FREE(fo.it);
	VEC_FREE(fo.par);
	free(fo.by_fn_base);
	free(fo.by_fn);
}
