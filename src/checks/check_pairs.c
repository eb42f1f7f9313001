// SPDX-License-Identifier: GPL-2.0
/*
 * Paired-state rules over one file (see check_pairs.h).
 *
 * This file runs the rounds over a file's functions (a helper first, then
 * its callers again while summaries change), sums each function up for
 * its callers (what it leaves open or closes, keys relative to its
 * parameters) and judges its exits: pair-unbalanced, lock-held-return.
 * The walk of one function is check_pairs_walk.c, on the dataflow driver.
 */
#include "check_pairs_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "macros.h"
#include "pipeline.h"

#define ROUNDS 4

/* The run's look-ups of a file: whether objtool never sees it (another
 * architecture's code: arch/ other than x86 and um; or x86 code built only
 * for 32-bit, `arch/x86/lib/usercopy_32.c`: objtool validates x86-64
 * objects; or a kernel older than 3.7, where no window sets EFLAGS.AC)
 * and its functions by name. */
void pairs_frun_index(struct frun *fr, const char *path)
{
	const struct file_facts *ff = fr->ff;
	size_t n = ff->fns.n;
	const char *arch = strstr(path, "arch/");
	if (arch && (arch == path || arch[-1] == '/'))
		fr->no_objtool = (strncmp(arch + 5, "x86/", 4) != 0 && strncmp(arch + 5, "um/", 3) != 0) ||
				 (!strncmp(arch + 5, "x86/", 4) && strlen(path) > 5 &&
				  !strcmp(path + strlen(path) - 5, "_32.c"));
	if (fr->o->kernel_version && fr->o->kernel_version < KERNEL_WITH_STAC)
		fr->no_objtool = true;
	fr->nslots = 16;
	while (fr->nslots < n * 2)
		fr->nslots *= 2;
	fr->by_hash = xcalloc(fr->nslots, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++) {
		const char *nm = ff->fns.v[i].name;
		uint32_t h = (uint32_t)hash_bytes(nm, strlen(nm), 3) & (uint32_t)(fr->nslots - 1);
		while (fr->by_hash[h])
			h = (h + 1) & (uint32_t)(fr->nslots - 1);
		fr->by_hash[h] = (uint32_t)i + 1;
	}
}

/* --- judging and summing up --------------------------------------------- */

static bool exit_has_rule(const struct pexit *e, uint16_t rule)
{
	for (int i = 0; i < e->nheld; i++)
		if (e->h[i].rule == rule && !e->h[i].owed)
			return true;
	return false;
}

/*
 * A function returning a pointer: the object (locked) where it holds
 * `rule`, and only NULL, or only ERR_PTR(), where it does not (what the
 * paths know of a returned variable counts: `if (!IS_ERR(b)) goto out;`).
 * Its callers then hold the lock when the result is non-NULL / no error.
 */
static bool pointer_contract(const struct run *r, uint16_t rule, uint8_t *acq)
{
	if (!node_is(node_field(r->fr->fns[r->fn], "declarator"), S_pointer_declarator))
		return false;
	unsigned with = 0, without = 0;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		if (exit_has_rule(e, rule))
			with |= 1u << e->pclass;
		else
			without |= 1u << e->pclass;
	}
	unsigned fail = (1u << RC_ZERO) | (1u << RC_NEG);
	if (!with || (with & fail) || !without || (without & ~fail) || without == fail)
		return false;
	*acq = without == (1u << RC_ZERO) ? ACQ_NONZERO : ACQ_NOTERR;
	return true;
}

/* Do the exits that hold `rule` return other values than those that do
 * not (a helper whose result says whether it took the state)?  Sets *acq. */
static bool correlated(const struct run *r, uint16_t rule, uint8_t *acq)
{
	unsigned with = 0, without = 0;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		if (exit_has_rule(e, rule) && e->returns_acq) {
			*acq = e->ret_acq;
			return true;
		}
		if (exit_has_rule(e, rule))
			with |= 1u << e->rclass;
		else
			without |= 1u << e->rclass;
	}
	if (!with || !without || ((with | without) & (1u << RC_UNK)) || (with & without))
		return pointer_contract(r, rule, acq);
	*acq = (with & (1u << RC_ZERO)) ? ACQ_ZERO : ACQ_NONZERO;
	return true;
}

/* Is the key's root (the identifier root[0, len)) what every exit that
 * holds the lock of key returns (`return b;` with b->lock held)? */
static bool returned_root(const struct run *r, uint16_t key, const char *root, size_t len)
{
	bool any = false;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		bool holds = false;
		for (int k = 0; k < e->nheld; k++)
			holds |= e->h[k].key == key && !e->h[k].owed;
		if (!holds)
			continue;
		const char *t = r->fr->text + e->off;
		if (strncmp(t, "return", 6))
			return false;
		t += 6;
		while (isspace((unsigned char)*t) || *t == '(')
			t++;
		if (strncmp(t, root, len) || isalnum((unsigned char)t[len]) || t[len] == '_')
			return false;
		any = true;
	}
	return any;
}

/* A key relative to the function's parameters ("$0->lock") or to its
 * result ("$R->lock"), else its text. */
