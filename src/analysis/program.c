// SPDX-License-Identifier: GPL-2.0
/*
 * The whole-tree pass (see pipeline.h).  Functions of every file get one
 * global id; calls are resolved by name (a static of the same file first,
 * then the extern definitions) and through struct fields (the functions
 * stored into that field anywhere); the parameters that reach a uaccess
 * routine are a fixpoint over that graph.  Then the strongly connected
 * components are visited callees first: a component is analysed when one
 * of its functions touches the limit itself or calls a function whose
 * summary is not "leaves the limit alone", iterated to a fixpoint when it
 * is recursive, and analysed once more with reporting on.  Only the files
 * holding such functions are read a second time.
 */
#include "api.h"
#include "front.h"
#include "program_int.h"
#include "finish.h"
#include "check_pairs.h"

#include <string.h>

#include "cfg.h"
#include "check_limit.h"
#include "macros.h"
#include "progress.h"
#include "relevance.h"

#define SCC_ROUNDS 8

/* The targets of the calls of functions [from, to), in their order, into
 * the part's own vectors; call_base/tg_base relative to them. */
struct calls_part {
	struct program *p;
	uint32_t from, to;
	struct link_cache *lc;
	__typeof__(((struct program *)0)->tg) *tg;	/* p's own for the first part */
	__typeof__(((struct program *)0)->cr) *cr;
};

static void *resolve_part(void *arg)
{
	struct calls_part *cp = arg;
	const struct program *p = cp->p;
	for (uint32_t id = cp->from; id < cp->to; id++) {
		const struct fn_fact *f = fact(p, id);
		cp->p->call_base[id] = (uint32_t)cp->cr->n;
		cp->p->tg_base[id] = (uint32_t)cp->tg->n;
		for (uint32_t c = 0; c < f->ncalls; c++) {
			const char *callee = f->calls[c].callee;
			struct range r = { (uint32_t)cp->tg->n, 0 };
			if (callee[0] == '.') {
				/* a file that stores its own functions into the field
				 * calls those (board files that each fill the same ops
				 * are never linked together) */
				struct smap_ent *e = smap_find(&p->fields, callee, strlen(callee));
				uint32_t file = p->fn.v[id].file;
				size_t own = 0;
				for (size_t k = 0; e && k < e->ids.n; k++)
					own += p->fn.v[e->ids.v[k]].file == file;
				/* ... but a call through another file's f_op goes to
				 * whatever that file is (the filesystem, the eMMC device
				 * under MTK dumchar's read), not to the handlers some
				 * scanned driver stores into the field: left unresolved */
				if (f->calls[c].foreign)
					e = NULL;
				if (e && (own || e->ids.n <= MAX_TARGETS)) {
					for (size_t k = 0; k < e->ids.n; k++) {
						uint32_t tf = p->fn.v[e->ids.v[k]].file;
						if (own ? tf != file : !linkable_in(p, file, tf, cp->lc))
							continue;
						VEC_PUSH(*cp->tg, e->ids.v[k]);
						r.n++;
					}
				}
			} else {
				uint32_t ids[MAX_TARGETS];
				size_t n = resolve_name_in(p, p->fn.v[id].file, callee, strlen(callee),
							   ids, MAX_TARGETS, cp->lc);
				for (size_t k = 0; k < n; k++)
					VEC_PUSH(*cp->tg, ids[k]);
				r.n = (uint32_t)n;
			}
			VEC_PUSH(*cp->cr, r);
		}
	}
	return NULL;
}

/*
 * Every call's targets (2.1 million calls on linux-6.1, each a look-up by
 * name that misses the cache): with -j above 1 the functions holding the
 * second half of the calls are resolved on a thread of its own, with its
 * own linkable() answers, and its ranges moved past the first half's.  The
 * same vectors either way.
 */
static void resolve_calls(struct program *p, size_t ncalls)
{
	__typeof__(p->tg) tg2 = {0};
	__typeof__(p->cr) cr2 = {0};
	struct calls_part part[2] = {
		{ .p = p, .from = 0, .to = (uint32_t)p->fn.n, .lc = &p->links, .tg = &p->tg, .cr = &p->cr },
		{ .p = p, .to = (uint32_t)p->fn.n, .tg = &tg2, .cr = &cr2 } };
	if (p->o->jobs < 2 || ncalls < 100000) {
		resolve_part(&part[0]);
		return;
	}
	size_t half = 0;
	uint32_t mid = 0;
	while (mid < p->fn.n && half < ncalls / 2)
		half += fact(p, mid++)->ncalls;
	part[0].to = part[1].from = mid;
	part[1].lc = xcalloc(1, sizeof(struct link_cache));
	run_pair(resolve_part, &part[0], &part[1]);
	free(part[1].lc);
	/* the second part's ranges and bases moved past the first's */
	uint32_t cr0 = (uint32_t)p->cr.n, tg0 = (uint32_t)p->tg.n;
	for (uint32_t id = part[1].from; id < part[1].to; id++) {
		p->call_base[id] += cr0;
		p->tg_base[id] += tg0;
	}
	for (size_t i = 0; i < cr2.n; i++) {
		struct range r = cr2.v[i];
		r.first += tg0;
		VEC_PUSH(p->cr, r);
	}
	VEC_GROW(p->tg, p->tg.n + tg2.n);
	memcpy(p->tg.v + p->tg.n, tg2.v, tg2.n * sizeof(*tg2.v));
	p->tg.n += tg2.n;
	VEC_FREE(cr2);
	VEC_FREE(tg2);
}

