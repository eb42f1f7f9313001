// SPDX-License-Identifier: GPL-2.0
/*
 * Two lock bugs of one path, found during the pair walk
 * (check_pairs_int.h) and judged when it is done:
 *
 * lock-release-unheld: a release that some path reaches holding the lock
 * and another reaches holding nothing of its kind: the `goto out_unlock`
 * from before the `mutex_lock()`.  The walk notes how each release call is
 * reached (rel_release); a release that no path reaches holding the lock
 * is the caller's lock and no finding.
 *
 * lock-double-acquire: an exclusive, non-nesting acquire (A_LOCK_EXCL:
 * mutex_lock, spin_lock*, down_write, ...) reached with the same lock
 * held since another call: `mutex_lock()` typed for `mutex_unlock()`.
 *
 * Both rest on the walk knowing what is held, so the judge keeps only the
 * shapes where it does: the object's text names one object all along (no
 * variable of it assigned after the lock), no call the rules do not know
 * is handed the lock, no loop in between, no guess of the walk about that
 * kind of lock (an alias, a callee that releases by its name or by its
 * summary, a locked object stored away, a helper that returns holding it
 * on some paths), and, for a release, a release at an unlock label of the
 * function's exit ladder that no test of its own guards (`if (locked)
 * unlock` is a flag the walk may have merged).  A failed trylock or
 * _interruptible acquire is "not taken" (its error path that jumps to the
 * unlock is reported); for a double acquire, a function with a
 * conditional acquire of the kind is not judged (`failed = !trylock(m);
 * if (failed) lock(m);` holds it once).  Functions annotated
 * __must_hold()/__releases() and the lock API's own functions are not
 * judged (check_pairs.c's exempt()).
 */
#include "check_pairs_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "lexer.h"

/* --- during the walk ----------------------------------------------------- */

static struct rel_site *site(rel_site_vec *v, uint32_t off, uint16_t rule, uint16_t key)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->v[i].off == off && v->v[i].rule == rule && v->v[i].key == key)
			return &v->v[i];
	struct rel_site s = { .off = off, .rule = rule, .key = key };
	VEC_PUSH(*v, s);
	return &v->v[v->n - 1];
}

/* A *_non_owner call: taken in one task and released by another, so one
 * function's paths say nothing of who holds it. */
static bool non_owner(const char *name, size_t len)
{
	return name && memmem(name, len, "non_owner", 9) != NULL;
}

static bool is_pending(const struct pstate *s, const struct held *h)
{
	for (int i = 0; i < s->npend; i++)
		if (held_eq(&s->p[i].h, h))
			return true;
	return false;
}

static void rel_release(struct run *r, const struct pstate *s, TSNode call, uint16_t rule, uint16_t key,
			const char *name, size_t len)
{
	/* a `balanced` rule's object is posted without being taken by design
	 * (up() on a semaphore used as a signal: hp_sdc_mlc_in(), 6.1) */
	if (!r->report || !r->fr->o->enabled[C_LOCK_RELEASE_UNHELD] ||
	    pairs_rule(r, rule)->check != C_LOCK_HELD_RETURN || pairs_rule(r, rule)->balanced)
		return;
	if (non_owner(name, len)) {
		if (rule < 32)
			r->unsure_rules |= 1u << rule;
		return;
	}
	if (s->mixed)
		return;
	const struct held *exact = NULL;
	bool other = false;
	for (int i = 0; i < s->nheld; i++) {
		const struct held *h = &s->h[i];
		if (h->rule != rule)
			continue;
		if (!h->owed && h->key == key)
			exact = h;
		else if (h->owed || !key || !h->key || pairs_may_alias(r->keys.v[h->key], r->keys.v[key]))
			other = true;	/* an alias, or the caller's lock released before */
	}
	if (exact && !is_pending(s, exact)) {
		struct rel_site *st = site(&r->rel, ts_node_start_byte(call), rule, key);
		if (!st->held)
			st->taken_off = exact->off;
		st->held = true;
	} else if (!exact && !other) {
		struct rel_site *st = site(&r->rel, ts_node_start_byte(call), rule, key);
		if (!st->unheld)
			st->trace = s->free_trace;	/* (from the entry, whatever is held) */
		st->unheld = true;
		if (s->drop_off && s->drop_rule == rule && s->drop_key == key) {
			if (!st->twice_off)
				st->twice_off = s->drop_off;
		} else {
			st->never = true;
		}
	}
}

static void rel_acquire(struct run *r, const struct pstate *s, TSNode call, uint16_t rule, uint16_t key,
			uint8_t acq, const char *name, size_t len)
{
	if (non_owner(name, len) && rule < 32)
		r->unsure_rules |= 1u << rule;
	if (acq != ACQ_ALWAYS && rule < 32)
		r->cond_rules |= 1u << rule;
	uint32_t off = ts_node_start_byte(call);
	/* taken again while held (a nest of read locks, or a bug): the walk
	 * holds it once, so its releases say nothing of the lock-release-unheld kind */
	for (int i = 0; i < s->nheld && rule < 32; i++)
		if (s->h[i].rule == rule && s->h[i].key == key && !s->h[i].owed && s->h[i].off != off)
			r->unsure_rules |= 1u << rule;
	if (!name || acq != ACQ_ALWAYS || !r->report || !r->fr->o->enabled[C_LOCK_DOUBLE_ACQUIRE] ||
	    s->mixed || !api_is(name, len, A_LOCK_EXCL))
		return;
	for (int i = 0; i < s->nheld; i++) {
		const struct held *h = &s->h[i];
		if (h->rule != rule || h->key != key || h->owed || h->off == off || is_pending(s, h))
			continue;
		struct rel_site *st = site(&r->reacq, off, rule, key);
		if (!st->held) {
			st->taken_off = h->off;
			st->trace = s->hd.trace;
		}
		st->held = true;
	}
}