static const char *sum_key(struct run *r, uint16_t key, struct arena *a)
{
	const char *k = r->keys.v[key];
	size_t pre = 0;
	while (k[pre] == '&' || k[pre] == '*')
		pre++;
	size_t e = pre;
	while (isalnum((unsigned char)k[e]) || k[e] == '_')
		e++;
	int p = df_param_index(&r->params, k + pre, e - pre);
	if (p < 0 && returned_root(r, key, k + pre, e - pre)) {
		/* the lock of the object it returns: "$R->lock", in the
		 * caller's terms the variable the result goes to */
		char *s = xasprintf("%.*s$R%s", (int)pre, k, k + e);
		const char *out = arena_strndup(a, s, strlen(s));
		free(s);
		return out;
	}
	if (p < 0)
		return arena_strndup(a, k, strlen(k));
	char *s = xasprintf("%.*s$%d%s", (int)pre, k, p, k + e);
	const char *out = arena_strndup(a, s, strlen(s));
	free(s);
	return out;
}

static void summarize(struct run *r, struct pair_sum *sum, struct arena *a)
{
	memset(sum, 0, sizeof(*sum));
	sum->known = true;
	if (r->d.budget_hit || !r->exits.n)
		return;
	for (size_t i = 0; i < r->exits.n; i++)
		sum->rets |= (uint8_t)(1u << r->exits.v[i].rclass);
	/* opens: held at every exit, or at the exits of one kind of result */
	VEC(struct held) cand = {0};
	for (size_t i = 0; i < r->exits.n; i++)
		for (int k = 0; k < r->exits.v[i].nheld; k++) {
			const struct held *h = &r->exits.v[i].h[k];
			if (h->owed)
				continue;
			bool dup = false;
			for (size_t m = 0; m < cand.n; m++)
				dup |= cand.v[m].rule == h->rule && cand.v[m].key == h->key;
			if (!dup)
				VEC_PUSH(cand, *h);
		}
	for (size_t m = 0; m < cand.n; m++)
		if (cand.v[m].rule < 32 && pairs_rule(r, cand.v[m].rule)->check == C_LOCK_HELD_RETURN)
			sum->partial |= 1u << cand.v[m].rule;
	for (size_t m = 0; m < cand.n && sum->n < MAX_ITEMS; m++) {
		const struct held *h = &cand.v[m];
		bool all = true;
		for (size_t i = 0; i < r->exits.n && all; i++) {
			bool here = false;
			for (int k = 0; k < r->exits.v[i].nheld; k++)
				here |= held_eq(&r->exits.v[i].h[k], h);
			all = here;
		}
		uint8_t acq = ACQ_ALWAYS;
		bool told = correlated(r, h->rule, &acq);
		if (!all && !told)
			continue;
		if (all && !told)
			acq = ACQ_ALWAYS;
		const char *key = h->key ? sum_key(r, h->key, a) : NULL;
		/* an exit that returns with it, an error return first: the note
		 * a caller in another file shows */
		uint32_t exit_off = 0;
		for (int pass = acq == ACQ_ZERO; pass < 2 && !exit_off; pass++)
			for (size_t i = 0; i < r->exits.n && !exit_off; i++)
				for (int k = 0; k < r->exits.v[i].nheld; k++)
					if (held_eq(&r->exits.v[i].h[k], h) &&
					    (pass || r->exits.v[i].rclass == RC_NEG))
						exit_off = r->exits.v[i].off;
		sum->it[sum->n++] = (struct pair_item){ .rule = h->rule, .acq = acq, .key = key,
							.open_off = h->off, .exit_off = exit_off };
		if (all && h->rule < 32)	/* held on every path: the item tells it all */
			sum->partial &= ~(1u << h->rule);
	}
	VEC_FREE(cand);
	/* what the walk closed by a guessed alias may be held still (lock rules
	 * only): __d_materialise_dentry() releasing &anon->d_parent->d_lock, a
	 * lock dentry_lock_for_move() takes on some paths, is not a release of
	 * &anon->d_lock */
	sum->partial |= r->guessed_close;
	for (size_t i = 0; i < r->closes.n && sum->n < MAX_ITEMS; i++) {
		struct pair_item it = r->closes.v[i];
		if (it.key) {
			uint16_t k = 0;
			for (size_t j = 1; j < r->keys.n; j++)
				if (!strcmp(r->keys.v[j], it.key))
					k = (uint16_t)j;
			it.key = k ? sum_key(r, k, a) : NULL;
		}
		sum->it[sum->n++] = it;
	}
}

static bool sum_eq(const struct pair_sum *a, const struct pair_sum *b)
{
	if (a->known != b->known || a->n != b->n || a->rets != b->rets)
		return false;
	for (int i = 0; i < a->n; i++) {
		const struct pair_item *x = &a->it[i], *y = &b->it[i];
		if (x->rule != y->rule || x->acq != y->acq || x->close != y->close ||
		    !x->key != !y->key || (x->key && strcmp(x->key, y->key)))
			return false;
	}
	return true;
}

/* Is the function itself part of a rule's API, or annotated as taking or
 * releasing a lock?  Then its exits are its purpose, not a fault. */
static bool exempt(struct run *r)
{
	int ri, ci;
	bool o;
	const char *name = r->g->name;
	if (rules_lookup(name, strlen(name), &ri, &ci, &o))
		return true;
	TSNode fn = r->fr->fns[r->fn];
	TSNode body = node_field(fn, "body");
	uint32_t a = ts_node_start_byte(fn);
	uint32_t b = ts_node_is_null(body) ? a : ts_node_start_byte(body);
	const char *raw = r->fr->src->raw;
	return b > a && (memmem(raw + a, b - a, "__acquires", 10) ||
			 memmem(raw + a, b - a, "__cond_acquires", 15) ||
			 memmem(raw + a, b - a, "__releases", 10) ||
			 memmem(raw + a, b - a, "__must_hold", 11));
}