static void build_graph(struct program *p)
{
	/* ids and names */
	size_t nfns = 0;
	for (size_t f = 0; f < p->nfiles; f++)
		nfns += p->ff[f].fns.n;
	find_apart(p);
	VEC_GROW(p->fn, nfns);
	const char **keys = xmalloc((nfns ? nfns : 1) * sizeof(char *));
	uint32_t *lens = xmalloc((nfns ? nfns : 1) * sizeof(uint32_t));
	for (size_t f = 0; f < p->nfiles; f++) {
		for (size_t i = 0; i < p->ff[f].fns.n; i++) {
			struct gfn g = { (uint32_t)f, (uint32_t)i };
			keys[p->fn.n] = p->ff[f].fns.v[i].name;
			lens[p->fn.n] = (uint32_t)strlen(keys[p->fn.n]);
			VEC_PUSH(p->fn, g);
		}
	}
	smap_fill(&p->names, keys, lens, nfns);
	names_mark_api(p);
	free(keys);
	free(lens);
	for (size_t f = 0; f < p->nfiles; f++)	/* fields followed as user pointers */
		for (size_t i = 0; i < p->ff[f].ufollow.n; i++)
			smap_get(&p->ufollow, p->ff[f].ufollow.v[i], strlen(p->ff[f].ufollow.v[i]), true);
	/* functions stored into fields */
	p->bound = xcalloc(p->fn.n + 1, sizeof(bool));
	p->kthread = xcalloc(p->fn.n + 1, sizeof(bool));
	p->fbound = xcalloc(p->fn.n + 1, sizeof(bool));
	for (size_t f = 0; f < p->nfiles; f++) {
		for (size_t i = 0; i < p->ff[f].binds.n; i++) {
			const struct binding *b = &p->ff[f].binds.v[i];
			uint32_t ids[MAX_TARGETS];
			size_t n = resolve_name(p, (uint32_t)f, b->fn, strlen(b->fn), ids, MAX_TARGETS);
			if (!n)
				continue;
			size_t fl = strlen(b->field);
			char *key = arena_alloc(&p->strings, fl + 2);
			key[0] = '.';
			memcpy(key + 1, b->field, fl);
			struct smap_ent *e = smap_get(&p->fields, key, fl + 1, true);
			bool kt = !strcmp(b->field, KTHREAD_FIELD);
			for (size_t k = 0; k < n; k++) {
				p->bound[ids[k]] = true;
				p->kthread[ids[k]] |= kt;
				p->fbound[ids[k]] |= !kt;
				bool dup = false;
				for (size_t j = 0; j < e->ids.n && !dup; j++)
					dup = e->ids.v[j] == ids[k];
				if (!dup)
					VEC_PUSH(e->ids, ids[k]);
			}
		}
	}
	/* calls (one range each: the vector sized once, not doubled past them) */
	size_t ncalls = 0;
	for (uint32_t id = 0; id < p->fn.n; id++)
		ncalls += fact(p, id)->ncalls;
	p->cr.v = xmalloc((ncalls ? ncalls : 1) * sizeof(*p->cr.v));
	p->cr.alloc = ncalls ? ncalls : 1;
	p->call_base = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	p->tg_base = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	resolve_calls(p, ncalls);
	p->call_base[p->fn.n] = (uint32_t)p->cr.n;
	p->tg_base[p->fn.n] = (uint32_t)p->tg.n;
}

static void find_entries(struct program *p)
{
	p->entry_why = xcalloc(p->fn.n + 1, sizeof(char *));
	for (size_t f = 0; f < p->nfiles; f++) {
		const struct entries *es = &p->ff[f].regs;
		for (size_t i = 0; i < es->v.n; i++) {
			uint32_t ids[MAX_TARGETS];
			size_t n = resolve_name(p, (uint32_t)f, es->v.v[i].name,
						strlen(es->v.v[i].name), ids, MAX_TARGETS);
			for (size_t k = 0; k < n; k++)
				if (!p->entry_why[ids[k]])
					p->entry_why[ids[k]] = es->v.v[i].why;
		}
	}
	for (uint32_t id = 0; id < p->fn.n; id++) {
		const char *name = fact(p, id)->name;
		if (p->entry_why[id])
			continue;
		p->entry_why[id] = entry_syscall(name);
		if (!p->entry_why[id] && fact(p, id)->asmlinkage)
			p->entry_why[id] = ENTRY_ASMLINKAGE;
		for (size_t i = 0; i < p->o->entries.n; i++)
			if (!strcmp(p->o->entries.v[i], name))
				p->entry_why[id] = "entry point (--entry)";
	}
}

/* --- summaries for constant arguments --------------------------------------
 *
 * The callee of a call that passes constants (check_limit_const.c decides
 * the conditions), analysed again with them, once per callee and set of
 * constants.  Only callees whose summary is final (their component was
 * visited) are specialised, and a specialised analysis may ask for one
 * more level (set_enable(dev, 0) -> set_mode(c, MODE_SUSPEND)), not deeper:
 * the files it reads stay in the few file_get() keeps.  Not while probing
 * (that only asks for files).
 */

static void analyse_fn(struct program *p, uint32_t id, bool report, struct fn_summary *out);
static struct fn_summary *sum_at(struct program *p, uint32_t id);

#define SPECIAL_DEPTH 2

static const struct fn_summary *env_special(void *env, const struct fn_summary *t,
					    const struct const_args *a)
{
	struct program *p = env;
	if (p->probe || p->spec_depth >= SPECIAL_DEPTH || t < p->sum || t >= p->sum + p->fn.n)
		return t;
	uint32_t id = (uint32_t)(t - p->sum);
	if (id == p->cur || p->scc_pos[id])
		return t;	/* its summary is still being made */
	/* the callee and its constants: "17:1=MODE_SUSPEND;" */
	struct strbuf k;
	strbuf_init(&k);
	strbuf_addf(&k, "%u:", id);
	for (int i = 0; i < a->n; i++)
		strbuf_addf(&k, "%u=%s;", a->v[i].param, a->v[i].text);
	struct smap_ent *e = smap_get(&p->special, k.buf, k.len, false);
	if (e) {
		strbuf_release(&k);
		return p->special_sum.v[e->ids.v[0]];
	}
	struct fn_summary *s = arena_alloc(&p->strings, sizeof(*s));
	uint32_t cur = p->cur;
	p->seed = a;
	p->spec_depth++;
	analyse_fn(p, id, false, s);
	p->spec_depth--;
	p->seed = NULL;
	p->cur = cur;
	/* not analysed (a budget, a file gone): what the callee's own summary says */
	const struct fn_summary *use = s->analysed && !summary_eq(s, t) ? s : t;
	e = smap_get(&p->special, arena_strndup(&p->strings, k.buf, k.len), k.len, true);
	VEC_PUSH(e->ids, (uint32_t)p->special_sum.n);
	VEC_PUSH(p->special_sum, use);
	strbuf_release(&k);
	return use;
}

