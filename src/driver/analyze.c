// SPDX-License-Identifier: GPL-2.0
/*
 * The per-file pipeline: load → normalise → parse → find functions and
 * entry points → CFG → address-limit analysis, and the worker pool that
 * runs it over many files.  Each worker owns its parser and arena; results
 * land in the slot of their file, so output order never depends on -j.
 */
#include "addrlimit.h"

#include <pthread.h>
#include <stdio.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "cfg.h"
#include "check_limit.h"
#include "entry.h"
#include "fix.h"
#include "cache.h"
#include "check_pairs.h"
#include "checks.h"
#include "elide.h"
#include "load.h"
#include "macros.h"
#include "normalize.h"
#include "parse.h"
#include "front.h"
#include "program.h"
#include "progress.h"
#include "relevance.h"
#include "rules.h"

struct worker {
	const struct opts *o;
	char **paths;
	size_t n;
	struct file_result *results;
	struct file_facts *facts;
	atomic_size_t *next;
	const bool *skip;		/* files not to parse now (known from the cache, or
					 * not relevant), or NULL */
	struct scan *scans;		/* the relevance pass fills these, or NULL */
	bool names;			/* ... with the names of each file (else only
					 * the flags: scan_flags_text) */
	bool names_only;		/* ... only the names of files scanned without */
	const bool *elide;		/* files to parse with only the bodies that can
					 * matter (elide.h), or NULL */
	const bool *rules_only;		/* ... wanted only for their rule calls: not parsed
					 * at all when the token check settles every one
					 * (locktok.h), or NULL */
	const struct name_set *asked;	/* ... and the names asked about so far */
	const struct ctl_macros *ctl;	/* the control macros every CFG sees */
	struct macro_uses *uses;	/* per file: the names its CFGs look up in ctl
					 * (for the cache), or NULL */
};

static void dump_pos(const void *ctx, size_t off, unsigned *line, unsigned *col)
{
	source_pos(ctx, off, line, col);
}

static void add_partial(struct file_result *r, const struct source *src, TSNode fn,
			const char *name, char *why, bool analysed)
{
	unsigned line, col;
	source_pos(src, ts_node_start_byte(fn), &line, &col);
	struct partial p = { xstrdup(name), line, why, analysed };
	VEC_PUSH(r->partial, p);
}

/*
 * Is every syntax error under n clear of the definitions whose bodies were
 * left out (from where each begins to its closing brace, the brace after
 * it included)?  Elsewhere the text is the file's own and the parser
 * reads it as it would the whole file: a top-level declaration it cannot
 * read (`static FC_DEVICE_ATTR(vport, ...);`, `u8 addr[8] __long_aligned
 * = {...}`) is no effect of the blanking.  Nearer, the error could be.
 */
static bool errors_clear(const struct elision *el, TSNode n, int depth)
{
	if (!ts_node_has_error(n))
		return true;
	if (ts_node_is_error(n) || ts_node_is_missing(n) || depth > 256) {
		uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
		for (size_t i = 0; i < el->all.n; i++) {
			const struct elided_body *b = &el->all.v[i];
			if (!b->keep && s <= b->close + 1 && e >= b->head)
				return false;
		}
		return true;
	}
	uint32_t c = ts_node_child_count(n);
	for (uint32_t k = 0; k < c; k++)
		if (!errors_clear(el, ts_node_child(n, k), depth + 1))
			return false;
	return true;
}

/*
 * Does the parse of elided text agree with what elide_bodies() decided?
 * No syntax error in or next to a definition whose body was left out
 * (errors_clear()); every kept body's function goes by a name the closure
 * followed; and no definition the parser found that elide_bodies() did
 * not (a head it could not read) names a rule call.
 */
static bool elision_sound(const struct elision *el, TSNode root, const char *text)
{
	if (!errors_clear(el, root, 0))
		return false;
	node_list fns = {0};
	collect_functions(root, &fns, 0);
	bool ok = true;
	for (size_t i = 0; i < fns.n && ok; i++) {
		TSNode body = node_field(fns.v[i], "body");
		uint32_t open = ts_node_start_byte(body);
		int how = elision_body(el, open, ts_node_end_byte(body));
		if (how > 0) {
			char *name = function_name(fns.v[i], text);
			ok = elision_named(el, name);
			free(name);
		} else if (how < 0) {
			ok = !rules_relevant(text, ts_node_start_byte(fns.v[i]),
					     ts_node_end_byte(fns.v[i]));
		}
	}
	VEC_FREE(fns);
	return ok;
}

/* Is a lock check on (the bodies naming a header's lock wrapper take part)? */
static bool locks_on(const struct opts *o)
{
	return o->enabled[C_LOCK_HELD_RETURN] || o->enabled[C_LOCK_UNBALANCED] ||
	       o->enabled[C_LOCK_RELEASE_UNHELD] || o->enabled[C_LOCK_DOUBLE_ACQUIRE];
}