static void rel_call(struct run *r, const char *name, size_t len)
{
	/* a helper of the file that returns holding a lock on some paths
	 * (its result or a pointer tells its callers, which the walk may not
	 * follow): paths after it may hold what the walk thinks released */
	int i = pairs_fn_index(r->fr, name, len);
	if (i < 0)
		return;
	if (r->fr->sums[i].known) {
		r->unsure_rules |= r->fr->sums[i].partial;
		return;
	}
	/* not summed up yet (it comes later in the file): whatever lock it takes */
	const struct fn_fact *f = &r->fr->ff->fns.v[i];
	for (uint32_t k = 0; k < f->ncalls; k++) {
		const char *c = f->calls[k].callee;
		int ri, ci;
		bool open;
		if (c[0] != '.' && rules_lookup(c, strlen(c), &ri, &ci, &open) && open && ri < 32)
			r->unsure_rules |= 1u << ri;
	}
}

const struct rel_hooks rel_hooks = { rel_release, rel_acquire, rel_call };

/* --- the shape of the function's text ----------------------------------- */

static bool contains(TSNode outer, uint32_t off)
{
	return off >= ts_node_start_byte(outer) && off < ts_node_end_byte(outer);
}

static bool loop_node(TSNode n)
{
	return node_is(n, S_for_statement) || node_is(n, S_while_statement) ||
	       node_is(n, S_do_statement);
}

bool pairs_in_loop(TSNode n)
{
	for (; !ts_node_is_null(n) && !node_is(n, S_function_definition); n = ts_node_parent(n))
		if (loop_node(n))
			return true;
	return false;
}

/* The labels of fn that a later goto jumps back to: [label, last goto) is
 * a loop too (`retry:` ... `goto retry;`). */
struct back_region {
	uint32_t from, to;
	uint32_t goto_at;	/* the goto statement's first byte */
};
typedef VEC(struct back_region) region_vec;

struct label_scan {
	const char *text;
	region_vec *out;
	VEC(TSNode) labels;
};

static bool scan_labels(TSNode n, void *ctx)
{
	struct label_scan *ls = ctx;
	if (node_is(n, S_labeled_statement))
		VEC_PUSH(ls->labels, n);
	return true;
}

static bool scan_gotos(TSNode n, void *ctx)
{
	struct label_scan *ls = ctx;
	if (!node_is(n, S_goto_statement))
		return true;
	TSNode to = node_field(n, "label");
	for (size_t i = 0; i < ls->labels.n; i++) {
		TSNode l = ls->labels.v[i];
		TSNode name = node_field(l, "label");
		uint32_t at = ts_node_start_byte(l);
		if (at < ts_node_start_byte(n) && node_len(name) == node_len(to) &&
		    !memcmp(node_ptr(name, ls->text), node_ptr(to, ls->text), node_len(to))) {
			struct back_region b = { at, ts_node_end_byte(n), ts_node_start_byte(n) };
			VEC_PUSH(*ls->out, b);
		}
	}
	return false;
}

/* Does the backward goto that starts at byte at come back to itself: can
 * its label reach it?  `vfs_rejected: unlock(); goto abort;` above which
 * `abort:` only goes on to the exit is a jump back in the text, no loop. */
static bool goto_loops(const struct cfg *g, uint32_t at)
{
	const struct cfg_block *from = NULL, *to = NULL;
	for (size_t i = 0; i < g->blocks.n && !from; i++)
		for (size_t k = 0; k < g->blocks.v[i]->succs.n; k++) {
			const struct cfg_edge *e = &g->blocks.v[i]->succs.v[k];
			if (e->kind == E_GOTO && e->off == at) {
				from = g->blocks.v[i];
				to = e->to;
				break;
			}
		}
	if (!from || !to)
		return true;	/* not in the graph: keep the region */
	bool *seen = xcalloc(g->blocks.n, sizeof(*seen));
	VEC(const struct cfg_block *) work = {0};
	VEC_PUSH(work, to);
	seen[to->id] = true;
	bool found = false;
	while (work.n && !found) {
		const struct cfg_block *b = work.v[--work.n];
		found = b == from;
		for (size_t k = 0; k < b->succs.n && !found; k++) {
			const struct cfg_block *n = b->succs.v[k].to;
			if (n && !seen[n->id]) {
				seen[n->id] = true;
				VEC_PUSH(work, n);
			}
		}
	}
	VEC_FREE(work);
	free(seen);
	return found;
}

/* The innermost loop around off (a loop statement, or a backward goto's
 * region that is a loop): its start + 1, or 0 outside every loop. */
static uint32_t loop_of(TSNode fn, const region_vec *back, uint32_t off)
{
	uint32_t best = 0, best_len = UINT32_MAX;
	TSNode n = ts_node_descendant_for_byte_range(fn, off, off + 1);
	for (; !ts_node_is_null(n) && !node_is(n, S_function_definition); n = ts_node_parent(n))
		if (loop_node(n)) {
			best = ts_node_start_byte(n) + 1;
			best_len = ts_node_end_byte(n) - ts_node_start_byte(n);
			break;
		}
	for (size_t i = 0; i < back->n; i++)
		if (off >= back->v[i].from && off < back->v[i].to &&
		    back->v[i].to - back->v[i].from < best_len) {
			best = back->v[i].from + 1;
			best_len = back->v[i].to - back->v[i].from;
		}
	return best;
}

/* A variable a lock key starts from, looked for in a body. */
struct var_scan {
	const char *text;
	const char *name;
	size_t len;
	uint32_t from;
	bool moved;
};