static bool opener_name(const char *name)
{
	static const char *const tails[] = { "_begin", "_start", "_enter", "_lock", "_get",
					     "_disable", "_acquire", "_save", "_map", "_map_object" };
	size_t n = strlen(name);
	for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		size_t t = strlen(tails[i]);
		if (n > t && !strcmp(name + n - t, tails[i]))
			return true;
	}
	return false;
}

/* A name that says it opens a section for its caller (foo_begin(),
 * foo_enter(), foo_acquire()).  Narrower than opener_name(): a lock held
 * on some exits of foo_start() or foo_get() (p9_mux_poll_start(), a
 * mac80211 .start op, hwmp_route_info_get()) is a missed unlock like any
 * other; _get takes a reference, _start starts a device. */
static bool lock_opener_name(const char *name)
{
	static const char *const tails[] = { "_begin", "_enter", "_acquire" };
	size_t n = strlen(name);
	for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		size_t t = strlen(tails[i]);
		if (n > t && !strcmp(name + n - t, tails[i]))
			return true;
	}
	return false;
}

/* Does the function initialise the lock key[0, len) (mutex_init(&dev->lock),
 * spin_lock_init(), init_rwsem())?  Then it built the object: freeing it
 * with the lock held on an error path is the missed unlock of a probe, not
 * the end of an object's life. */
static bool inits_lock(struct run *r, TSNode n, const char *key, int depth)
{
	if (depth > 200)
		return false;
	if (node_is(n, S_call_expression)) {
		size_t cl;
		const char *c = call_name(n, r->fr->text, &cl);
		TSNode args = node_field(n, "arguments");
		if (c && memmem(c, cl, "init", 4) && ts_node_named_child_count(args)) {
			char *t = node_text_nospace(ts_node_named_child(args, 0), r->fr->text);
			bool same = !strcmp(t, key);
			free(t);
			if (same)
				return true;
		}
	}
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		if (inits_lock(r, ts_node_named_child(n, i), key, depth + 1))
			return true;
	return false;
}

/* Does the function free or destroy the object that the lock p[0, len)
 * ("dev->priv->lock") lives in (kfree(dev), foo_destroy(dev->priv)), by a
 * call between bytes from and to (the acquire and the exit that holds it:
 * tg3_open()'s tg3_free_consistent(tp) on later error paths does not end
 * the lock its first error return keeps)?  The lock ends with it. */
static bool frees_object(struct run *r, TSNode n, const char *p, size_t len, uint32_t from,
			 uint32_t to, int depth)
{
	if (depth > 64 || ts_node_end_byte(n) <= from || ts_node_start_byte(n) >= to)
		return false;
	if (node_is(n, S_call_expression)) {
		size_t cl;
		const char *c = call_name(n, r->fr->text, &cl);
		if (c && (memmem(c, cl, "free", 4) || memmem(c, cl, "destroy", 7))) {
			TSNode args = node_field(n, "arguments");
			uint32_t na = ts_node_named_child_count(args);
			for (uint32_t a = 0; a < na && a < 4; a++) {
				char *t = node_text_nospace(ts_node_named_child(args, a), r->fr->text);
				size_t an = strlen(t);
				/* kfree(dev) or kfree(dev->priv) for &dev->priv->lock,
				 * not vfree(dev->buf) */
				bool same = an <= len && !memcmp(t, p, an) &&
					    (an == len || p[an] == '-' || p[an] == '.');
				free(t);
				if (same)
					return true;
			}
		}
	}
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		if (frees_object(r, ts_node_named_child(n, i), p, len, from, to, depth + 1))
			return true;
	return false;
}

/* The class judge_unbalanced reads of an exit: what the path knows. */
static uint8_t eclass(const struct pexit *e)
{
	return e->pclass;
}

/*
 * Does the result tell the caller whether `rule` is still held?  As
 * correlated(), with what the paths know of returned variables, but a lock
 * kept only where an error (or a variable tested non-zero) is returned is
 * not a contract: it is the missing unlock on an error path.  A function
 * returning a pointer tells when it returns NULL or an ERR_PTR() exactly
 * where it released the lock (foo_lookup_locked()).
 */
static bool result_tells(const struct run *r, uint16_t rule)
{
	unsigned with = 0, without = 0;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		if (exit_has_rule(e, rule) && e->returns_acq)
			return true;
		if (exit_has_rule(e, rule))
			with |= 1u << eclass(e);
		else
			without |= 1u << eclass(e);
	}
	TSNode d = node_field(r->fr->fns[r->fn], "declarator");
	unsigned fail = (1u << RC_ZERO) | (1u << RC_NEG);
	if (node_is(d, S_pointer_declarator) && with && without && !(with & fail) && !(without & ~fail))
		return true;
	if (!with || !without || ((with | without) & (1u << RC_UNK)) || (with & without))
		return false;
	return (with & ~((1u << RC_NEG) | (1u << RC_NZ))) != 0;
}

/* Does one of the release calls rel[] close the object key (`up(&a->sem)`
 * for "&a->sem")?  A helper of the file that closes the rule counts. */