static void analyze_one(const struct opts *o, TSParser *parser, const char *path,
			struct file_result *r, struct file_facts *ff, bool elide, bool rules_only,
			const struct name_set *asked, const struct ctl_macros *ctl)
{
	double start = mono_seconds();
	memset(r, 0, sizeof(*r));
	r->path = xstrdup(path);
	r->fresh = true;
	struct source src;
	char *why = NULL;
	/* bodies may be left out: the token rewrites wait until they are, and
	 * then read only what the parser will (normalize.h) */
	bool late = elide && !o->no_normalize;
	if (!(late ? load_text_early : load_text)(o, path, &src, &why)) {
		r->error = why;
		r->refused = src.refused;
		return;
	}
	struct elision el = {0};
	/* (--verify-token-locks parses what the token check settles, to
	 * compare: check_pairs_token.c, with the text the token check read) */
	bool tokens = elide && !o->verify_token_locks;
	if (elide && o->verify_token_locks)
		src.early = xstrndup(src.text, src.len);
	if (elide)
		elide_bodies(src.raw, src.text, src.len, asked, ctl, locks_on(o), tokens, &el);
	if (tokens && rules_only && el.settled && !el.kept && !el.rules_outside) {
		/* every body that names a lock call settles from its tokens and
		 * none is needed for anything else: the file is left unparsed,
		 * as one that names no rule call (its facts are its macros) */
		r->locks_settled = true;
		r->settled_bodies = el.settled;
		arena_init(&ff->arena);
		macros_scan(src.raw, src.len, pair_checks_on(o), &ff->arena, &ff->macros);
		elision_release(&el);
		source_release(&src);
		return;
	}
	r->settled_bodies = el.settled;
	if (late)
		normalize_late(src.text, src.len);
	/* the parser skips the blanked bodies altogether */
	TSTree *tree = parse_text_elided(o, parser, path, &src, &el, start, &why);
	if (tree && el.bytes && !elision_sound(&el, ts_tree_root_node(tree), src.text)) {
		/* parse it whole after all */
		ts_tree_delete(tree);
		ts_parser_reset(parser);
		memcpy(src.text, el.orig, src.len + 1);
		if (late)
			normalize_late(src.text, src.len);
		el.bytes = 0;
		r->elision_undone = true;
		tree = parse_text(o, parser, path, &src, start, &why);
	}
	r->elided = el.bytes != 0;
	if (r->elided) {
		/* the names a later round may ask about and the parse did not see */
		r->elided_bodies = el.bodies;
		r->scan_hash = elision_take_gone(&el, &r->nscan_hash);
	}
	elision_release(&el);
	if (!tree) {
		r->error = why;
		return;
	}
	r->bytes = src.len;
	suppressions_scan(&src, &r->supps, &r->notes);
	if (src.bad_utf8 >= 0) {
		unsigned line, col;
		source_pos(&src, (size_t)src.bad_utf8, &line, &col);
		r->warning = xasprintf("%s:%u:%u: not valid UTF-8 (byte 0x%02x); analysed as bytes",
				       path, line, col, (unsigned char)src.raw[src.bad_utf8]);
	}
	TSNode root = ts_tree_root_node(tree);
	r->error_bytes = error_bytes(root, 0);

	node_list fns = {0};
	collect_functions(root, &fns, 0);
	r->functions = fns.n;

	size_t nonblank = 0;
	for (size_t i = 0; i < src.len; i++)
		nonblank += !(src.raw[i] == ' ' || src.raw[i] == '\t' || src.raw[i] == '\n');
	if (nonblank && r->error_bytes * 2 > nonblank) {
		r->error = xasprintf("%s: not understood as C: %zu of %zu bytes are syntax errors (%.0f%% understood), skipped",
				     path, r->error_bytes, src.len,
				     100.0 * (double)(src.len - r->error_bytes) / (double)src.len);
		r->refused = true;
		r->functions = 0;	/* a skipped file contributes nothing to the totals */
		VEC_FREE(fns);
		ts_tree_delete(tree);
		source_release(&src);
		return;
	}

	if (o->parse_only) {	/* the parse floor: no facts, no checks */
		arena_init(&ff->arena);
		ff->ctl = ctl;
		r->seconds = mono_seconds() - start;
		VEC_FREE(fns);
		ts_tree_delete(tree);
		source_release(&src);
		return;
	}
	struct strbuf dump;
	strbuf_init(&dump);
	struct arena arena;
	arena_init(&arena);
	char **names = xcalloc(fns.n ? fns.n : 1, sizeof(char *));
	bool *bad_fn = xcalloc(fns.n ? fns.n : 1, sizeof(bool));
	for (size_t i = 0; i < fns.n; i++) {
		TSNode fn = fns.v[i];
		char *name = function_name(fn, src.text);
		names[i] = name;
		bool has_err = ts_node_has_error(fn);
		r->fn_parse_errors += has_err;
		bool want_dump = o->dump_cfg && (!*o->dump_cfg || !strcmp(o->dump_cfg, name));
		bool relevant = limit_relevant(src.text, ts_node_start_byte(fn), ts_node_end_byte(fn));
		uint32_t bad = has_err ? vital_error(fn, src.text, 0) : 0;
		bad_fn[i] = bad != 0;
		if (bad && relevant) {
			unsigned line, col;
			source_pos(&src, bad - 1, &line, &col);
			r->fn_skipped++;
			add_partial(r, &src, fn, name,
				    xasprintf("not analysed: a syntax error at line %u hides its control flow", line),
				    false);
		}
		if (!want_dump)
			continue;
		struct cfg g;
		cfg_build(&g, &arena, src.text, fn, name, ctl);
		char *buf = NULL;
		size_t blen = 0;
		FILE *m = open_memstream(&buf, &blen);
		if (m) {
			cfg_dump(&g, m, path, dump_pos, &src);
			fclose(m);
			strbuf_add(&dump, buf, blen);
			free(buf);
		}
		cfg_release(&g);
		arena_release(&arena);
	}
	if (dump.len)
		r->dump = strbuf_detach(&dump);
	strbuf_release(&dump);
	if (o->fix || o->enabled[C_SETFS_MIGRATE])
		fix_file(o, &src, root, fns.v, fns.n, r);
	arena_init(&ff->arena);
	ff->ctl = ctl;
	facts_collect(ff, &src, root, fns.v, names, bad_fn, fns.n, pair_checks_on(o));
	double deadline = o->time_budget > 0 ? start + o->time_budget : 0;
	pairs_file(o, &src, path, fns.v, fns.n, ff, &ff->pairs, r, deadline);
	checks_file(o, &src, path, fns.v, names, bad_fn, fns.n, ctl, &r->findings, deadline);
	if (o->kernel_version < KERNEL_WITHOUT_SET_FS)
		kds_check_file(o, &src, path, root, fns.v, names, bad_fn, fns.n, ff, &r->findings);
	if (o->kernel_version < KERNEL_VERSION_CODE(5, 10))
		usemm_check_file(&src, path, fns.v, names, bad_fn, fns.n, &r->findings);
	r->seconds = mono_seconds() - start;
	for (size_t i = 0; i < fns.n; i++)
		free(names[i]);
	free(names);
	free(bad_fn);
	VEC_FREE(fns);
	ts_tree_delete(tree);
	source_release(&src);
}