static bool is_var(TSNode n, const struct var_scan *vs)
{
	n = strip_parens(n);
	return node_is(n, S_identifier) && node_len(n) == vs->len &&
	       !memcmp(node_ptr(n, vs->text), vs->name, vs->len);
}

/* vs's variable: the one a lock key starts from ("d" of "&d->lock"). */
static void var_of_key(struct var_scan *vs, const char *k)
{
	while (*k == '&' || *k == '*' || *k == '(')
		k++;
	vs->len = pairs_key_root(k, &vs->name);
}

struct call_scan {
	struct run *r;
	uint16_t rule;
	const char *key;
	bool open;
	TSNode *out;
	int n, max;
	bool foreign;		/* a call the rules do not know is handed key */
};

/* Does name[0, len) spell an acquire of cs's rule inside it (a wrapper's
 * name: i915_mutex_lock_interruptible holds mutex_lock)? */
static bool names_acquire(const struct call_scan *cs, const char *name, size_t len)
{
	const struct rule *ru = pairs_rule(cs->r, cs->rule);
	for (size_t i = 0; i < ru->open.n; i++) {
		size_t n = strlen(ru->open.v[i].name);
		if (n >= 6 && n < len && memmem(name, len, ru->open.v[i].name, n))
			return true;
	}
	return false;
}

static bool scan_calls(TSNode n, void *ctx)
{
	struct call_scan *cs = ctx;
	if (!node_is(n, S_call_expression))
		return true;
	const char *text = cs->r->fr->text;
	size_t len;
	const char *name = call_name(n, text, &len);
	int ri, ci;
	bool open;
	TSNode args = node_field(n, "arguments");
	if (name && rules_lookup(name, len, &ri, &ci, &open)) {
		if (ri != cs->rule || open != cs->open || cs->n >= cs->max)
			return true;
		const struct rule *ru = pairs_rule(cs->r, ri);
		const struct rule_call *c = open ? &ru->open.v[ci] : &ru->close.v[ci];
		bool same = !*cs->key;
		if (c->arg >= 0 && (uint32_t)c->arg < ts_node_named_child_count(args)) {
			char *k = key_text(ts_node_named_child(args, (uint32_t)c->arg), text);
			same = !strcmp(k, cs->key);
			free(k);
		}
		if (same)
			cs->out[cs->n++] = n;
		return true;
	}
	uint32_t na = ts_node_named_child_count(args);
	/* the lock's owner handed to a helper out of view named after an
	 * acquire of the rule (i915_mutex_lock_interruptible(dev), in
	 * another file, takes &dev->struct_mutex): it may have taken the
	 * lock (posix_lock(vnode) is no spin_lock()'s) */
	if (*cs->key == '&' && name && !memmem(name, len, "unlock", 6) && names_acquire(cs, name, len) &&
	    pairs_fn_index(cs->r->fr, name, len) < 0) {
		struct var_scan vs = { .text = text };
		var_of_key(&vs, cs->key);
		for (uint32_t a = 0; vs.len && a < na && !cs->foreign; a++)
			cs->foreign = is_var(ts_node_named_child(args, a), &vs);
	}
	/* `&dev->lock` handed to any call; an object that is its own lock
	 * (lock_sock(sk)) only to one named for locking */
	if (*cs->key != '&' && !(name && (memmem(name, len, "lock", 4) || memmem(name, len, "release", 7))))
		return true;
	for (uint32_t a = 0; *cs->key && a < na && !cs->foreign; a++) {
		char *k = key_text(ts_node_named_child(args, a), text);
		cs->foreign = !strcmp(k, cs->key);
		free(k);
	}
	return true;
}

/* The direct calls of fn that open or close `rule` with the object text
 * key ("" for a rule without object): out (at most max). */
static int calls_of(struct run *r, TSNode fn, uint16_t rule, uint16_t key, bool open, TSNode *out,
		    int max, bool *foreign)
{
	struct call_scan cs = { r, rule, r->keys.v[key], open, out, 0, max, false };
	node_walk(node_field(fn, "body"), scan_calls, &cs);
	if (foreign)
		*foreign = cs.foreign;
	return cs.n;
}

/*
 * Does the object the key names stay the same object through the
 * function?  Each variable of it (the root, a subscript's index: not the
 * field names) is assigned, incremented or handed by address to a call
 * nowhere after `from` (a declaration's initialiser is before the lock).
 */
static bool scan_writes(TSNode n, void *ctx)
{
	struct var_scan *vs = ctx;
	if (vs->moved)
		return false;
	TSNode lv = { 0 };
	if (node_is(n, S_assignment_expression))
		lv = node_field(n, "left");
	else if (node_is(n, S_update_expression))
		lv = node_field(n, "argument");
	else if (node_is(n, S_pointer_expression) && node_text_is(node_field(n, "operator"), vs->text, "&") &&
		 node_is(ts_node_parent(n), S_argument_list)) {
		/* handed by address to a call that may change it (the lock
		 * calls themselves take `&m`) */
		size_t len;
		const char *name = call_name(ts_node_parent(ts_node_parent(n)), vs->text, &len);
		int ri, ci;
		bool open;
		if (!name || !rules_lookup(name, len, &ri, &ci, &open))
			lv = node_field(n, "argument");
	}
	if (!ts_node_is_null(lv) && is_var(lv, vs) && ts_node_end_byte(n) > vs->from)
		vs->moved = true;
	return true;
}