static bool releases_key(struct run *r, const TSNode *rel, int nrel, uint16_t rule, uint16_t key)
{
	for (int i = 0; i < nrel; i++) {
		bool own;
		char *t = pairs_object_text(r, rel[i], rule, true, &own);
		if (!own) {
			/* a helper of the file whose summary closes it (not a
			 * name that only says "unlock"), an object that may be
			 * this one (not cpci_stop_thread()'s other semaphore) */
			size_t len;
			const char *name = call_name(rel[i], r->fr->text, &len);
			int j = name ? pairs_fn_index(r->fr, name, len) : -1;
			for (int k = 0; j >= 0 && k < r->fr->sums[j].n; k++) {
				const struct pair_item *it = &r->fr->sums[j].it[k];
				if (it->close && it->rule == rule &&
				    (!key || !it->key || pairs_may_alias(it->key, r->keys.v[key])))
					return true;
			}
			continue;
		}
		bool same = !key || !t || !strcmp(t, r->keys.v[key]);
		free(t);
		if (same)
			return true;
	}
	return false;
}

/* Is the function void (no exit returns a value)? */
static bool void_fn(const struct run *r)
{
	TSNode fn = r->fr->fns[r->fn];
	return node_text_is(node_field(fn, "type"), r->fr->text, "void") &&
	       !node_is(node_field(fn, "declarator"), S_pointer_declarator);
}

/* Was the object key of rule opened again while held, on some path? */
static bool retaken(const struct run *r, uint16_t rule, uint16_t key)
{
	for (size_t i = 0; key && i < r->retaken.n; i++)
		if (r->retaken.v[i] == ((uint32_t)rule << 16 | key))
			return true;
	return false;
}

/* The result classes (bit RC_*) of the exits that hold h, and of those
 * that do not. */
static void exit_classes(const struct run *r, const struct held *h, unsigned *with,
			 unsigned *without)
{
	*with = *without = 0;
	for (size_t m = 0; m < r->exits.n; m++) {
		bool here = false;
		for (int k = 0; k < r->exits.v[m].nheld; k++)
			here |= held_eq(&r->exits.v[m].h[k], h);
		*(here ? with : without) |= 1u << eclass(&r->exits.v[m]);
	}
}

/*
 * A `balanced` rule (semaphores: down() in open() and up() in release(),
 * down() in a request and up() in its completion): is h, held at an exit,
 * a leak?  Only where the function itself releases the same object on
 * another path, never takes it while it holds it (down(); submit; down()
 * again is a wait for the completion's up()), the acquire is no protocol (see protocol()), and
 * the results show it: one value returned both holding it and not (false
 * from a failed down_interruptible() and from a failed read after it), or
 * it kept only where an error is returned.  A semaphore kept on success
 * and given back on error is handed on; so may be one kept where the value
 * is unknown.  A void function cannot show it: *shown says so, and then
 * another function that releases it takes it over (pairs_file).
 */
static bool balanced_leak(struct run *r, const struct held *h, bool *shown)
{
	*shown = false;
	unsigned with, without;
	exit_classes(r, h, &with, &without);
	if (!without || result_tells(r, h->rule))
		return false;
	TSNode fn = r->fr->fns[r->fn];
	TSNode rel[16];
	int nrel = 0;
	pairs_releases_of(r, fn, h->rule, rel, &nrel, 16, 0);
	if (!releases_key(r, rel, nrel, h->rule, h->key) || retaken(r, h->rule, h->key))
		return false;
	TSNode acq = pairs_call_at(fn, h->off);
	if (!ts_node_is_null(acq) && pairs_protocol(r, acq, rel, nrel, h->rule))
		return false;
	if (starts_other_context(r, node_field(fn, "body"), h->off, 0))
		return false;
	if (void_fn(r))
		return true;
	/* (a value only tested non-zero may be a count: not an error here) */
	*shown = (with & without & ~((1u << RC_UNK) | (1u << RC_NZ))) || with == 1u << RC_NEG;
	return *shown;
}

/*
 * A semaphore the function takes and itself releases on other paths, that
 * no other function of the file releases (no down() in ->open for the
 * up() of ->release, no up() in an interrupt handler for a down() that
 * waits): at an entry point, an exit that keeps it down is a leak as a
 * mutex's is, whatever the results say (ufs_quota_write()'s `if (len ==
 * towrite) return err;` with inode->i_sem down).
 */
static bool sem_own(struct run *r, const struct held *h)
{
	unsigned with, without;
	exit_classes(r, h, &with, &without);
	if (!h->key || !without || retaken(r, h->rule, h->key))
		return false;
	TSNode rel[16];
	int nrel = 0;
	pairs_releases_of(r, r->fr->fns[r->fn], h->rule, rel, &nrel, 16, 0);
	return releases_key(r, rel, nrel, h->rule, h->key) &&
	       !pairs_file_calls(r, h->rule, r->keys.v[h->key], false);
}

/* A name that says it takes or hands a lock: lock_media_bay(),
 * drm_modeset_lock_all(), foo_trylock_bar(), foo_locked(). */
static bool lock_word(const char *name)
{
	static const char *const words[] = { "lock", "trylock", "locked", "relock", "lock2" };
	for (const char *p = name; *p;) {
		size_t n = strcspn(p, "_");
		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (n == strlen(words[i]) && !strncmp(p, words[i], n))
				return true;
		p += n;
		while (*p == '_')
			p++;
	}
	return false;
}

/* Is the statement macro named at `at` (`LOCK_FDC(drive, 1);`) defined in
 * this file, so that its return is in view as much as the function's own? */