/* What the pair rules take from a file, as text, for --verify-elision:
 * its functions (name, linkage, what they release for a caller), its
 * waiting findings, and the entry registrations and field bindings of the
 * functions those findings and releases belong to. */
static char *pair_digest(const struct file_facts *ff, bool cands_only,
			 const struct name_set *asked)
{
	struct strbuf b;
	strbuf_init(&b);
	bool *kept = xcalloc(ff->fns.n ? ff->fns.n : 1, sizeof(bool));
	for (size_t i = 0; i < ff->pairs.n; i++)
		kept[ff->pairs.v[i].fn] = true;
	for (size_t i = 0; i < ff->fns.n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		kept[i] |= f->pair_closes != 0;
		if (cands_only || !kept[i]) {
			if (!cands_only)
				strbuf_addf(&b, "fn %s %d %x\n", f->name, f->is_static, f->pair_closes);
			continue;
		}
		strbuf_addf(&b, "fn %s %d %x\n", f->name, f->is_static, f->pair_closes);
		const char *why = entries_lookup(&ff->regs, f->name);
		strbuf_addf(&b, "  entry %s\n", why ? why : "-");
		for (size_t k = 0; k < ff->binds.n; k++)
			if (!strcmp(ff->binds.v[k].fn, f->name))
				strbuf_addf(&b, "  bound %s\n", ff->binds.v[k].field);
	}
	/* what the names asked about were asked for: their registrations */
	for (size_t k = 0; !cands_only && asked && k < ff->binds.n; k++) {
		const char *fn = ff->binds.v[k].fn;
		if (name_set_has(asked, scan_name_hash(fn, strlen(fn))))
			strbuf_addf(&b, "asked %s bound %s\n", fn, ff->binds.v[k].field);
	}
	for (size_t k = 0; !cands_only && asked && k < ff->regs.v.n; k++) {
		const struct entry *e = &ff->regs.v.v[k];
		if (name_set_has(asked, scan_name_hash(e->name, strlen(e->name))))
			strbuf_addf(&b, "asked %s entry %s\n", e->name, e->why);
	}
	for (size_t i = 0; i < ff->pairs.n; i++) {
		const struct pair_cand *c = &ff->pairs.v[i];
		strbuf_addf(&b, "cand %s %u %u %u:%u %s | %s | %s\n", ff->fns.v[c->fn].name, c->rule,
			    c->need, c->f.at.line, c->f.at.col, c->f.msg ? c->f.msg : "-",
			    c->held ? c->held : "-", c->callee ? c->callee : "-");
	}
	free(kept);
	char *out = strbuf_detach(&b);
	strbuf_release(&b);
	return out;
}

static void verify_elision(const struct opts *o, TSParser *parser, const char *path,
			   const struct file_result *r, const struct file_facts *ff,
			   const struct name_set *asked, const struct ctl_macros *ctl)
{
	struct file_result whole;
	struct file_facts wf = {0};
	ts_parser_reset(parser);
	analyze_one(o, parser, path, &whole, &wf, false, false, NULL, ctl);
	/* a syntax error inside a body left out can cost the whole parse a
	 * function the other parse has: then only the findings are compared */
	bool errors = whole.error_bytes != 0;
	char *a = pair_digest(ff, errors, asked), *b = pair_digest(&wf, errors, asked);
	if (strcmp(a, b) || r->findings.v.n != whole.findings.v.n)
		fprintf(stderr, "addrlimit: elision differs: %s\n--- bodies left out:\n%s--- whole:\n%s",
			path, a, b);
	free(a);
	free(b);
	file_result_release(&whole);
	facts_release(&wf);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	TSParser *parser = ts_parser_new();
	if (!ts_parser_set_language(parser, tree_sitter_c()))
		die("tree-sitter runtime rejects the C grammar (version mismatch)");
	for (;;) {
		size_t i = atomic_fetch_add(w->next, 1);
		if (i >= w->n)
			break;
		if (w->skip && w->skip[i])
			continue;	/* known from the cache, or not relevant (yet) */
		/* what the relevance pass or the cache kept of an unparsed file */
		facts_release(&w->facts[i]);
		file_result_release(&w->results[i]);
		if (w->uses) {
			macro_uses_release(&w->uses[i]);
			macro_uses_record(&w->uses[i]);
		}
		const struct ctl_macros *ctl = ctl_macros_view(w->ctl, i);
		analyze_one(w->o, parser, w->paths[i], &w->results[i], &w->facts[i],
			    w->elide && w->elide[i], w->rules_only && w->rules_only[i], w->asked,
			    ctl);
		if (w->uses) {
			macro_uses_record(NULL);
			macro_uses_finish(&w->uses[i]);
		}
		if (w->o->verify_elision && w->results[i].elided)
			verify_elision(w->o, parser, w->paths[i], &w->results[i], &w->facts[i],
				       w->asked, ctl);
		progress_file(w->paths[i]);
		ts_parser_reset(parser);
	}
	ts_parser_delete(parser);
	return NULL;
}