static bool key_stable(struct run *r, TSNode fn, const char *key, uint32_t from)
{
	struct var_scan vs = { .text = r->fr->text, .from = from };
	for (const char *p = key; *p;) {
		if (!(isalpha((unsigned char)*p) || *p == '_')) {
			p++;
			continue;
		}
		const char *e = p;
		while (isalnum((unsigned char)*e) || *e == '_')
			e++;
		bool field = (p > key && p[-1] == '.') || (p - key >= 2 && p[-1] == '>' && p[-2] == '-');
		if (!field) {
			vs.name = p;
			vs.len = (size_t)(e - p);
			node_walk(node_field(fn, "body"), scan_writes, &vs);
			if (vs.moved)
				return false;
		}
		p = e;
	}
	return true;
}

/* An if that jumps (goto, return, break, continue) somewhere in n. */
static bool scan_jump(TSNode n, void *ctx)
{
	bool *j = ctx;
	if (node_is(n, S_goto_statement) || node_is(n, S_return_statement) ||
	    node_is(n, S_break_statement) || node_is(n, S_continue_statement))
		*j = true;
	return !*j;
}

/* Does a `break` of loop n's own leave it (not one of a nested loop or
 * switch)? */
static bool scan_break(TSNode n, void *ctx)
{
	bool *b = ctx;
	if (node_is(n, S_break_statement))
		*b = true;
	return !*b && !loop_node(n) && !node_is(n, S_switch_statement);
}

static bool breaks_out(TSNode loop)
{
	bool b = false;
	node_walk(node_field(loop, "body"), scan_break, &b);
	return b;
}

/* Does a test name vs's variable, outside the acquires it makes? */
struct test_scan {
	struct var_scan *vs;
	const TSNode *acq;
	int nacq;
};

static bool names_var(TSNode n, void *ctx)
{
	struct test_scan *ts = ctx;
	for (int i = 0; i < ts->nacq; i++)
		if (ts_node_eq(n, ts->acq[i]))
			return false;
	ts->vs->moved |= is_var(n, ts->vs);
	return !ts->vs->moved;
}

/*
 * Is the release at a label of the exit ladder: its statement labelled, or
 * preceded in its block by a labelled statement, or by a loop that a
 * `break` leaves (the loop's exit joins paths as a label does), or by an
 * `if` without `else` that takes the lock (one of acq) and does not jump
 * (the path that did not take it joins there: hda_codec.c's
 * `if (mout->dig_out_nid) { ... mutex_lock(...); ... } mutex_unlock(...)`;
 * not when its test reads the lock's object, root), with only plain
 * statements (expressions, declarations, an `if` that does not jump) in
 * between?
 */
static bool at_label(TSNode call, const TSNode *acq, int nacq, struct var_scan *root)
{
	TSNode st = call;
	while (!ts_node_is_null(st) && !node_is(st, S_expression_statement))
		st = ts_node_parent(st);
	if (ts_node_is_null(st))
		return false;
	TSNode up = ts_node_parent(st);
	if (node_is(up, S_labeled_statement))
		return true;
	if (!node_is(up, S_compound_statement))
		return false;
	for (TSNode p = ts_node_prev_named_sibling(st); !ts_node_is_null(p);
	     p = ts_node_prev_named_sibling(p)) {
		if (node_is(p, S_labeled_statement) || (loop_node(p) && breaks_out(p)))
			return true;
		bool jumps = false;
		if (node_is(p, S_if_statement)) {
			node_walk(p, scan_jump, &jumps);
			/* (not when the test reads the lock's object: die()'s
			 * `if (die.lock_owner != cpu)` knows whether it holds it) */
			struct test_scan ts = { root, acq, nacq };
			root->moved = false;
			if (root->len)
				node_walk(node_field(p, "condition"), names_var, &ts);
			for (int i = 0; i < nacq && !jumps && !root->moved; i++)
				if (ts_node_is_null(node_field(p, "alternative")) &&
				    contains(p, ts_node_start_byte(acq[i])))
					return true;
		} else if (!node_is(p, S_comment) && !node_is(p, S_expression_statement) &&
			 !node_is(p, S_declaration))
			return false;
		if (jumps)
			return false;
	}
	return false;
}

/* Is every test around the release (an if, a case) also around one of the
 * acquires?  Then it is not a release guarded by a test of its own.  With
 * calls_ok, an `if` of its own whose condition calls a function is a test
 * the walk does not follow (`if (rp->handler(ri, regs))`), not a flag it
 * may have merged (`if (locked)`): allowed. */
static bool scan_call(TSNode n, void *ctx)
{
	bool *c = ctx;
	if (node_is(n, S_call_expression))
		*c = true;
	return !*c;
}

static bool unguarded(TSNode call, const TSNode *acq, int nacq, bool calls_ok)
{
	for (TSNode p = ts_node_parent(call); !ts_node_is_null(p) && !node_is(p, S_function_definition);
	     p = ts_node_parent(p)) {
		if (!node_is(p, S_if_statement) && !node_is(p, S_case_statement) &&
		    !node_is(p, S_conditional_expression))
			continue;
		bool around = false;
		for (int i = 0; i < nacq && !around; i++)
			around = contains(p, ts_node_start_byte(acq[i]));
		if (around)
			continue;
		bool calls = false;
		if (calls_ok && node_is(p, S_if_statement))
			node_walk(node_field(p, "condition"), scan_call, &calls);
		if (!calls)
			return false;
	}
	return true;
}

/* Is call a statement of its own in loop's body, under no test of the
 * loop's (blocks only between them)? */
static bool plain_in(TSNode call, TSNode loop)
{
	TSNode p = ts_node_parent(call);
	if (!node_is(p, S_expression_statement))
		return false;
	for (p = ts_node_parent(p); node_is(p, S_compound_statement); p = ts_node_parent(p))
		;
	return !ts_node_is_null(p) && ts_node_eq(p, loop);
}