static bool macro_defined_here(struct frun *fr, const char *at)
{
	size_t n = 0;
	while (isalnum((unsigned char)at[n]) || at[n] == '_')
		n++;
	return n && pairs_own_macro(fr, at, n);
}

/*
 * Does the function release, on some path, the lock h names without having
 * taken it (the caller's, held since an earlier call)?  Then it is one step
 * of a protocol across calls: a read that returns with its locks held while
 * *cookie says more is to come and releases them in the call that finishes
 * (n_tty_read()), an iterator that hands the RCU read lock from one call to
 * the next (a seq_file's find_next()).
 */
static bool continues(const struct run *r, const struct held *h)
{
	const char *k = h->key ? r->keys.v[h->key] : NULL;
	for (size_t i = 0; i < r->closes.n; i++) {
		const struct pair_item *c = &r->closes.v[i];
		if (c->rule == h->rule && !c->key == !k && (!k || !strcmp(c->key, k)))
			return true;
	}
	return false;
}

/* A release of h's object that no path reaches: a statement after a
 * `return` in its block, or a null node. */
static TSNode dead_release(struct run *r, TSNode fn, const struct held *h)
{
	TSNode rel[16];
	int nrel = 0;
	pairs_releases_of(r, fn, h->rule, rel, &nrel, 16, 0);
	for (int i = 0; i < nrel; i++) {
		bool own;
		char *t = pairs_object_text(r, rel[i], h->rule, true, &own);
		bool same = own && (!h->key || (t && !strcmp(t, r->keys.v[h->key])));
		free(t);
		TSNode st = ts_node_parent(rel[i]);
		if (!same || !node_is(st, S_expression_statement))
			continue;
		for (TSNode p = ts_node_prev_named_sibling(st); !ts_node_is_null(p);
		     p = ts_node_prev_named_sibling(p))
			if (node_is(p, S_return_statement))
				return rel[i];
			else if (node_is(p, S_labeled_statement) || node_is(p, S_case_statement))
				break;	/* a jump lands here */
	}
	return (TSNode){ 0 };
}

/*
 * lock-unbalanced, the lock never released: a void function takes a lock
 * that its file defines (pairs_file_defines()), outside loops, and holds it
 * at every exit where it was taken (all, or those of a conditional acquire's
 * success) with no release of its kind anywhere in its body (the caller
 * found none: any might be this one), while other functions of the file
 * release it (ax25_send_to_raw() of 2.6: `spin_lock_bh(&ax25_list_lock)`
 * and no unlock).  A function that hands it over (a _start() whose
 * _stop() releases it) is excused later (handed_over(), by a function
 * named as its partner only); one named to take it never gets here.
 */
static bool never_released(struct run *r, TSNode fn, const struct held *h)
{
	if (!h->key || !void_fn(r))
		return false;
	const char *k = r->keys.v[h->key];
	if (k[0] != '&')
		return false;
	size_t n = strlen(k + 1);
	for (size_t i = 1; k[i]; i++)
		if (!isalnum((unsigned char)k[i]) && k[i] != '_')
			return false;
	TSNode acq = pairs_call_at(fn, h->off);
	if (ts_node_is_null(acq) || pairs_in_loop(acq))
		return false;
	if (!pairs_file_defines(r->fr, fn, k + 1, n))
		return false;
	TSNode root = fn;
	while (!ts_node_is_null(ts_node_parent(root)))
		root = ts_node_parent(root);
	TSNode rel[16];
	int nrel = 0;
	pairs_releases_of(r, root, h->rule, rel, &nrel, 16, 0);
	return releases_key(r, rel, nrel, h->rule, h->key);
}

/*
 * lock-unbalanced: a lock held at some exits and released before others
 * (by the function itself), with a result that does not tell the caller
 * which, in a function that is not part of a lock API, not annotated, not
 * named to take it.  One candidate per function, at the first exit (in the
 * text) that holds it, its key in `held` for pairs_file; program.c drops
 * it for an entry point (lock-held-return reports those exits) and when
 * a callee elsewhere or the callers release.
 */