/* The relevance scan of w's files (w->scans set), or only their control
 * macros (w->scans NULL), or only the names of those scanned without
 * (w->names_only). */
static void *scanner_main(void *arg)
{
	struct worker *w = arg;
	struct scan_buf buf = {0};
	for (;;) {
		size_t i = atomic_fetch_add(w->next, 1);
		if (i >= w->n)
			break;
		if (w->skip && w->skip[i])
			continue;
		if (w->names_only) {
			scan_names_file(w->o, w->paths[i], &w->scans[i], &buf);
			continue;
		}
		facts_release(&w->facts[i]);	/* the cache's, of an unparsed file */
		if (w->scans) {
			/* (a stale row's scan, from the cache, is replaced) */
			scan_release(&w->scans[i]);
			scan_file(w->o, w->paths[i], &w->scans[i], &w->facts[i], w->names, &buf);
		} else {
			arena_init(&w->facts[i].arena);
			scan_macros(w->o, w->paths[i], &w->facts[i].arena,
				    &w->facts[i].macros, &buf);
		}
	}
	free(buf.p);
	return NULL;
}

/* The stack of every thread that parses or walks a tree: tree-sitter and
 * the walks recurse on deep input (tests/deep.py). */
#define WORKER_STACK (16u << 20)

static void run_workers(struct worker *w, void *(*fn)(void *));

/* Add to out the control macros of files paths[0..n), read in parallel,
 * in the order of paths: the run's inputs (each C file's its own), or
 * headers (everyone's). */
static void read_macros(const struct opts *o, char **paths, size_t n, struct ctl_macros *out,
			bool inputs)
{
	struct file_facts *ff = xcalloc(n ? n : 1, sizeof(*ff));
	struct worker w = { .o = o, .paths = paths, .n = n, .facts = ff };
	run_workers(&w, scanner_main);
	for (size_t i = 0; i < n; i++) {
		if (inputs)
			ctl_macros_add_file(out, &ff[i].macros, i, paths[i]);
		else
			ctl_macros_add(out, &ff[i].macros);
		facts_release(&ff[i]);
	}
	free(ff);
}

/* Run fn over w's files on o->jobs threads. */
/* The stack of every thread that parses or walks a tree: tree-sitter and
 * the walks recurse on deep input (tests/deep.py). */
#define WORKER_STACK (16u << 20)

static void run_workers(struct worker *w, void *(*fn)(void *))
{
	atomic_size_t next = 0;
	w->next = &next;
	int jobs = w->o->jobs > 0 ? w->o->jobs : 1;
	if ((size_t)jobs > w->n)
		jobs = w->n ? (int)w->n : 1;
	if (jobs == 1) {
		fn(w);
		return;
	}
	pthread_t *t = xcalloc((size_t)jobs, sizeof(pthread_t));
	int started = 0;
	for (int i = 0; i < jobs; i++) {
		/* tree-sitter recurses on deep input: give workers a main-sized stack */
		pthread_attr_t attr;
		pthread_attr_init(&attr);
		pthread_attr_setstacksize(&attr, WORKER_STACK);
		if (pthread_create(&t[i], &attr, fn, w) == 0)
			started++;
		pthread_attr_destroy(&attr);
		if (started <= i)
			break;
	}
	if (!started)
		fn(w);
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
}

/* What the cache keeps of a run: the database, the files it knew, what
 * each file's CFGs looked up in the control macros. */
/* The --cache around one run (cache_begin ... cache_end). */
struct cached {
	struct cache *c;		/* NULL: no --cache */
	bool *have;			/* per file: its row was read (cache_load) */
	uint64_t *hashes;		/* per file: its content hash, for the rows */
	struct macro_uses *uses;	/* per file, recorded by the first pass, or NULL */
};

static void first_pass(const struct opts *o, char **paths, size_t n,
		       struct file_result *results, struct file_facts *facts, const bool *skip,
		       const bool *elide, const bool *rules_only, const struct name_set *asked,
		       const struct ctl_macros *ctl, struct macro_uses *uses)
{
	struct worker w = { .o = o, .paths = paths, .n = n, .results = results, .facts = facts,
			    .skip = skip, .elide = elide, .rules_only = rules_only, .asked = asked,
			    .ctl = ctl, .uses = uses };
	run_workers(&w, worker_main);
}

/*
 * Once the table ctl is sealed: the files whose cached first pass looked
 * up a control macro that ctl answers otherwise (one edited in a header
 * or another file) are no longer known (parsed[i] false); their results
 * are dropped, and stale[i] says which.  Their macros are in ctl already,
 * from their rows (the bytes are unchanged).  Returns how many.
 */
static size_t drop_stale(struct cached *k, const struct ctl_macros *ctl, size_t n,
			 struct file_result *results, bool *parsed, bool *stale)
{
	if (!k->c)
		return 0;
	size_t dropped = cache_drop_stale(k->c, ctl, k->have, stale);
	for (size_t i = 0; dropped && i < n; i++) {
		if (!stale[i])
			continue;
		file_result_release(&results[i]);
		parsed[i] = false;
	}
	return dropped;
}

static void put_wrapper(void *ctx, const char *name)
{
	name_set_put(ctx, scan_name_hash(name, strlen(name)));
}

/* --stats: where the time went (analyze_phase_times) */
static double phase[PH_COUNT];

/* Add the time since *since to phase k; *since becomes now. */
static void phase_end(int k, double *since)
{
	double now = mono_seconds();
	phase[k] += now - *since;
	*since = now;
}

/* The names of the files a round may ask about (neither parsed nor
 * wanted) that the scan left without (scan_flags_text), read now. */