/* Is acquire a, in a loop, the loop taking back what its body dropped:
 * one of the releases rel[] comes before it in the same loop, both
 * statements of the loop's body under no test of the loop's?  The loop is
 * then entered and left round with it held, and a path that leaves the
 * body between the two (the `break` after a failed copy) is a real path
 * holding nothing. */
static bool retaken_in_loop(TSNode fn, const region_vec *back, TSNode a, const TSNode *rel, int nrel)
{
	uint32_t lp = loop_of(fn, back, ts_node_start_byte(a));
	TSNode loop = ts_node_parent(a);
	while (!ts_node_is_null(loop) && !loop_node(loop))
		loop = ts_node_parent(loop);
	if (!lp || ts_node_is_null(loop) || ts_node_start_byte(loop) + 1 != lp || !plain_in(a, loop))
		return false;
	for (int i = 0; i < nrel; i++)
		if (ts_node_start_byte(rel[i]) < ts_node_start_byte(a) &&
		    loop_of(fn, back, ts_node_start_byte(rel[i])) == lp && plain_in(rel[i], loop))
			return true;
	return false;
}

static TSNode call_node_at(TSNode fn, uint32_t off)
{
	TSNode n = ts_node_descendant_for_byte_range(fn, off, off + 1);
	while (!ts_node_is_null(n) && !node_is(n, S_call_expression))
		n = ts_node_parent(n);
	return !ts_node_is_null(n) && ts_node_start_byte(n) == off ? n : (TSNode){ 0 };
}

/* --- judging -------------------------------------------------------------- */

#define MAX_SITES 32

/* A release reached after the function released the same lock it took,
 * not taken again: `if (err) mutex_unlock(&m);` missing its return, or a
 * second unlock in a branch after the first (toshiba bt_rfkill_poll(),
 * pre_handler_kretprobe()).  Wherever it is, outside loops, with the
 * shapes the label rule keeps (one object all along, no call the rules
 * do not know handed the lock, no flag-like test of its own). */
/* Does the block that call (the first release) is a statement of end in a
 * statement macro or a call that may not come back (`RCV_SKB_FAIL(-EBUSY);`,
 * `PARSE_ERROR1;`, `gcmkONERROR(status);`, `btrfs_panic(...)`,
 * `arch_reset(0, "kpoc")`)? */
static bool ends_in_exit(const char *text, TSNode call)
{
	TSNode st = ts_node_parent(call);
	if (!node_is(st, S_expression_statement))
		return false;
	TSNode last = st;
	for (TSNode n = ts_node_next_named_sibling(st); !ts_node_is_null(n); n = ts_node_next_named_sibling(n))
		if (!node_is(n, S_comment))
			last = n;
	if (ts_node_eq(last, st) || !node_is(last, S_expression_statement))
		return false;
	TSNode e = ts_node_named_child(last, 0);
	if (node_is(e, S_identifier))
		return true;	/* `PARSE_ERROR1;` */
	if (!node_is(e, S_call_expression))
		return false;
	size_t len;
	const char *name = call_name(e, text, &len);
	if (!name)
		return false;
	/* a macro by its spelling: capitals, or a run of them (gcmkONERROR) */
	bool caps = true;
	size_t run = 0, best = 0;
	for (size_t i = 0; i < len; i++) {
		caps &= !islower((unsigned char)name[i]);
		run = isupper((unsigned char)name[i]) ? run + 1 : 0;
		best = run > best ? run : best;
	}
	caps |= best >= 4;
	static const char *const words[] = { "panic", "reset", "BUG", "die", "halt", "reboot" };
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]) && !caps; i++)
		caps = memmem(name, len, words[i], strlen(words[i])) != NULL;
	return caps;
}

static bool judge_twice(struct run *r, TSNode fn, const region_vec *back, const struct rel_site *st)
{
	TSNode call = call_node_at(fn, st->off);
	TSNode first_rel = call_node_at(fn, st->twice_off);
	if (ts_node_is_null(call) || ts_node_is_null(first_rel) || st->never ||
	    loop_of(fn, back, st->off) || loop_of(fn, back, st->twice_off) ||
	    ends_in_exit(r->fr->text, first_rel))
		return false;
	TSNode acq[MAX_SITES];
	bool foreign = false;
	int nacq = calls_of(r, fn, st->rule, st->key, true, acq, MAX_SITES, &foreign);
	if (!nacq || foreign || !unguarded(call, acq, nacq, true))
		return false;
	uint32_t first = st->off;
	for (int k = 0; k < nacq; k++) {
		uint32_t a = ts_node_start_byte(acq[k]);
		if (loop_of(fn, back, a))
			return false;
		if (a < first)
			first = a;
	}
	if (!key_stable(r, fn, r->keys.v[st->key], first))
		return false;
	unsigned line, col;
	source_pos(r->fr->src, st->twice_off, &line, &col);
	struct held h = { .rule = st->rule, .key = st->key };
	char *hn = held_name(r, &h);
	size_t nl;
	const char *nm = call_name(call, r->fr->text, &nl);
	char *msg = xasprintf("'%s' releases the %s again on a path where it already released it "
			      "(at line %u) and did not take it again", r->g->name, hn, line);
	char *fin = xasprintf("'%.*s' here releases it a second time", (int)nl, nm);
	free(hn);
	pairs_cand(r, st->rule, PC_ALWAYS, C_LOCK_RELEASE_UNHELD, st->off, st->trace, msg, NULL, NULL,
		   fin);
	free(fin);
	return true;
}