static void judge_unbalanced(struct run *r)
{
	if (!r->fr->o->enabled[C_LOCK_UNBALANCED] || lock_opener_name(r->g->name) ||
	    lock_word(r->g->name))
		return;
	const struct pexit *best = NULL;
	const struct held *bh = NULL;
	TSNode dead = { 0 };
	bool never = false;
	TSNode fn = r->fr->fns[r->fn];
	TSNode rel[16];
	int nrel = 0;
	uint16_t rel_rule = 0xffff;
	bool shown = false;	/* a balanced rule's leak the results show */
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		const char *at = r->fr->text + e->off;
		if (e->returns_acq || (best && e->off >= best->off))
			continue;
		/* a statement macro that may return: its body is out of view,
		 * unless the file defines it (floppy.c's LOCK_FDC()) */
		if (*at != '}' && strncmp(at, "return", 6) && !macro_defined_here(r->fr, at))
			continue;
		for (int k = 0; k < e->nheld; k++) {
			const struct held *h = &e->h[k];
			if (h->owed || h->cskip || pairs_rule(r, h->rule)->check != C_LOCK_HELD_RETURN ||
			    flow_non_owner(r, h->off) || continues(r, h))
				continue;
			bool mixed = false;
			for (size_t m = 0; m < r->exits.n && !mixed; m++)
				mixed = !exit_has_rule(&r->exits.v[m], h->rule);
			if (!mixed) {
				/* held at every exit, but meant to be released:
				 * its release sits after the return (mv64x60_read()) */
				TSNode d = dead_release(r, fn, h);
				if (!ts_node_is_null(d)) {
					best = e;
					bh = h;
					dead = d;
					break;
				}
			} else if (result_tells(r, h->rule)) {
				continue;
			}
			if (rel_rule != h->rule) {
				nrel = 0;
				pairs_releases_of(r, fn, h->rule, rel, &nrel, 16, 0);
				rel_rule = h->rule;
			}
			/* released on others: by the function, not only by an exit
			 * before the lock was taken; released on none (held at
			 * every exit, or taken on some paths only: `if
			 * (atomic_dec_and_lock(&d->ref, &list_lock)) {
			 * list_del(&d->node); }` and no unlock), never */
			if (!nrel || !mixed) {
				if (!nrel && never_released(r, fn, h)) {
					best = e;
					bh = h;
					never = true;
					break;
				}
				continue;
			}
			shown = false;
			if (pairs_rule(r, h->rule)->balanced && !balanced_leak(r, h, &shown))
				continue;
			TSNode acq = pairs_call_at(fn, h->off);
			if (!ts_node_is_null(acq) && pairs_protocol(r, acq, rel, nrel, h->rule))
				continue;
			const char *kp = h->key ? r->keys.v[h->key] : "";
			while (*kp == '&' || *kp == '*')
				kp++;
			if (*kp && frees_object(r, fn, kp, strlen(kp), h->off, e->off, 0) &&
			    !inits_lock(r, fn, r->keys.v[h->key], 0))
				continue;
			best = e;
			bh = h;
			break;
		}
	}
	if (!best)
		return;
	/* a return that does not hold it, for the message */
	uint32_t other = UINT32_MAX;
	for (size_t m = 0; m < r->exits.n; m++)
		if (!exit_has_rule(&r->exits.v[m], bh->rule) && r->exits.v[m].off < other)
			other = r->exits.v[m].off;
	char *hn = held_name(r, bh);
	bool at_brace = r->fr->text[best->off] == '}';
	unsigned dl = 0, dc;
	if (!ts_node_is_null(dead))
		source_pos(r->fr->src, ts_node_start_byte(dead), &dl, &dc);
	char *msg = dl ? xasprintf("'%s' returns with the %s held: its release at line %u comes "
				   "after the return and is never reached", r->g->name, hn, dl)
		  : never ? xasprintf("'%s' %s with the %s held and releases it on no path, "
				      "where the other functions of its file that take it release it",
				      r->g->name, at_brace ? "falls off its end" : "returns", hn)
		       : xasprintf("'%s' %s with the %s held on this path and released on others, "
				   "and its result does not tell its callers which",
				   r->g->name, at_brace ? "falls off its end" : "returns", hn);
	free(hn);
	size_t before = r->cands.n;
	pairs_cand(r, bh->rule, PC_ALWAYS, C_LOCK_UNBALANCED, best->off, best->trace, msg,
		   bh->key ? xstrdup(r->keys.v[bh->key]) : NULL, NULL,
		   at_brace ? "falls off the end of the function with it held" : "returns with it held");
	/* held only where an error is returned, released where 0 is: the
	 * missed unlock of an error path, not a first half handing the lock
	 * to a second (pre_reset() returns 0 holding it) */
	unsigned with, without;
	exit_classes(r, bh, &with, &without);
	bool err_only = with && !(with & ~((1u << RC_NEG) | (1u << RC_NZ))) &&
			(without & (1u << RC_ZERO)) &&
			!node_is(node_field(fn, "declarator"), S_pointer_declarator);	/* (non-NULL: success) */
	/* (not taken in a loop, where the walk may lose which result of a
	 * conditional acquire came last: nvkm_falcon_cmdq_write()) */
	err_only = err_only && !pairs_in_loop(pairs_call_at(fn, bh->off));
	if (r->cands.n > before) {
		r->cands.v[before].never_rel = never;
		r->cands.v[before].kept_own = err_only ||
					      (pairs_rule(r, bh->rule)->balanced && shown);
	}
	if (r->cands.n > before && other != UINT32_MAX && other != best->off) {
		struct step st = { .at = source_at(r->fr->src, other),
				   .msg = xstrdup("released before this return") };
		VEC_PUSH(r->cands.v[before].f.steps, st);
	}
}