static void names_for(const struct opts *o, char **paths, size_t n, struct scan *scans,
		      const bool *parsed, const bool *want)
{
	bool *skip = xcalloc(n ? n : 1, sizeof(bool));
	size_t todo = 0;
	for (size_t i = 0; i < n; i++) {
		skip[i] = parsed[i] || want[i] || !scans[i].names_later;
		todo += !skip[i];
	}
	struct worker w = { .o = o, .paths = paths, .n = n, .skip = skip, .scans = scans,
			    .names_only = true };
	if (todo)
		run_workers(&w, scanner_main);
	free(skip);
}

/* name_set_any(s, &scans[i]) of every file into hit[i]; with -j above 1
 * the second half on a thread of its own (the names of linux-6.1's 24,000
 * unparsed files: a tenth of an edited re-run's instructions). */
struct any_part {
	const struct name_set *s;
	const struct scan *scans;
	bool *hit;
};

static void any_part_main(void *arg, size_t from, size_t to)
{
	struct any_part *k = arg;
	for (size_t i = from; i < to; i++)
		k->hit[i] = name_set_any(k->s, &k->scans[i]);
}

static void names_any_each(int jobs, const struct name_set *s, const struct scan *scans,
			   size_t n, bool *hit)
{
	struct any_part a = { s, scans, hit };
	if (s->n)
		run_halves(any_part_main, &a, n, jobs);
}

/* The questions of one round (program_probe), file by file into hit[]:
 * a file not parsed nor wanted that names one of `named`, or names one of
 * `def` where a function is defined (scan_outside_bodies), or one of `reg`
 * where it is not called (scan_not_called); a file parsed with bodies left
 * out whose left-out bodies name one of `named` or `reg` (a registration
 * sits in a body: `request_irq(irq, fn, ...)`; a parsed file has every
 * head already).  With -j above 1 on two threads. */
struct asked_part {
	const struct opts *o;
	char **paths;
	const struct name_set *named, *def, *reg;
	const struct scan *scans;
	const struct file_result *results;
	const bool *parsed, *want;
	bool *hit;
};

static void asked_part_main(void *arg, size_t from, size_t to)
{
	struct asked_part *k = arg;
	struct scan_buf buf = {0};
	for (size_t i = from; i < to; i++) {
		const struct scan *sc = &k->scans[i];
		if (!k->parsed[i] && !k->want[i]) {
			k->hit[i] = name_set_any(k->named, sc) ||
				    (name_set_any(k->def, sc) &&
				     scan_outside_bodies(k->o, k->paths[i], k->def, &buf)) ||
				    (name_set_any(k->reg, sc) &&
				     scan_not_called(k->o, k->paths[i], k->reg, &buf));
		} else if (k->parsed[i] && k->results[i].elided) {
			const struct scan gone = { .nhash = k->results[i].nscan_hash,
						   .hash = k->results[i].scan_hash };
			k->hit[i] = name_set_any(k->named, &gone) || name_set_any(k->reg, &gone);
		}
	}
	free(buf.p);
}

static size_t relevance_files;
static int relevance_rounds = -1;
static bool relevance_full;
static size_t relevance_per_round[RELEVANCE_ROUNDS];

/*
 * The relevance pass (relevance.h): scan every file, parse those that name
 * what a check looks for, then those that mention the names the parsed
 * files' facts ask about, until nothing new is asked; or every file, when
 * the limit is raised somewhere.  A file parsed for its rule calls or for
 * asked names gets only the bodies that take part (elide.h), and is parsed
 * again when a later round asks for a name one of the others mentions.
 * parsed[i] comes in true for the files known from the cache and goes out
 * true for every file with facts.  The scan also gives every file's
 * control macros: ctl gets them, then hmacros (the headers'), and is
 * sealed before any file is parsed; then the cache's rows that the sealed
 * table answers otherwise are dropped (drop_stale), and their files
 * scanned like the ones the cache did not know.  *graph gets the last
 * probe's call graph (program_probe), over the final facts, or NULL.
 */