/* --- analysing one function ---------------------------------------------- */

static size_t env_callees(void *env, uint32_t off, const struct fn_summary **out, size_t max)
{
	struct program *p = env;
	uint32_t id = p->cur;
	long c = fn_call_at(fact(p, id), off);
	if (c < 0)
		return 0;
	const struct range *r = &p->cr.v[p->call_base[id] + (uint32_t)c];
	size_t n = 0;
	for (uint32_t k = 0; k < r->n && n < max; k++)
		out[n++] = sum_at(p, p->tg.v[r->first + k]);
	return n;
}

static bool env_followed(void *env, const char *field, size_t len)
{
	return smap_get(&((struct program *)env)->ufollow, field, len, false) != NULL;
}

/* Where a parameter of id first reaches a uaccess routine, for notes. */
static void set_sink_site(struct program *p, uint32_t id, struct fn_summary *s)
{
	uint32_t at = id;
	for (int guard = 0; guard < 32 && p->sinks[at] && p->sink_via[at] != at; guard++)
		at = p->sink_via[at];
	const struct fn_fact *f = fact(p, at);
	if (!p->sinks[id] || !f->sink_callee)
		return;
	s->sink_path = p->rs[p->fn.v[at].file].path;
	s->sink_at.line = f->sink_line;
	s->sink_at.col = f->sink_col;
	s->sink_at.col_cp = f->sink_col_cp;
	s->sink_what = f->sink_callee;
}

/* Function id's summary, with its name, parameters and sink site (what a
 * caller reads of a callee that is not analysed) set the first time it is
 * asked for. */
static struct fn_summary *sum_at(struct program *p, uint32_t id)
{
	struct fn_summary *s = &p->sum[id];
	if (!p->sum_ready[id]) {
		p->sum_ready[id] = true;
		s->name = fact(p, id)->name;
		s->sinks = p->sinks[id];
		s->usinks = fact(p, id)->usinks;
		s->opaque = p->opaque[id];
		set_sink_site(p, id, s);
	}
	return s;
}

static bool decl_has_user_mark(const struct source *src, TSNode decl)
{
	uint32_t a = ts_node_start_byte(decl), b = ts_node_end_byte(decl);
	for (size_t i = 0; i < src->user_marks.n; i++)
		if (src->user_marks.v[i] >= a && src->user_marks.v[i] < b)
			return true;
	return false;
}

/* Parameters declared __user. */
static uint32_t marked_params(const struct source *src, TSNode fn)
{
	struct param ps[MAX_PARAMS];
	int n = function_params(fn, src->text, ps, MAX_PARAMS);
	uint32_t m = 0;
	for (int i = 0; i < n && i < 32; i++)
		if (decl_has_user_mark(src, ps[i].decl))
			m |= 1u << i;
	return m;
}

/* How many call sites in the analysed files reach each function. */
static void count_callers(struct program *p)
{
	p->ncallers = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	p->nkmode = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	for (uint32_t id = 0; id < p->fn.n; id++) {
		const struct fn_fact *f = fact(p, id);
		for (uint32_t c = 0; c < f->ncalls; c++) {
			const struct range *r = &p->cr.v[p->call_base[id] + c];
			for (uint32_t k = 0, t; k < r->n; k++)
				if ((t = p->tg.v[r->first + k]) != id) {
					p->ncallers[t]++;
					p->nkmode[t] += f->calls[c].kmode;
				}
		}
	}
}

/* The parameter of ps[0, n) that e names, through parentheses and one
 * macro of a single argument in capitals (`A(filename)`), or -1. */
static int widened_param(const struct source *src, TSNode e, const struct param *ps, int n)
{
	e = strip_parens(e);
	if (node_is(e, S_call_expression)) {
		size_t len;
		const char *name = call_name(e, src->text, &len);
		TSNode args = node_field(e, "arguments");
		if (!name || !upper_case_name(name, len) || ts_node_named_child_count(args) != 1)
			return -1;
		e = strip_parens(ts_node_named_child(args, 0));
	}
	if (!node_is(e, S_identifier))
		return -1;
	for (int i = 0; i < n && i < 32; i++)
		if (ps[i].len == node_len(e) && !memcmp(ps[i].name, node_ptr(e, src->text), ps[i].len))
			return i;
	return -1;
}

/* The parameters a body casts to a pointer type: a system call's address
 * passed as a number, the 32-bit layers' way before compat_ptr()
 * (sparc64's `sys_utime((char *)A(filename), &t)` for `u32 filename`);
 * and those it hands as they are to a routine where a user pointer goes
 * (api.def's user_args: x86_64's sys32_futex passed its `unsigned long
 * uaddr` to sys_futex() under KERNEL_DS). */