/* Is the variable vs->name given a value by a call: its initialiser or an
 * assignment to it calls one, or it is handed by address to one?  Then
 * the lock may come from a function that returned it held (jffs2_create()
 * unlocking the inode jffs2_new_inode() returned locked). */
static bool has_call(TSNode n, void *ctx)
{
	bool *c = ctx;
	*c |= node_is(n, S_call_expression);
	return !*c;
}

static bool scan_from_call(TSNode n, void *ctx)
{
	struct var_scan *vs = ctx;
	TSNode val = { 0 };
	if (node_is(n, S_init_declarator) && is_var(declarator_name(node_field(n, "declarator")), vs))
		val = node_field(n, "value");
	else if (node_is(n, S_assignment_expression) && is_var(node_field(n, "left"), vs))
		val = node_field(n, "right");
	else if (node_is(n, S_pointer_expression) && is_var(node_field(n, "argument"), vs) &&
		 node_is(ts_node_parent(n), S_argument_list))
		vs->moved = true;
	if (!ts_node_is_null(val))
		node_walk(val, has_call, &vs->moved);
	return !vs->moved;
}

/* Does a call of a function named for locking take vs's variable (or an
 * object reached from it: i915_mutex_lock_interruptible(dev) takes
 * &dev->struct_mutex in another file)? */
static bool scan_lock_helper(TSNode n, void *ctx)
{
	struct var_scan *vs = ctx;
	size_t len;
	const char *name = node_is(n, S_call_expression) ? call_name(n, vs->text, &len) : NULL;
	int ri, ci;
	bool open;
	if (!name || !memmem(name, len, "lock", 4) || rules_lookup(name, len, &ri, &ci, &open))
		return !vs->moved;
	TSNode args = node_field(n, "arguments");
	for (uint32_t a = 0; a < ts_node_named_child_count(args) && !vs->moved; a++) {
		char *k = key_text(ts_node_named_child(args, a), vs->text);
		const char *p = k;
		while (*p == '&' || *p == '*' || *p == '(')
			p++;
		vs->moved = !strncmp(p, vs->name, vs->len) && !isalnum((unsigned char)p[vs->len]) &&
			    p[vs->len] != '_';
		free(k);
	}
	return !vs->moved;
}

/* The text of argument k of the call whose `(` is at t[i], blanks and
 * parentheses dropped, into out (size m); false when there is none. */
static bool arg_text(const char *t, size_t n, size_t i, int k, char *out, size_t m)
{
	size_t w = 0;
	int depth = 0, at = 0;
	for (i++; i < n; i++) {
		char c = t[i];
		if (c == '(' || c == '[' || c == '{')
			depth++;
		if ((c == ')' || c == ']' || c == '}') && depth-- == 0)
			break;
		if (c == ',' && !depth) {
			at++;
			continue;
		}
		if (at == k && c != '(' && c != ')' && !isspace((unsigned char)c) && w + 1 < m)
			out[w++] = c;
	}
	out[w] = 0;
	return at >= k && w;
}

bool pairs_file_calls(struct run *r, uint16_t rule, const char *key, bool take)
{
	const char *t = r->fr->src->raw;
	size_t n = r->fr->src->len;
	TSNode fn = r->fr->fns[r->fn];
	uint32_t a = ts_node_start_byte(fn), b = ts_node_end_byte(fn);
	const struct rule *ru = pairs_rule(r, rule);
	for (size_t i = 0; i < n;) {
		if (lex_comment_at(t, n, i)) {
			i = lex_comment(t, n, i, LEX_ESC_ANY);
			continue;
		}
		if (t[i] == '"' || t[i] == '\'') {
			i = lex_quoted(t, n, i, 0);
			continue;
		}
		if (!(isalpha((unsigned char)t[i]) || t[i] == '_')) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < n && (isalnum((unsigned char)t[j]) || t[j] == '_'))
			j++;
		int ri, ci;
		bool open;
		size_t p = j;
		while (p < n && isspace((unsigned char)t[p]))
			p++;
		if ((i < a || i >= b) && p < n && t[p] == '(' &&
		    rules_lookup(t + i, j - i, &ri, &ci, &open) && open == take && ri == rule) {
			char arg[256];
			int k = (open ? ru->open.v[ci] : ru->close.v[ci]).arg;
			if (!key || k < 0 || !arg_text(t, n, p, k, arg, sizeof(arg)) ||
			    pairs_keys_match(key, arg))
				return true;
		}
		i = j;
	}
	return false;
}

/* Is call under an `if` that tests whether a lock is held
 * (`if (sock_owned_by_user(sk)) release_sock(sk);`, mutex_is_locked(),
 * lockdep_is_held())?  The function asks, so it may have been taken where
 * the walk cannot see (l2cap_chan_connect() in another file returns with
 * the socket locked). */
static bool under_held_test(const char *text, TSNode call)
{
	static const char *const tests[] = { "owned_by_user", "is_locked", "_is_held" };
	for (TSNode p = ts_node_parent(call); !ts_node_is_null(p); p = ts_node_parent(p)) {
		if (node_is(p, S_function_definition))
			break;
		TSNode cons = node_field(p, "consequence");
		if (!node_is(p, S_if_statement) || ts_node_start_byte(call) < ts_node_start_byte(cons) ||
		    ts_node_end_byte(call) > ts_node_end_byte(cons))
			continue;
		TSNode c = node_field(p, "condition");
		for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
			if (memmem(node_ptr(c, text), node_len(c), tests[i], strlen(tests[i])))
				return true;
	}
	return false;
}

/*
 * A release no path of the function holds, of a lock it takes nowhere
 * (dvb_dvr_read() unlocking &dmxdev->mutex after its lock was commented
 * out): a helper releasing its caller's lock, unless the function is
 * called from user mode, where nothing holds it.  A candidate the whole
 * tree keeps for an entry point (program_pairs.c; a seq_file ->stop
 * releases what ->start took, and is not one).  Its first such release.
 */