static void relevant_pass(const struct opts *o, char **paths, size_t n,
			  struct file_result *results, struct file_facts *facts, bool *parsed,
			  const struct ctl_macros *hmacros, struct ctl_macros *ctl,
			  struct cached *k, struct program **graph)
{
	struct scan *scans = xcalloc(n ? n : 1, sizeof(*scans));
	/* a file the cache knew unparsed comes with its scan and its macros */
	bool *known = xcalloc(n ? n : 1, sizeof(bool));
	/* the rows the cache knew parsed; from_cache: with their scan's flags */
	bool *was_parsed = xcalloc(n ? n : 1, sizeof(bool));
	bool *from_cache = xcalloc(n ? n : 1, sizeof(bool));
	for (size_t i = 0; i < n; i++) {
		known[i] = parsed[i];
		if (!parsed[i] && results[i].unparsed && results[i].scan_hash) {
			scans[i] = (struct scan){ .flags = results[i].scan_flags,
						  .nhash = results[i].nscan_hash,
						  .hash = results[i].scan_hash };
			results[i].scan_hash = NULL;
			known[i] = true;
		}
	}
	/* the names of every file are needed from the start by the lock
	 * wrappers' test below and by the cache's rows; otherwise only when a
	 * probe asks for one (names_for()): most address-limit-only runs of
	 * a current kernel never do */
	bool names = o->cache || o->enabled[C_LOCK_HELD_RETURN] || o->enabled[C_LOCK_UNBALANCED];
	struct worker w = { .o = o, .paths = paths, .n = n, .results = results, .facts = facts,
			    .skip = known, .scans = scans, .names = names };
	double since = mono_seconds();
	run_workers(&w, scanner_main);
	/* (a file known from the cache comes with its macros) */
	for (size_t i = 0; i < n; i++)
		ctl_macros_add_file(ctl, &facts[i].macros, i, paths[i]);
	ctl_macros_add(ctl, &hmacros->v);
	ctl_macros_seal(ctl);
	/* a row whose CFGs the table now changes: the file is scanned, and
	 * goes through the relevance pass as if the cache had not known it */
	bool *stale = xcalloc(n ? n : 1, sizeof(bool));
	if (drop_stale(k, ctl, n, results, parsed, stale)) {
		for (size_t i = 0; i < n; i++)
			known[i] = !stale[i];
		run_workers(&w, scanner_main);
	}
	free(stale);
	/* (and their scans' flags: a row parsed again below is reset) */
	uint8_t *cached_flags = xcalloc(n ? n : 1, sizeof(uint8_t));
	for (size_t i = 0; i < n; i++) {
		was_parsed[i] = parsed[i];
		from_cache[i] = parsed[i] && results[i].scan_known;
		cached_flags[i] = results[i].scan_flags;
	}
	free(known);
	phase_end(PH_SCAN, &since);
	/* the headers' lock wrappers: a file that calls one is wanted (its
	 * bodies that name one are kept: they are among the names asked
	 * from the start, below) */
	struct name_set wraps = {0};
	if (o->enabled[C_LOCK_HELD_RETURN] || o->enabled[C_LOCK_UNBALANCED])
		macros_wrapper_names(ctl, false, put_wrapper, &wraps);
	bool *wrapped = xcalloc(n ? n : 1, sizeof(bool));
	names_any_each(o->jobs, &wraps, scans, n, wrapped);
	/* a header's macro for a routine that raises the limit itself
	 * (macros.h, CM_API): a file that calls it is parsed whole, as one
	 * that names the routine */
	struct name_set aliases = {0};
	bool *aliased = xcalloc(n ? n : 1, sizeof(bool));
	if (limit_checks_on(o) && o->kernel_version < KERNEL_WITHOUT_SET_FS)
		macros_api_alias_names(ctl, put_wrapper, &aliases);
	if (aliases.n) {
		/* (rare: the names a flags-only scan left out are read now) */
		bool *none = xcalloc(n ? n : 1, sizeof(bool));
		names_for(o, paths, n, scans, parsed, none);
		free(none);
		for (size_t i = 0; i < n; i++)
			aliased[i] = !scans[i].names_later && name_set_any(&aliases, &scans[i]);
	}
	bool *skip = xcalloc(n ? n : 1, sizeof(bool));
	bool *want = xcalloc(n ? n : 1, sizeof(bool));
	bool *elide = xcalloc(n ? n : 1, sizeof(bool));
	bool *rules_only = xcalloc(n ? n : 1, sizeof(bool));
	bool full = false, fix = o->enabled[C_SETFS_MIGRATE];	/* on with --fix */
	for (size_t i = 0; i < n; i++) {
		uint8_t f = scans[i].flags & (uint8_t)~SC_SETTLED;
		want[i] = (f & (SC_LIMIT | SC_RULES | SC_MARK | SC_TROUBLE)) ||
			  ((f & SC_USER_PTR) && o->kernel_version < KERNEL_WITHOUT_SET_FS) ||
			  (fix && (f & SC_API)) || (o->named && o->named[i]);
		/* a file wanted only for its rule calls (or, later, for names
		 * asked about) needs only the bodies that take part in them
		 * (elide.h); one that may change the limit, has a suppression
		 * comment, cannot be read cleanly, is rewritten by --fix or was
		 * named is parsed whole */
		elide[i] = f == (f & (SC_RULES | SC_RAISE | SC_API)) && !fix &&
			   !(o->named && o->named[i]) && !aliased[i];
		want[i] |= aliased[i];
		/* (the cache's elided files are not scanned: they were elided
		 * for the same reasons, under the same options) */
		elide[i] |= parsed[i] && results[i].elided;
		want[i] |= wrapped[i];
		/* wanted for its rule calls alone: the token check may settle them */
		rules_only[i] = want[i] && elide[i] && !parsed[i];
		/* ... and the cache says it did, under the same answers of the
		 * macros and lock wrappers its token check looked up (the row
		 * survived drop_stale): as one the tokens settle now */
		if (rules_only[i] && (scans[i].flags & SC_SETTLED)) {
			want[i] = false;
			rules_only[i] = false;
			results[i].locks_settled = true;
		}
		/* a file that both changes the limit and names KERNEL_DS: the
		 * limit is raised, and the summaries will need every file (a
		 * row the cache knew parsed says so by its scan's flags: the
		 * probe that would find it out is not run) */
		uint8_t lf = from_cache[i] ? cached_flags[i] : f;
		full |= (lf & (SC_LIMIT | SC_RAISE)) == (SC_LIMIT | SC_RAISE) && limit_checks_on(o);
	}
	/* every name asked so far: the bodies that mention one are kept (and,
	 * elide_bodies() decides, those naming a header's lock wrapper or
	 * macro, pte_unmap_unlock() releasing the caller's spinlock, unless
	 * the tokens settle them) */
	struct name_set asked = {0};
	bool *redo = xcalloc(n ? n : 1, sizeof(bool));
	int rounds = 0;
	for (;;) {
		rounds++;
		size_t todo = 0;
		for (size_t i = 0; i < n; i++) {
			/* a file parsed with bodies left out is parsed again when
			 * a later round asks for a name one of them mentions (with
			 * the bodies that mention it), or whole when every file is
			 * needed */
			if (full)
				elide[i] = false;
			bool again = parsed[i] && results[i].elided && (full || redo[i]);
			skip[i] = !again && (parsed[i] || !(want[i] || full));
			todo += !skip[i];
			redo[i] = false;
		}
		if (todo)
			first_pass(o, paths, n, results, facts, skip, elide, rules_only, &asked, ctl,
				   k->uses);
		/* a file whose lock calls the tokens settled is as one that
		 * names none: unparsed, parsed later if a name is asked of it */
		for (size_t i = 0; i < n; i++) {
			if (skip[i] || !results[i].locks_settled)
				continue;
			skip[i] = true;
			want[i] = false;
			rules_only[i] = false;
			todo--;
		}
		if (rounds <= RELEVANCE_ROUNDS)
			relevance_per_round[rounds - 1] = todo;
		for (size_t i = 0; i < n; i++)
			parsed[i] |= !skip[i];
		if (full)
			break;
		struct name_set ask = {0}, ask_def = {0}, ask_reg = {0};
		program_discard(*graph);
		*graph = NULL;
		phase_end(PH_FILES, &since);
		bool raised = program_probe(o, results, facts, n, ctl, &ask, &ask_def, &ask_reg,
					    graph);
		phase_end(PH_PROBE, &since);
		if (raised) {
			full = true;
			name_set_release(&ask);
			name_set_release(&ask_def);
			name_set_release(&ask_reg);
			continue;
		}
		bool *hit = xcalloc(n ? n : 1, sizeof(bool));
		if (ask.n || ask_def.n || ask_reg.n) {
			names_for(o, paths, n, scans, parsed, want);
			struct asked_part ap = { o, paths, &ask, &ask_def, &ask_reg, scans, results,
						 parsed, want, hit };
			run_halves(asked_part_main, &ap, n, o->jobs);
		}
		size_t more = 0;
		for (size_t i = 0; i < n; i++) {
			if (!hit[i])
				continue;
			if (!parsed[i]) {
				want[i] = true;
				more++;
			} else {
				redo[i] = true;
				more++;
			}
		}
		free(hit);
		name_set_merge(&asked, &ask);
		name_set_merge(&asked, &ask_def);
		name_set_merge(&asked, &ask_reg);
		name_set_release(&ask);
		name_set_release(&ask_def);
		name_set_release(&ask_reg);
		if (!more)
			break;
		/* more files: the facts change, the graph is redone */
		program_discard(*graph);
		*graph = NULL;
	}
	size_t nparsed = 0;
	for (size_t i = 0; i < n; i++) {
		if (parsed[i] && (from_cache[i] || !was_parsed[i])) {
			results[i].scan_flags = from_cache[i] ? cached_flags[i] : scans[i].flags;
			results[i].scan_known = true;
		}
		if (!parsed[i]) {
			/* its facts are the macros it defines; nothing to report;
			 * its scan goes to the cache with it */
			if (!results[i].path)
				results[i].path = xstrdup(paths[i]);
			results[i].unparsed = true;
			if (o->cache) {
				results[i].scan_flags = scans[i].flags;
				/* (the row is dropped when a macro the token
				 * check looked up answers otherwise: drop_stale) */
				if (results[i].locks_settled)
					results[i].scan_flags |= SC_SETTLED;
				results[i].scan_known = true;
				results[i].nscan_hash = scans[i].nhash;
				results[i].scan_hash = scans[i].hash;
				scans[i].hash = NULL;
			}
		}
		nparsed += parsed[i];
		scan_release(&scans[i]);
	}
	phase_end(PH_FILES, &since);
	relevance_files = nparsed;
	relevance_rounds = rounds;
	relevance_full = full;
	free(scans);
	free(was_parsed);
	free(from_cache);
	free(cached_flags);
	free(skip);
	free(want);
	free(elide);
	free(rules_only);
	free(redo);
	name_set_release(&asked);
	name_set_release(&wraps);
	name_set_release(&aliases);
	free(aliased);
	free(wrapped);
}