static uint32_t cast_params(const struct source *src, TSNode n, const struct param *ps, int np,
			    int depth)
{
	uint32_t m = 0;
	if (ts_node_is_null(n) || depth > 200)
		return 0;
	if (node_is(n, S_cast_expression) &&
	    node_is(node_field(node_field(n, "type"), "declarator"), S_abstract_pointer_declarator)) {
		int i = widened_param(src, node_field(n, "value"), ps, np);
		if (i >= 0)
			m |= 1u << i;
	}
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, src->text, &len);
		const struct api *a = name ? api_lookup(name, len) : NULL;
		TSNode args = node_field(n, "arguments");
		uint32_t na = ts_node_named_child_count(args);
		for (uint32_t k = 0; a && a->user_args && k < na && k < 32; k++)
			if (a->user_args & (1u << k)) {
				int i = widened_param(src, ts_node_named_child(args, k), ps, np);
				if (i >= 0)
					m |= 1u << i;
			}
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t k = 0; k < c; k++)
		m |= cast_params(src, ts_node_named_child(n, k), ps, np, depth + 1);
	return m;
}

/* Is the parameter declaration decl a pointer to a register frame: a
 * struct named pt_regs, or ending in "frame" or "regs" (m68k's trap
 * handlers are handed a struct frame)? */
static bool frame_param(const struct source *src, TSNode decl)
{
	TSNode type = node_field(decl, "type");
	if (!node_is(node_field(decl, "declarator"), S_pointer_declarator) ||
	    !node_is(type, S_struct_specifier))
		return false;
	TSNode tn = node_field(type, "name");
	if (!node_is(tn, S_type_identifier))
		return false;
	const char *s = node_ptr(tn, src->text);
	size_t n = node_len(tn);
	return api_is(s, n, A_UREG_TYPE) || (n >= 5 && !memcmp(s + n - 5, "frame", 5)) ||
	       (n >= 4 && !memcmp(s + n - 4, "regs", 4));
}

/* Parameters of an entry point that hold pointers user space chose.
 * name: the function's; called: it has call sites in the scanned code. */
static uint32_t user_params(const struct source *src, TSNode fn, const char *why,
			    const char *name, bool called)
{
	if (!why)
		return 0;
	struct param ps[MAX_PARAMS];
	int n = function_params(fn, src->text, ps, MAX_PARAMS);
	bool ioctl = strstr(why, "ioctl") != NULL;
	bool sys = !strcmp(why, ENTRY_SYSCALL);
	/* an asmlinkage function is a system call by another name unless
	 * it is handed a register frame: a trap's (its pointers are the
	 * kernel's, what the registers hold is check_limit_uregs.c's) */
	if (why == ENTRY_ASMLINKAGE) {
		sys = true;
		for (int i = 0; i < n && sys; i++)
			sys = !frame_param(src, ps[i].decl);
		/* nor when C code calls it and its name is no system call's: a
		 * vendor's asmlinkage helper its driver hands kernel buffers
		 * (MediaTek's TEE tz_recv(fd, void *ubuf, ...)) */
		if (called && !(!strncmp(name, "sys", 3) || !strncmp(name, "compat_", 7)))
			sys = false;
	}
	uint32_t m = 0, cast = sys ? cast_params(src, node_field(fn, "body"), ps, n, 0) : 0;
	if (!strcmp(why, ENTRY_COMPAT_IOCTL) && n >= 3)
		m |= 1u << 2;	/* (x86-64's serial_struct_ioctl(fd, cmd, void *ptr)) */
	for (int i = 0; i < n && i < 32; i++) {
		if (decl_has_user_mark(src, ps[i].decl)) {
			m |= 1u << i;
			continue;
		}
		TSNode type = node_field(ps[i].decl, "type");
		/* a system call's pointers are the user's by the ABI, marked or
		 * not (code older than sparse: ia64's sys32_utime(char
		 * *filename, ...)); not a trap's register frame */
		if (sys && node_is(node_field(ps[i].decl, "declarator"), S_pointer_declarator)) {
			TSNode tn = node_is(type, S_struct_specifier) ? node_field(type, "name") : type;
			if (!(node_is(tn, S_type_identifier) &&
			      api_is(node_ptr(tn, src->text), node_len(tn), A_UREG_TYPE)))
				m |= 1u << i;
			continue;
		}
		if (cast & (1u << i)) {	/* (not a pointer by its declaration) */
			m |= 1u << i;
			continue;
		}
		bool ulong = node_is(type, S_sized_type_specifier) &&
			     node_text_is(type, src->text, "unsigned long");
		if (ulong && i > 0 && ((ioctl && i == n - 1) ||
				       (ps[i].len == 3 && !memcmp(ps[i].name, "arg", 3))))
			m |= 1u << i;
		/* an ioctl handler's last parameter named for the user's
		 * argument, left unmarked (lustre's lov_iocontrol(..., void
		 * *uarg)) */
		else if (ioctl && i > 0 && i == n - 1 && ps[i].len == 4 &&
			 !memcmp(ps[i].name, "uarg", 4))
			m |= 1u << i;
	}
	return m;
}