static void judge(struct run *r)
{
	if (exempt(r))
		return;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		bool at_brace = r->fr->text[e->off] == '}';
		for (int k = 0; k < e->nheld; k++) {
			const struct held *h = &e->h[k];
			if (h->owed || h->cskip || flow_non_owner(r, h->off))
				continue;
			bool dup = false;
			for (int j = 0; j < k; j++)
				dup |= e->h[j].rule == h->rule;
			/* the same exit reached holding the same thing by another path */
			for (size_t m = 0; m < i && !dup; m++)
				for (int j = 0; j < r->exits.v[m].nheld && !dup; j++)
					dup = r->exits.v[m].off == e->off &&
					      r->exits.v[m].h[j].rule == h->rule &&
					      (pairs_rule(r, h->rule)->check == C_PAIR_UNBALANCED ||
					       r->exits.v[m].h[j].key == h->key);
			if (dup)
				continue;
			const struct rule *ru = pairs_rule(r, h->rule);
			if (e->returns_acq)
				continue;	/* the caller learns from the result */
			/* a result that tells the caller excuses a helper, not an entry point */
			/* (a state kept only where an error is returned is the
			 * missed close of an error path, not a contract) */
			bool told = result_tells(r, h->rule);
			char *hn = held_name(r, h);
			const char *fin = at_brace ? "falls off the end of the function with it held"
						   : "returns with it held";
			if (ru->check == C_LOCK_HELD_RETURN) {
				bool shown;
				if (ru->balanced && !balanced_leak(r, h, &shown) && !sem_own(r, h)) {
					free(hn);
					continue;
				}
				pairs_cand(r, h->rule, PC_ENTRY, C_LOCK_HELD_RETURN, e->off, e->trace, NULL, hn, NULL, fin);
				continue;
			}
			bool mixed = false;
			for (size_t m = 0; m < r->exits.n && !mixed; m++)
				mixed = !exit_has_rule(&r->exits.v[m], h->rule);
			/* a wrapper named to open (dc_fpu_begin: only the outermost
			 * call opens) keeps it open by design */
			mixed &= !told && !opener_name(r->g->name);
			/* closed on others by the function itself, not only left
			 * closed where it never opened it (an idle routine that
			 * turns interrupts off again after safe_halt()) */
			if (mixed) {
				TSNode rel[1];
				int nrel = 0;
				pairs_releases_of(r, r->fr->fns[r->fn], h->rule, rel, &nrel, 1, 0);
				mixed = nrel > 0;
			}
			char *msg = mixed ? xasprintf("'%s' returns with the %s still open on this path but "
						      "closes it on others", r->g->name, hn)
					  : NULL;
			pairs_cand(r, h->rule, mixed ? PC_ALWAYS : PC_ENTRY, C_PAIR_UNBALANCED, e->off, e->trace, msg,
				 hn, NULL, at_brace ? "falls off the end of the function with it open"
						    : "returns with it open");
		}
	}
	judge_unbalanced(r);
	rel_judge(r);
}

int pairs_run_fn(struct frun *fr, size_t i, bool report, struct pair_sum *sum,
		 pair_cand_list *out, struct arena *sums_arena)
{
	const char *name = fr->ff->fns.v[i].name;
	struct arena ga;
	arena_init(&ga);
	struct cfg g;
	cfg_build(&g, &ga, fr->text, fr->fns[i], name, fr->ff->ctl);
	struct run r = { .fr = fr, .g = &g, .fn = (uint32_t)i, .report = report, .hooks = &rel_hooks };
	VEC_PUSH(r.keys, xstrdup(""));
	df_params_init(&r.params, fr->fns[i], fr->text);
	if (pairs_walk(&r, fr->o->budget, fr->deadline))
		judge(&r);
	summarize(&r, sum, sums_arena);
	if (!r.d.budget_hit)
		for (size_t k = 0; k < r.cands.n; k++)
			VEC_PUSH(*out, r.cands.v[k]);
	else
		pair_cands_release(&r.cands);
	VEC_FREE(r.cands);
	VEC_FREE(r.exits);
	VEC_FREE(r.closes);
	VEC_FREE(r.seen);
	VEC_FREE(r.retaken);
	VEC_FREE(r.rel);
	VEC_FREE(r.reacq);
	VEC_FREE(r.unsure_keys);
	free(r.bmemo);
	for (size_t k = 0; k < r.keys.n; k++)
		free(r.keys.v[k]);
	VEC_FREE(r.keys);
	int hit = r.d.time_hit ? 2 : r.d.budget_hit ? 1 : 0;
	df_walker_release(&r.w);
	df_release(&r.d);
	cfg_release(&g);
	arena_release(&ga);
	return hit;
}

/* Can function i of the file be an entry point?  A static one only through
 * its own file's registrations (or --entry). */
static bool maybe_entry(const struct opts *o, const struct file_facts *ff, size_t i)
{
	const struct fn_fact *f = &ff->fns.v[i];
	if (!f->is_static || entries_lookup(&ff->regs, f->name) || !strncmp(f->name, "sys_", 4) ||
	    !strncmp(f->name, "compat_sys_", 11))
		return true;
	for (size_t k = 0; k < o->entries.n; k++)
		if (!strcmp(o->entries.v[k], f->name))
			return true;
	return false;
}