static size_t cache_reused, cache_analysed;
static bool cache_whole;

void analyze_phase_times(double t[PH_COUNT])
{
	memcpy(t, phase, sizeof(phase));
}

void analyze_relevance_counts(size_t *parsed, int *rounds, bool *full, size_t *per_round)
{
	memcpy(per_round, relevance_per_round, sizeof(relevance_per_round));
	*parsed = relevance_files;
	*rounds = relevance_rounds;
	*full = relevance_full;
}

void analyze_cache_counts(size_t *reused, size_t *analysed, bool *whole)
{
	*reused = cache_reused;
	*analysed = cache_analysed;
	*whole = cache_whole;
}

/* --- the cache around the pipeline -------------------------------------- */

/* Open --cache and read what it knows of the files (k->have, k->hashes).
 * True when it knows the whole run: results are final, nothing to do. */
static bool cache_begin(const struct opts *o, char **paths, size_t n,
			struct file_result *results, struct file_facts *facts, struct cached *k)
{
	memset(k, 0, sizeof(*k));
	if (!o->cache || o->dump_cfg)
		return false;
	char *why = NULL;
	k->c = cache_open(o->cache, o, &why);
	if (!k->c) {
		warning("cache not used: %s", why);
		free(why);
		return false;
	}
	k->have = xcalloc(n ? n : 1, sizeof(bool));
	k->hashes = xcalloc(n ? n : 1, sizeof(uint64_t));
	k->uses = xcalloc(n ? n : 1, sizeof(*k->uses));
	return cache_load(k->c, o, paths, n, results, facts, k->have, k->hashes);
}

/* Store the rows of every file parsed in this run (new to the cache, or
 * known unparsed or with bodies left out and parsed again); the others
 * only get their new time. */
static void cache_files(struct cached *k, char **paths, size_t n, struct file_result *results,
			struct file_facts *facts, const struct ctl_macros *ctl)
{
	if (!k->c)
		return;
	for (size_t i = 0; i < n; i++)
		k->have[i] = k->have[i] && !results[i].fresh;
	cache_store_files(k->c, paths, n, results, facts, k->uses, ctl, k->have, k->hashes);
}