static void analyse_fn(struct program *p, uint32_t id, bool report, struct fn_summary *out)
{
	const struct fn_fact *f = fact(p, id);
	uint32_t file = p->fn.v[id].file;
	memset(out, 0, sizeof(*out));
	struct file_result *fr = &p->rs[file];
	double budget = p->o->time_budget;
	if (budget > 0 && fr->seconds >= budget) {
		/* the file's time is spent: said once per function, left unknown */
		if (p->probe) {
			p->saw_kernel = true;	/* unknown: assume the worst */
		} else if (report) {
			fr->fn_time++;
			VEC_PUSH(fr->partial, ((struct partial){
				xstrdup(f->name), f->line, xasprintf("not analysed: the file's time budget "
								     "of %g s (--time-budget) ran out", budget),
				false }));
		}
		return;
	}
	double t0 = mono_seconds();
	struct cached *c = file_get(p, file);
	if (!c)
		return;
	/* the definition at the same offset as in the first pass */
	TSNode fn;
	if (!cached_fn(c, f->start, &fn))
		return;
	struct file_result *r = &p->rs[file];
	struct arena arena;
	arena_init(&arena);
	struct cfg g;
	cfg_build(&g, &arena, c->src.text, fn, f->name, ctl_macros_view(p->ctl, file));
	struct limit_env env = { env_callees, p, &p->strings, env_followed, env_special };
	struct limit_ctx ctx = {
		.src = &c->src, .path = r->path, .g = &g, .fact = f,
		.entry_why = p->entry_why[id],
		.user_params = user_params(&c->src, fn, p->entry_why[id], f->name, p->ncallers[id] > 0),
		.marked_params = marked_params(&c->src, fn),
		.out = &r->findings, .env = &env, .report = report, .sum = out,
		.budget = p->o->budget,
		.deadline = budget > 0 ? t0 + (budget - fr->seconds) : 0,
		.seed = p->seed,
	};
	p->seed = NULL;
	/* an extern function nobody here calls: its __user parameters are
	 * what the annotation says (an entry point has its own sources) */
	if (!f->is_static && !p->ncallers[id] && !p->entry_why[id])
		ctx.open_params = ctx.marked_params;
	/* every call passes kernel-mode registers (not known of an entry, a field's) */
	ctx.kmode_callers = p->ncallers[id] && p->nkmode[id] == p->ncallers[id] &&
			    !p->entry_why[id] && !p->bound[id];
	p->cur = id;
	if (p->probe)
		ctx.report = report = false;
	check_limit(&ctx);
	if (p->probe) {
		/* a budget that ran out hides what the function does: assume the worst */
		p->saw_kernel |= ctx.saw_kernel || ctx.budget_hit || ctx.time_hit;
	} else {
		fr->seconds += mono_seconds() - t0;
	}
	out->sinks = p->sinks[id];
	out->opaque = p->opaque[id];
	set_sink_site(p, id, out);
	if (report) {
		r->fn_analysed++;
		struct partial part = { xstrdup(f->name), 0, NULL, true };
		unsigned col;
		source_pos(&c->src, f->start, &part.line, &col);
		if (ctx.time_hit) {
			r->fn_time++;
			part.why = xasprintf("analysed in part: the file's time budget of %g s "
					     "(--time-budget) ran out", budget);
		} else if (ctx.budget_hit) {
			r->fn_budget++;
			part.why = xasprintf("analysed in part: more than %zu states (--state-budget)",
					     p->o->budget);
		} else if (g.incomplete) {
			part.why = xasprintf("analysed in part: %s", g.incomplete);
		}
		if (part.why)
			VEC_PUSH(r->partial, part);
		else
			free(part.func);
	}
	cfg_release(&g);
	arena_release(&arena);
}

/* Does calling it change the limit, or a limit the caller tracks? */
static bool summary_matters(const struct fn_summary *s)
{
	if (!s->analysed || s->noreturn)
		return false;
	/* a limit we cannot name (OTHER) is no news to a caller; nor is what
	 * a global slot held (an end helper's restore): only a caller that
	 * saved into it learns something, and the saver's summary (its
	 * store) brings that caller in */
	lv_t quiet = LV_ENTRY | LV_OTHER;
	bool global = s->field_suffix && s->field_param == STORE_GLOBAL;
	if (global)
		quiet |= LV_FIELD;
	bool stores = false;
	for (int i = 0; i < s->nstore; i++)
		stores |= (s->store[i].val & ~LV_OTHER) != 0;
	return (s->exit & ~quiet) || s->ret || stores || (s->field_suffix && !global);
}

/*
 * A function that is not analysed still passes its parameters on: when a
 * callee's window reaches argument i and the function passes its own
 * parameter k there, parameter k reaches the window too.
 */
static bool pass_wsinks(struct program *p, uint32_t id)
{
	const struct fn_fact *f = fact(p, id);
	/* (its summary is made ready only when a window is passed on: most
	 * functions a --full run visits pass none, and leave its page alone) */
	struct fn_summary *s = NULL;
	int before = p->sum[id].nwsink;
	for (uint32_t c = 0; c < f->ncalls; c++) {
		const struct call_fact *cf = &f->calls[c];
		if (!cf->argmask)
			continue;
		const struct range *r = &p->cr.v[p->call_base[id] + c];
		for (uint32_t k = 0; k < r->n; k++) {
			const struct fn_summary *t = &p->sum[p->tg.v[r->first + k]];
			for (int j = 0; j < t->nwsink; j++) {
				if (t->wsink[j].param >= cf->nargs || t->wsink[j].param >= 64)
					continue;
				if (!s)
					s = sum_at(p, id);
				if (!s->wsink)
					s->wsink = arena_alloc(&p->strings,
							       MAX_WSINKS * sizeof(struct wsink));
				wsinks_add(s->wsink, &s->nwsink, cf->argmask[t->wsink[j].param],
					   &t->wsink[j]);
			}
		}
	}
	return s && s->nwsink != before;
}

static bool has_wsinks(const struct program *p, uint32_t t, const uint32_t *scc, size_t n)
{
	return p->sum[t].nwsink > 0;
}

/* A window in t reached by a parameter declared __user: its callers decide
 * whether what they pass there is a kernel object. */
static bool has_user_wsinks(const struct program *p, uint32_t t, const uint32_t *scc, size_t n)
{
	for (int j = 0; j < p->sum[t].nwsink; j++)
		if (p->sum[t].wsink[j].uparam)
			return true;
	return false;
}

static bool calls_into(const struct program *p, uint32_t id, const uint32_t *scc, size_t n,
		       bool (*pred)(const struct program *, uint32_t, const uint32_t *, size_t))
{
	uint32_t a = p->call_base[id], b = p->call_base[id + 1];
	for (uint32_t c = a; c < b; c++) {
		const struct range *r = &p->cr.v[c];
		for (uint32_t k = 0; k < r->n; k++)
			if (pred(p, p->tg.v[r->first + k], scc, n))
				return true;
	}
	return false;
}