static void judge_entry_release(struct run *r, TSNode fn, const struct rel_site *st)
{
	if (st->held || !st->never || st->twice_off)
		return;
	for (size_t k = 0; k < r->rel.n; k++)
		if (r->rel.v[k].rule == st->rule && r->rel.v[k].key == st->key &&
		    (r->rel.v[k].held || r->rel.v[k].off < st->off))
			return;
	TSNode call = call_node_at(fn, st->off), acq[1];
	bool foreign = false;
	if (ts_node_is_null(call) || calls_of(r, fn, st->rule, st->key, true, acq, 1, &foreign) ||
	    foreign || under_held_test(r->fr->text, call))
		return;
	struct var_scan vs = { .text = r->fr->text };
	var_of_key(&vs, st->key ? r->keys.v[st->key] : "");
	if (vs.len)
		node_walk(node_field(fn, "body"), scan_from_call, &vs);
	if (vs.len && !vs.moved)
		node_walk(node_field(fn, "body"), scan_lock_helper, &vs);
	if (vs.moved || !pairs_file_calls(r, st->rule, st->key ? r->keys.v[st->key] : NULL, true))
		return;
	struct held h = { .rule = st->rule, .key = st->key };
	char *hn = held_name(r, &h);
	size_t nl;
	const char *nm = call_name(call, r->fr->text, &nl);
	char *fin = xasprintf("'%.*s' here without the %s held", (int)nl, nm, hn);
	free(hn);
	/* (held: the key, as lock-unbalanced's, for opened_elsewhere()) */
	pairs_cand(r, st->rule, PC_ENTRY, C_LOCK_RELEASE_UNHELD, st->off, st->trace, NULL,
		   st->key ? xstrdup(r->keys.v[st->key]) : NULL, NULL, fin);
	free(fin);
}

static void judge_release(struct run *r, TSNode fn, const region_vec *back)
{
	const char *text = r->fr->text;
	for (size_t i = 0; i < r->rel.n; i++) {
		const struct rel_site *st = &r->rel.v[i];
		if (st->rule < 32 && (r->unsure_rules & (1u << st->rule)))
			continue;
		bool guessed = false;
		for (size_t k = 0; k < r->unsure_keys.n && !guessed; k++)
			guessed = r->unsure_keys.v[k] == ((uint32_t)st->rule << 16 | st->key);
		if (guessed)
			continue;
		judge_entry_release(r, fn, st);
		if (st->twice_off && st->unheld) {
			bool earlier = false;	/* one report per lock */
			for (size_t k = 0; k < r->rel.n && !earlier; k++)
				earlier = k != i && r->rel.v[k].rule == st->rule &&
					  r->rel.v[k].key == st->key && r->rel.v[k].off < st->off &&
					  (r->rel.v[k].twice_off || (r->rel.v[k].held && r->rel.v[k].unheld));
			if (!earlier && judge_twice(r, fn, back, st))
				continue;
		}
		if (!st->held || !st->unheld)
			continue;
		/* one report per lock: its first release in the text */
		bool earlier = false;
		for (size_t k = 0; k < r->rel.n && !earlier; k++)
			earlier = k != i && r->rel.v[k].held && r->rel.v[k].unheld &&
				  r->rel.v[k].rule == st->rule && r->rel.v[k].key == st->key &&
				  r->rel.v[k].off < st->off;
		if (earlier)
			continue;
		TSNode call = call_node_at(fn, st->off);
		TSNode acq[MAX_SITES];
		bool foreign = false;
		int nacq = ts_node_is_null(call) ? 0 : calls_of(r, fn, st->rule, st->key, true, acq,
								  MAX_SITES, &foreign);
		struct var_scan root = { .text = text };
		var_of_key(&root, st->key ? r->keys.v[st->key] : "");
		if (!nacq || !at_label(call, acq, nacq, &root) || loop_of(fn, back, st->off) || foreign ||
		    !unguarded(call, acq, nacq, false))
			continue;
		TSNode rel[MAX_SITES];
		int nrel = calls_of(r, fn, st->rule, st->key, false, rel, MAX_SITES, NULL);
		uint32_t first = st->off;
		bool looped = false, outside = false;
		for (int k = 0; k < nacq; k++) {
			uint32_t a = ts_node_start_byte(acq[k]);
			bool in = loop_of(fn, back, a) != 0;
			outside |= !in;
			looped |= in && !retaken_in_loop(fn, back, acq[k], rel, nrel);
			if (a < first)
				first = a;
		}
		if (looped || !outside || !key_stable(r, fn, r->keys.v[st->key], first))
			continue;
		unsigned line, col;
		source_pos(r->fr->src, st->taken_off, &line, &col);
		struct held h = { .rule = st->rule, .key = st->key };
		char *hn = held_name(r, &h);
		size_t nl;
		const char *nm = call_name(call, text, &nl);
		char *msg = xasprintf("'%s' releases the %s on a path where it was not taken "
				      "(it is taken at line %u on other paths)", r->g->name, hn, line);
		char *fin = xasprintf("'%.*s' here without the %s held", (int)nl, nm, hn);
		free(hn);
		pairs_cand(r, st->rule, PC_ALWAYS, C_LOCK_RELEASE_UNHELD, st->off, st->trace, msg,
			   NULL, NULL, fin);
		free(fin);
	}
}

/* The calls of fn between byte a and b to functions neither of this file
 * nor of a rule ("f g h"), for the whole tree to look up (PC_NO_DROP). */