/* Store the run's final results (unless the cache gave them) and close. */
static void cache_end(const struct opts *o, struct cached *k, char **paths, size_t n,
		      struct file_result *results, bool whole)
{
	if (k->c) {
		if (!whole)
			cache_store_run(k->c, o, paths, n, results, k->hashes);
		cache_counts(k->c, &cache_reused, &cache_analysed, &cache_whole);
		cache_close(k->c);
	}
	free(k->have);
	free(k->hashes);
	for (size_t i = 0; k->uses && i < n; i++)
		macro_uses_release(&k->uses[i]);
	free(k->uses);
}

/* --- the pipeline -------------------------------------------------------- */

/* The files parsed: with --full (or --dump-cfg) every one, else the rounds
 * of the relevance pass.  Builds the run's table of control macros (ctl)
 * first, from the headers (hmacros) and every file, so that both passes
 * give a function the same graph; drops the cache rows that table makes
 * stale.  *graph: the relevance pass's last probe's call graph, or NULL. */
static void parse_files(const struct opts *o, char **paths, size_t n,
			struct file_result *results, struct file_facts *facts,
			const struct ctl_macros *hmacros, struct ctl_macros *ctl, struct cached *k,
			struct program **graph)
{
	/* what the cache knows of a file the relevance pass left unparsed is
	 * only its macros: such a file may still have to be parsed now */
	bool *parsed = xcalloc(n ? n : 1, sizeof(bool));
	for (size_t i = 0; k->have && i < n; i++) {
		/* --full parses again what the cache has with bodies left out */
		parsed[i] = k->have[i] && !results[i].unparsed && !(o->full && results[i].elided);
	}
	if (o->full || o->dump_cfg) {
		/* no relevance scan: a cheap one of the macros alone */
		double since = mono_seconds();
		read_macros(o, paths, n, ctl, true);
		ctl_macros_add(ctl, &hmacros->v);
		ctl_macros_seal(ctl);
		bool *stale = xcalloc(n ? n : 1, sizeof(bool));
		drop_stale(k, ctl, n, results, parsed, stale);
		free(stale);
		phase_end(PH_SCAN, &since);
		first_pass(o, paths, n, results, facts, parsed, NULL, NULL, NULL, ctl, k->uses);
		phase_end(PH_FILES, &since);
		relevance_files = n;
		relevance_rounds = 0;
		relevance_full = true;
	} else {
		relevant_pass(o, paths, n, results, facts, parsed, hmacros, ctl, k, graph);
	}
	free(parsed);
}

/*
 * The pipeline: the cache's rows → the headers' control macros → the files
 * that matter parsed, with their facts and per-file checks (scan, rounds) →
 * the whole-tree pass → the cache's rows and run.
 */
static void analyze_pipeline(const struct opts *o, char **paths, size_t n,
			     struct file_result *results)
{
	struct file_facts *facts = xcalloc(n ? n : 1, sizeof(*facts));
	struct cached k;
	progress_start(o->progress, n);
	memset(phase, 0, sizeof(phase));
	double since = mono_seconds();
	bool whole = cache_begin(o, paths, n, results, facts, &k);
	phase_end(PH_CACHE_LOAD, &since);
	if (!whole) {
		struct ctl_macros hmacros, ctl;
		ctl_macros_init(&hmacros);
		ctl_macros_init(&ctl);
		if (!cache_header_macros(k.c, o, &hmacros)) {
			read_macros(o, o->headers.v, o->headers.n, &hmacros, false);
			cache_keep_header_macros(k.c, &hmacros);
		}
		phase_end(PH_HEADERS, &since);
		struct program *graph = NULL;	/* the relevance pass's last probe's */
		parse_files(o, paths, n, results, facts, &hmacros, &ctl, &k, &graph);
		since = mono_seconds();
		cache_files(&k, paths, n, results, facts, &ctl);
		phase_end(PH_CACHE_STORE, &since);
		if (!o->dump_cfg)
			program_run(o, results, facts, n, &ctl, graph);
		else
			program_discard(graph);
		phase_end(PH_PROGRAM, &since);
		ctl_macros_release(&hmacros);
		ctl_macros_release(&ctl);
	}
	cache_end(o, &k, paths, n, results, whole);
	phase_end(PH_CACHE_STORE, &since);
	if (o->verify_token_locks) {
		size_t checked = 0, differs = 0;
		for (size_t i = 0; i < n; i++) {
			checked += results[i].tok_checked;
			differs += results[i].tok_differs;
		}
		fprintf(stderr, "addrlimit: --verify-token-locks: %zu functions settled from their "
			"tokens, %zu of them reported or summed up by the analysis\n", checked,
			differs);
	}
	if (!o->dump_cfg)
		audit_tree(o, paths, n, results);
	phase_end(PH_AUDIT, &since);
	progress_end();
	for (size_t i = 0; i < n; i++)
		facts_release(&facts[i]);
	free(facts);
}

struct pipeline_args {
	const struct opts *o;
	char **paths;
	size_t n;
	struct file_result *results;
};

static void *pipeline_thread(void *arg)
{
	struct pipeline_args *a = arg;
	analyze_pipeline(a->o, a->paths, a->n, a->results);
	return NULL;
}

/*
 * The pipeline runs on a thread of its own with the workers' 16 MB stack:
 * the whole-tree pass and -j1's parses recurse over deep input, and the
 * main thread's stack is whatever `ulimit -s` left it (1 MB overflowed).
 */
void analyze_files(const struct opts *o, char **paths, size_t n, struct file_result *results)
{
	struct pipeline_args a = { o, paths, n, results };
	pthread_attr_t attr;
	pthread_t t;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, WORKER_STACK);
	bool started = pthread_create(&t, &attr, pipeline_thread, &a) == 0;
	pthread_attr_destroy(&attr);
	if (started)
		pthread_join(t, NULL);
	else
		analyze_pipeline(o, paths, n, results);
}