static bool in_scc(const struct program *p, uint32_t t, const uint32_t *scc, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (scc[i] == t)
			return true;
	return false;
}


static bool matters(const struct program *p, uint32_t t, const uint32_t *scc, size_t n)
{
	return summary_matters(&p->sum[t]);
}

/* Must it be analysed: does it touch the limit, call what does, or hand
 * a user pointer (as an entry point) to a callee's window? */
static bool member_needs(const struct program *p, uint32_t id, const uint32_t *scc, size_t n)
{
	const struct fn_fact *f = fact(p, id);
	if (f->unanalysable)
		return false;
	return f->direct || calls_into(p, id, scc, n, matters) ||
	       (p->entry_why[id] && calls_into(p, id, scc, n, has_wsinks)) ||
	       calls_into(p, id, scc, n, has_user_wsinks);
}

static void show_progress(struct program *p, size_t n)
{
	p->visited += n;
	if (!p->o->progress || !progress_due())
		return;
	size_t found = 0;
	for (size_t i = 0; i < p->nfiles; i++)
		found += p->rs[i].findings.v.n;
	progress_check(p->visited, p->fn.n, found);
}

static void visit_scc(struct program *p, const uint32_t *scc, size_t n)
{
	show_progress(p, n);
	/* a component none of whose members can reach a function that
	 * touches the limit needs no analysis and passes on no window */
	bool reaches = false;
	for (size_t i = 0; i < n && !reaches; i++)
		reaches = p->reach[scc[i]];
	if (!reaches)
		return;
	bool *need = xcalloc(n, sizeof(bool));
	bool any = false;
	for (size_t i = 0; i < n; i++)
		any |= need[i] = member_needs(p, scc[i], scc, n);
	bool recursive = n > 1 || calls_into(p, scc[0], scc, n, in_scc);
	if (!any || !recursive) {
		if (any) {
			analyse_fn(p, scc[0], true, sum_at(p, scc[0]));
		} else {
			for (int round = 0; round < (n > 1 ? 4 : 1); round++) {
				bool changed = false;
				for (size_t i = 0; i < n; i++)
					changed |= pass_wsinks(p, scc[i]);
				if (!changed)
					break;
			}
		}
		free(need);
		return;
	}
	/*
	 * A recursive component: only the members that need it are analysed,
	 * from "never returns" upwards; a member whose summary changes puts
	 * its callers inside the component back on the list.
	 */
	for (size_t i = 0; i < n; i++)
		p->scc_pos[scc[i]] = (uint32_t)i + 1;
	VEC(uint32_t) *callers = xcalloc(n, sizeof(*callers));
	for (size_t i = 0; i < n; i++) {
		for (uint32_t t = p->tg_base[scc[i]]; t < p->tg_base[scc[i] + 1]; t++) {
			uint32_t j = p->scc_pos[p->tg.v[t]];
			if (j && (!callers[j - 1].n || callers[j - 1].v[callers[j - 1].n - 1] != i))
				VEC_PUSH(callers[j - 1], (uint32_t)i);
		}
	}
	int *runs = xcalloc(n, sizeof(int));
	bool *queued = xcalloc(n, sizeof(bool));
	VEC(uint32_t) work = {0};
	for (size_t i = n; i-- > 0;) {
		if (!need[i])
			continue;
		struct fn_summary *sum = sum_at(p, scc[i]);
		memset(sum, 0, sizeof(*sum));
		sum->analysed = sum->noreturn = true;
		sum->name = fact(p, scc[i])->name;
		sum->sinks = p->sinks[scc[i]];
		sum->opaque = p->opaque[scc[i]];
		VEC_PUSH(work, (uint32_t)i);
		queued[i] = true;
	}
	while (work.n) {
		uint32_t i = work.v[--work.n];
		queued[i] = false;
		if (runs[i]++ >= SCC_ROUNDS)
			continue;
		struct fn_summary sum;
		analyse_fn(p, scc[i], false, &sum);
		if (summary_eq(&sum, &p->sum[scc[i]]))
			continue;
		p->sum[scc[i]] = sum;
		for (size_t k = 0; k < callers[i].n; k++) {
			uint32_t j = callers[i].v[k];
			if (!need[j]) {
				if (!summary_matters(&sum) && !sum.nwsink)
					continue;
				if (fact(p, scc[j])->unanalysable)
					continue;
				need[j] = true;
			}
			if (!queued[j]) {
				queued[j] = true;
				VEC_PUSH(work, j);
			}
		}
	}
	for (size_t i = 0; i < n; i++) {
		if (need[i])
			analyse_fn(p, scc[i], true, sum_at(p, scc[i]));
		else
			pass_wsinks(p, scc[i]);
	}
	for (size_t i = 0; i < n; i++) {
		p->scc_pos[scc[i]] = 0;
		VEC_FREE(callers[i]);
	}
	free(callers);
	free(runs);
	free(queued);
	free(need);
	VEC_FREE(work);
}

/*
 * p->noret: the functions that never return, by their facts, and those
 * whose body ends in a call that never returns, with no return statement
 * (die() wrapping panic()), to a depth of 16.  It depends on the graph
 * alone: a probe's is kept for the run (each tail is resolved once, not
 * once a round: 0.04 s of an edited re-run of linux-6.1).
 */