struct between_scan {
	struct run *r;
	uint32_t a, b;
	struct strbuf names;
};

static bool scan_between(TSNode n, void *ctx)
{
	struct between_scan *bs = ctx;
	if (ts_node_end_byte(n) <= bs->a || ts_node_start_byte(n) >= bs->b)
		return false;
	if (!node_is(n, S_call_expression) || ts_node_start_byte(n) <= bs->a)
		return true;
	size_t len;
	const char *name = call_name(n, bs->r->fr->text, &len);
	int ri, ci;
	bool open;
	if (name && *name != '.' && !rules_lookup(name, len, &ri, &ci, &open) &&
	    pairs_fn_index(bs->r->fr, name, len) < 0 && bs->names.len < 4000) {
		if (bs->names.len)
			strbuf_addc(&bs->names, ' ');
		strbuf_add(&bs->names, name, len);
	}
	return true;
}

static void judge_reacquire(struct run *r, TSNode fn, const region_vec *back)
{
	for (size_t i = 0; i < r->reacq.n; i++) {
		const struct rel_site *st = &r->reacq.v[i];
		/* a trylock's result kept in a flag: the walk may hold it where
		 * the code knows it failed */
		if (st->rule < 32 && (r->cond_rules & (1u << st->rule)))
			continue;
		uint32_t lp = loop_of(fn, back, st->off);
		if (lp != loop_of(fn, back, st->taken_off) || (lp && st->taken_off > st->off))
			continue;
		TSNode acq[MAX_SITES];
		bool foreign = false;
		calls_of(r, fn, st->rule, st->key, true, acq, MAX_SITES, &foreign);
		uint32_t first = st->taken_off < st->off ? st->taken_off : st->off;
		if (foreign || !key_stable(r, fn, r->keys.v[st->key], first))
			continue;
		unsigned line, col;
		source_pos(r->fr->src, st->taken_off, &line, &col);
		struct held h = { .rule = st->rule, .key = st->key };
		char *hn = held_name(r, &h);
		char *msg = xasprintf("'%s' acquires the %s again while it is held since line %u: "
				      "it does not nest, so the task deadlocks on itself",
				      r->g->name, hn, line);
		free(hn);
		struct between_scan bs = { r, st->taken_off, st->off, { 0 } };
		strbuf_init(&bs.names);
		node_walk(node_field(fn, "body"), scan_between, &bs);
		pairs_cand(r, st->rule, PC_NO_DROP, C_LOCK_DOUBLE_ACQUIRE, st->off, st->trace, msg,
			   NULL, strbuf_detach(&bs.names), "acquired again here while held");
		strbuf_release(&bs.names);
	}
}

void rel_judge(struct run *r)
{
	if (!r->rel.n && !r->reacq.n)
		return;
	TSNode fn = r->fr->fns[r->fn];
	region_vec back = {0};
	struct label_scan ls = { .text = r->fr->text, .out = &back };
	node_walk(node_field(fn, "body"), scan_labels, &ls);
	if (ls.labels.n)
		node_walk(node_field(fn, "body"), scan_gotos, &ls);
	VEC_FREE(ls.labels);
	size_t kept = 0;
	for (size_t i = 0; i < back.n; i++)
		if (goto_loops(r->g, back.v[i].goto_at))
			back.v[kept++] = back.v[i];
	back.n = kept;
	judge_release(r, fn, &back);
	judge_reacquire(r, fn, &back);
	VEC_FREE(back);
}

/* The text of the object a call of rule `rule` names (its rule_call's
 * argument), blanks and parentheses dropped, and with subscripts dropped
 * too when `subscripts` is false (`&a[i].lock` -> `&a[].lock`); NULL when
 * the call is not one of the rule's own (*own false) or names no object
 * (a counter, lock_kernel()). */
char *pairs_object_text(struct run *r, TSNode call, uint16_t rule, bool subscripts, bool *own)
{
	size_t len;
	const char *name = call_name(call, r->fr->text, &len);
	int ri, ci;
	bool open;
	*own = name && rules_lookup(name, len, &ri, &ci, &open) && ri == rule;
	if (!*own)
		return NULL;
	const struct rule *ru = pairs_rule(r, rule);
	int a = (open ? ru->open.v[ci] : ru->close.v[ci]).arg;
	TSNode args = node_field(call, "arguments");
	if (a < 0 || (uint32_t)a >= ts_node_named_child_count(args))
		return NULL;
	char *t = node_text_nospace(ts_node_named_child(args, (uint32_t)a), r->fr->text);
	size_t w = 0;
	int depth = 0;
	for (size_t k = 0; t[k]; k++) {
		if (t[k] == '(' || t[k] == ')')
			continue;
		if (subscripts) {
			t[w++] = t[k];
			continue;
		}
		depth += t[k] == '[';
		if (!depth || t[k] == '[')
			t[w++] = t[k];
		depth -= t[k] == ']' && depth;
		if (t[k] == ']' && !depth)
			t[w++] = ']';
	}
	t[w] = 0;
	return t;
}

/* Do calls a and b of rule name the same object, subscripts aside
 * (`&a[i].lock` and `&a[j].lock`: unwinding an array)?  Calls that name
 * no object (lock_kernel()) name the one object there is; a helper of the
 * file that takes or releases it may be any. */
bool pairs_same_object(struct run *r, uint16_t rule, TSNode a, TSNode b)
{
	bool own[2];
	char *s[2] = { pairs_object_text(r, a, rule, false, &own[0]),
		       pairs_object_text(r, b, rule, false, &own[1]) };
	bool same = !s[0] || !s[1] || !strcmp(s[0], s[1]);
	free(s[0]);
	free(s[1]);
	return same;
}