void pairs_file(const struct opts *o, const struct source *src, const char *path,
		const TSNode *fns, size_t n, struct file_facts *ff, pair_cand_list *out,
		struct file_result *res, double deadline)
{
	const struct rule_set *rs = rules_get();
	if (!rs || !n || !pair_checks_on(o))
		return;
	struct frun fr = { .o = o, .src = src, .text = src->text, .rs = rs, .ff = ff,
			   .fns = fns, .deadline = deadline };
	bool *direct = xcalloc(n, sizeof(bool));
	unsigned *kinds = xcalloc(n, sizeof(unsigned));
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		kinds[i] = f->unanalysable ? 0 : rules_relevant(src->text, f->start, f->end);
		/* a call of a header's lock wrapper is a rule call too */
		for (uint32_t k = 0; k < f->ncalls && !f->unanalysable && !(kinds[i] & RULES_LOCK); k++)
			if (f->calls[k].callee[0] != '.' &&
			    macros_wrapper(ff->ctl, f->calls[k].callee, strlen(f->calls[k].callee)))
				kinds[i] |= RULES_LOCK;
		direct[i] = kinds[i] != 0;
		any |= direct[i];
	}
	if (!any) {
		free(direct);
		free(kinds);
		return;
	}
	pairs_frun_index(&fr, path);
	/* a function that only takes locks, can never be an entry point and is
	 * called by nothing in its file (a callback stored in some ops table)
	 * can report nothing and tell no caller anything: not analysed, unless
	 * lock-unbalanced, which judges every function, is on */
	bool *called = xcalloc(n, sizeof(bool));
	for (size_t i = 0; i < n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		for (uint32_t k = 0; k < f->ncalls; k++) {
			const char *c = f->calls[k].callee;
			int j = c[0] == '.' ? -1 : pairs_fn_index(&fr, c, strlen(c));
			if (j >= 0 && (size_t)j != i)
				called[j] = true;
		}
	}
	/* --verify-token-locks: the functions the token check settles
	 * (locktok.h) are analysed whatever else holds, to compare */
	bool *tok = o->verify_token_locks ? token_settled(src, fns, n, ff) : NULL;
	for (size_t i = 0; i < n; i++)
		if (direct[i] && kinds[i] == RULES_LOCK && !called[i] && !maybe_entry(o, ff, i) &&
		    !(tok && tok[i]) &&
		    !o->enabled[C_LOCK_UNBALANCED] && !o->enabled[C_LOCK_RELEASE_UNHELD] &&
		    !o->enabled[C_LOCK_DOUBLE_ACQUIRE])
			direct[i] = false;
	free(called);
	free(kinds);
	fr.sums = xcalloc(n, sizeof(struct pair_sum));
	struct arena sa;
	arena_init(&sa);
	pair_cand_list *per = xcalloc(n, sizeof(*per));
	bool *need = xcalloc(n, sizeof(bool));
	uint8_t *bad = xcalloc(n, sizeof(uint8_t));
	bool *chg = xcalloc(n, sizeof(bool));
	for (size_t i = 0; i < n; i++)
		need[i] = direct[i];
	/* round 0: the functions that name a rule call; then the callers in
	 * the file of those whose summary changed in the round (a run sees
	 * only its callees' summaries: one none of whose callees changed since
	 * its last run would say the same again), until none changes */
	for (int round = 0; round < ROUNDS; round++) {
		bool changed = false;
		memset(chg, 0, n * sizeof(bool));
		for (size_t i = 0; i < n; i++) {
			if (!need[i] || ff->fns.v[i].unanalysable)
				continue;
			struct pair_sum sum;
			pair_cands_release(&per[i]);
			bad[i] = (uint8_t)pairs_run_fn(&fr, i, true, &sum, &per[i], &sa);
			if (!sum_eq(&sum, &fr.sums[i]) && (sum.n || fr.sums[i].n))
				changed = chg[i] = true;
			fr.sums[i] = sum;
			need[i] = false;
		}
		if (!changed)
			break;
		bool more = false;
		for (size_t i = 0; i < n; i++) {
			const struct fn_fact *f = &ff->fns.v[i];
			if (f->unanalysable)
				continue;
			for (uint32_t k = 0; k < f->ncalls && !need[i]; k++) {
				const char *c = f->calls[k].callee;
				int j = c[0] == '.' ? -1 : pairs_fn_index(&fr, c, strlen(c));
				if (j >= 0 && (size_t)j != i && chg[j])
					need[i] = more = true;
			}
		}
		if (!more)
			break;
	}
	free(chg);
	if (tok) {
		token_compare(&fr, tok, direct, per, bad, res);
		free(tok);
	}
	for (size_t i = 0; i < n; i++) {
		if (fr.sums[i].known)	/* for callers in other files (program_pairs.c) */
			pairs_export(&fr, i, &fr.sums[i], &ff->arena);
		for (int k = 0; k < fr.sums[i].n; k++)
			if (fr.sums[i].it[k].close && fr.sums[i].it[k].rule < 32)
				ff->fns.v[i].pair_closes |= 1u << fr.sums[i].it[k].rule;
		/* a static function is an entry point only through its own file
		 * (its registration, or --entry): keep no candidate that waits
		 * for one it can never be (memory on a whole tree) */
		bool may = maybe_entry(o, ff, i);
		for (size_t k = 0; k < per[i].n; k++) {
			struct pair_cand *c = &per[i].v[k];
			if ((c->need == PC_ENTRY && !may) ||
			    (c->f.id == C_LOCK_RELEASE_UNHELD && c->need == PC_ENTRY &&
			     opened_elsewhere(&fr, i, c->rule, c->held)) ||
			    (c->f.id == C_LOCK_UNBALANCED && !c->kept_own &&
			     (handed_over(&fr, i, c->rule, c->held, c->never_rel) ||
			      (c->never_rel && caller_names(&fr, i, c->held))))) {
				finding_release(&c->f);
				free(c->held);
				free(c->callee);
				continue;
			}
			VEC_PUSH(*out, *c);
		}
		VEC_FREE(per[i]);
		if (bad[i]) {
			char *why = bad[i] == 2
				? xasprintf("lock and pair rules not checked: the file's time budget "
					    "of %g s (--time-budget) ran out", o->time_budget)
				: xasprintf("lock and pair rules not checked: more than %zu states "
					    "(--state-budget)", o->budget);
			struct partial part = { xstrdup(ff->fns.v[i].name), ff->fns.v[i].line, why,
						false };
			VEC_PUSH(res->partial, part);
		}
	}
	free(per);
	free(need);
	free(bad);
	free(direct);
	free(fr.sums);
	free(fr.by_hash);
	VEC_FREE(fr.own_macros);
	arena_release(&sa);
}