static void find_noreturn(struct program *p)
{
	p->noret = xcalloc(p->fn.n + 1, sizeof(bool));
	VEC(uint32_t) tails = {0};	/* per function with a tail: id, n, its targets */
	for (uint32_t id = 0; id < p->fn.n; id++) {
		const struct fn_fact *f = fact(p, id);
		p->noret[id] = f->noreturn;
		if (p->noret[id] || !f->tail || f->unanalysable)
			continue;
		uint32_t ids[MAX_TARGETS];
		size_t k = resolve_name(p, p->fn.v[id].file, f->tail, strlen(f->tail), ids,
					MAX_TARGETS);
		if (!k)
			continue;
		VEC_PUSH(tails, id);
		VEC_PUSH(tails, (uint32_t)k);
		for (size_t i = 0; i < k; i++)
			VEC_PUSH(tails, ids[i]);
	}
	/* (rounds in the order of ids, each seeing what it found so far, as
	 * the summaries' rounds did) */
	for (int round = 0; round < 16; round++) {
		bool changed = false;
		for (size_t at = 0; at < tails.n; at += 2 + tails.v[at + 1]) {
			uint32_t id = tails.v[at], k = tails.v[at + 1];
			if (p->noret[id])
				continue;
			bool all = true;
			for (uint32_t i = 0; i < k && all; i++)
				all = p->noret[tails.v[at + 2 + i]];
			if (all)
				changed = p->noret[id] = true;
		}
		if (!changed)
			break;
	}
	VEC_FREE(tails);
}

/* The summaries of every function that touches the limit, bottom-up; the
 * checks run as each is analysed (nothing is reported in a probe).  Only
 * the components that can reach such a function are visited (p->reach);
 * the others keep a blank summary, filled with what a caller reads of it
 * when one asks (sum_at). */
static void run_summaries(struct program *p)
{
	/* (a probe's, reused: only the summaries it touched are cleared) */
	if (p->sum) {
		for (uint32_t id = 0; id < p->fn.n; id++)
			if (p->sum_ready[id]) {
				memset(&p->sum[id], 0, sizeof(p->sum[id]));
				p->sum_ready[id] = false;
			}
		memset(p->scc_pos, 0, (p->fn.n + 1) * sizeof(uint32_t));
	} else {
		p->sum = xcalloc_sparse(p->fn.n + 1, sizeof(*p->sum));
		p->sum_ready = xcalloc(p->fn.n + 1, sizeof(bool));
		p->scc_pos = xcalloc(p->fn.n + 1, sizeof(uint32_t));
		find_reach(p);	/* (or a run's fixpoints found it first) */
	}
	if (!p->noret)
		find_noreturn(p);
	for (uint32_t id = 0; id < p->fn.n; id++) {
		if (p->noret[id]) {
			struct fn_summary *s = sum_at(p, id);
			s->analysed = true;
			s->noreturn = true;
		}
	}
	parser_open(p);
	sccs(p, visit_scc);
	parser_close(p);
}

/* The parameters' fixpoints, for a probe (none) or a run. */
static void program_mode(struct program *p, bool probe)
{
	p->probe = probe;
	if (probe) {
		/* which parameters reach a uaccess routine matters only inside
		 * a window, and a probe stops at the first sign of one */
		p->sinks = xcalloc(p->fn.n + 1, sizeof(uint32_t));
		p->sink_via = xcalloc(p->fn.n + 1, sizeof(uint32_t));
		p->opaque = xcalloc(p->fn.n + 1, sizeof(uint32_t));
	} else {
		param_fixpoints(p);
	}
}

static void program_init(struct program *p, const struct opts *o, struct file_result *rs,
			 struct file_facts *ff, size_t n, const struct ctl_macros *ctl, bool probe)
{
	*p = (struct program){ .o = o, .rs = rs, .ff = ff, .nfiles = n, .ctl = ctl };
	arena_init(&p->strings);
	for (int i = 0; i < CACHE_FILES; i++)
		p->cache[i].file = -1;
	build_graph(p);
	find_entries(p);
	count_callers(p);
	program_mode(p, probe);
}

/*
 * A probe's program made ready for a run over the same facts: the graph,
 * the entry points and the callers stay (they depend on the facts alone);
 * what the probe's summaries left is dropped, the parameters' fixpoints
 * are computed as a run's.
 */
static void program_reuse(struct program *p)
{
	free(p->sinks);
	free(p->sink_via);
	free(p->opaque);
	free(p->fix_scope);
	p->sinks = p->sink_via = p->opaque = NULL;
	p->fix_scope = NULL;
	/* (p->sum, p->sum_ready, p->reach and p->scc_pos are kept: run_summaries
	 * clears what the probe touched; the graph, so what reaches what, is the same) */
	p->saw_kernel = false;
	p->visited = 0;
	p->cur = 0;
	program_mode(p, false);
}

static void program_free(struct program *p)
{
	smap_free(&p->names);
	smap_free(&p->fields);
	smap_free(&p->ufollow);
	smap_free(&p->special);
	VEC_FREE(p->special_sum);
	VEC_FREE(p->fn);
	VEC_FREE(p->cr);
	VEC_FREE(p->tg);
	free(p->call_base);
	free(p->tg_base);
	free(p->sinks);
	free(p->sink_via);
	free(p->opaque);
	free(p->entry_why);
	free(p->ncallers);
	free(p->nkmode);
	free(p->bound);
	free(p->apart);
	free(p->arch);
	free(p->kthread);
	free(p->fbound);
	free_sparse(p->sum);
	free(p->sum_ready);
	free(p->reach);
	free(p->fix_scope);
	free(p->noret);
	free(p->scc_pos);
	arena_release(&p->strings);
}

void program_run(const struct opts *o, struct file_result *rs, struct file_facts *ff, size_t n,
		 const struct ctl_macros *ctl, struct program *kept)
{
	struct program p;
	if (kept && kept->rs == rs && kept->ff == ff && kept->nfiles == n && kept->ctl == ctl &&
	    kept->o == o) {
		p = *kept;
		free(kept);
		program_reuse(&p);
	} else {
		program_discard(kept);
		program_init(&p, o, rs, ff, n, ctl, false);
	}
	if (o->stats) {	/* --stats: the entry points by kind */
		entry_tally_reset();
		for (uint32_t id = 0; id < p.fn.n; id++)
			if (p.entry_why[id])
				entry_tally_add(p.entry_why[id]);
	}
	if (o->pairs_across_files)
		program_pairs(&p);
	program_settle_pairs(&p);
	run_summaries(&p);
	kds_across_files(&p);
	kthread_context(&p);
	for (size_t i = 0; i < n; i++)
		finish_file(o, &rs[i]);
	fold_findings(&p);
	program_free(&p);
}

void program_discard(struct program *kept)
{
	if (!kept)
		return;
	program_free(kept);
	free(kept);
}

bool program_probe(const struct opts *o, struct file_result *rs, struct file_facts *ff, size_t n,
		   const struct ctl_macros *ctl, struct name_set *ask, struct name_set *ask_def,
		   struct name_set *ask_reg, struct program **keep)
{
	struct program p;
	program_init(&p, o, rs, ff, n, ctl, true);
	/* pair findings that need the whole tree (program_settle_pairs): the callee
	 * called inside a window (is it out of line anywhere?); an extern
	 * function's registrations in other files (is it an entry point?);
	 * for an entry point, the callees that some file defines to release
	 * the lock (do they resolve to that definition?).  The first and the
	 * last, and the callees a double acquire's lock may be dropped in,
	 * ask only for definitions: their callers' files answer nothing
	 * (spin_unlock_bh() is named by 871 files of linux-6.1 and defined
	 * by one, a test program of tools/) */
	uint32_t base = 0;
	for (size_t f = 0; f < n; f++) {
		const pair_cand_list *v = &ff[f].pairs;
		for (size_t i = 0; i < v->n; i++) {
			const struct pair_cand *c = &v->v[i];
			uint32_t id = base + c->fn;
			const struct fn_fact *fn = fact(&p, id);
			if (c->need == PC_OUTLINE && c->callee)
				name_set_add(ask_def, c->callee);
			for (const char *q = c->need == PC_NO_DROP && c->callee ? c->callee : ""; *q;) {
				size_t len = strcspn(q, " ");	/* the functions called in between */
				char *one = xstrndup(q, len);
				name_set_add(ask_def, one);
				free(one);
				q += len + (q[len] == ' ');
			}
			if (!c->held)
				continue;
			/* (a finding waiting only for "is it an entry point?" needs
			 * the files that register the function, not its callers:
			 * lock-unbalanced asks whether a caller releases) */
			if (!fn->is_static)
				name_set_add(c->f.id == C_LOCK_UNBALANCED ? ask : ask_reg, fn->name);
			if (!pairs_entry_why(&p, id) || c->rule >= 32)
				continue;
			for (uint32_t k = 0; k < fn->ncalls; k++) {
				const char *callee = fn->calls[k].callee;
				if (callee[0] == '.')
					continue;
				struct smap_ent *e = smap_get(&p.names, callee, strlen(callee), false);
				bool closes = false;
				for (size_t j = 0; e && j < e->ids.n && !closes; j++)
					closes = fact(&p, e->ids.v[j])->pair_closes & (1u << c->rule);
				if (closes)
					name_set_add(ask_def, callee);
			}
		}
		base += (uint32_t)ff[f].fns.n;
	}
	/* a dispatch table's entries that other files define, given the
	 * buffer of a ->write handler the kernel may call under KERNEL_DS
	 * (kds_across_files): their files */
	for (size_t f = 0; f < n; f++)
		for (size_t r = 0; r < ff[f].kds_remote.n; r++)
			name_set_add(ask, ff[f].kds_remote.v[r].name);
	/* a function that leaves a lock held for its caller or releases the
	 * caller's, or calls one in another file (rtnl_unlock() releasing
	 * through netdev_run_todo() of dev.c): its callers in other files see
	 * it through the whole-tree pass (program_pairs.c), a level a round */
	for (uint32_t id = 0; id < p.fn.n && o->pairs_across_files; id++) {
		const struct fn_fact *fn = fact(&p, id);
		bool tells = fn->npx > 0;
		for (uint32_t t = p.tg_base[id]; t < p.tg_base[id + 1] && !tells; t++)
			tells = p.fn.v[p.tg.v[t]].file != p.fn.v[id].file && fact(&p, p.tg.v[t])->npx;
		if (tells && !fn->is_static)
			name_set_add(ask, fn->name);
	}
	/* with no check of the limit on, what the limit does matters to no
	 * finding (the pair checks need only their own files and names) */
	bool direct = false;
	for (uint32_t id = 0; id < p.fn.n && !direct && limit_checks_on(o); id++)
		direct = fact(&p, id)->direct;
	if (direct) {
		run_summaries(&p);
		/* a function whose summary tells its callers something: its
		 * callers must be analysed too (by name, or through the fields
		 * it is stored into) */
		for (uint32_t id = 0; id < p.fn.n && !p.saw_kernel; id++) {
			if (!p.sum_ready[id])
				continue;	/* blank */
			const struct fn_summary *s = &p.sum[id];
			lv_t any = s->exit | s->exit_neg | s->exit_zero | s->exit_pos | s->ret;
			for (int k = 0; k < s->nstore; k++)
				any |= s->store[k].val;
			p.saw_kernel |= (any & LV_KERNEL) || s->nwsink;
		}
		for (uint32_t id = 0; id < p.fn.n && !p.saw_kernel; id++) {
			const struct fn_summary *s = &p.sum[id];
			if (!p.sum_ready[id] || !summary_matters(s))
				continue;
			name_set_add(ask, s->name);
			for (size_t f = 0; f < n; f++)
				for (size_t b = 0; b < ff[f].binds.n; b++)
					if (!strcmp(ff[f].binds.v[b].fn, s->name))
						name_set_add(ask, ff[f].binds.v[b].field);
		}
	}
	bool kernel = p.saw_kernel;
	if (keep && !kernel) {
		*keep = xmalloc(sizeof(p));
		**keep = p;
	} else {
		program_free(&p);
	}
	return kernel;
}
