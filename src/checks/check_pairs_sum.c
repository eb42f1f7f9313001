// SPDX-License-Identifier: GPL-2.0
/*
 * The pair rules' summaries across files (check_pairs_int.h).
 *
 * The first pass sums each function up for the callers of its own file
 * (check_pairs.c); this file keeps that summary in the function's facts,
 * with how a caller elsewhere names each object (a parameter, an extern
 * global by name, a static of the callee's file, or an object only the
 * callee could reach) and where the callee takes it, and turns it back
 * into what the walk reads, so the whole-tree pass can walk a caller again
 * with the summaries of its callees in other files.
 */
#include "check_pairs_int.h"
#include "api.h"
#include "lexer.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Does n's text hold the identifier name[0, len) as a whole word? */
static bool has_word(TSNode n, const char *text, const char *name, size_t len)
{
	const char *a = node_ptr(n, text), *end = a + node_len(n);
	for (const char *p = a; (p = memmem(p, (size_t)(end - p), name, len)) != NULL; p++) {
		bool lb = p == a || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		bool rb = p + len == end || !(isalnum((unsigned char)p[len]) || p[len] == '_');
		if (lb && rb)
			return true;
	}
	return false;
}

struct decl_find {
	const char *text, *name;
	size_t len;
	bool found;
};

static bool find_local(TSNode n, void *ctx)
{
	struct decl_find *d = ctx;
	if (d->found)
		return false;
	if (!node_is(n, S_declaration))
		return true;
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t k = 0; k < c && !d->found; k++) {
		TSNode id = declarator_name(ts_node_named_child(n, k));
		d->found = !ts_node_is_null(id) && node_len(id) == d->len &&
			   !memcmp(node_ptr(id, d->text), d->name, d->len);
	}
	return false;
}

/* A declaration at file scope (or under #if there) that names it and is
 * static (`static DEFINE_MUTEX(name);`, `static spinlock_t name;`), or
 * with statics false any that is not `extern` (`spinlock_t name =
 * SPIN_LOCK_UNLOCKED;`, `DEFINE_SPINLOCK(name);`). */
static bool file_scope(TSNode n, const char *text, const char *name, size_t len, bool statics,
		       int depth)
{
	node_vec kids = {0};
	node_children(n, &kids);	/* a cursor: named_child(i) in a loop is quadratic */
	bool found = false;
	for (size_t k = 0; k < kids.n && !found; k++) {
		TSNode d = kids.v[k];
		if (node_is(d, S_function_definition))
			continue;
		if ((node_is(d, S_preproc_if) || node_is(d, S_preproc_ifdef) ||
		     node_is(d, S_preproc_else) || node_is(d, S_preproc_elif)) && depth < 4) {
			found = file_scope(d, text, name, len, statics, depth + 1);
			continue;
		}
		const char *w = statics ? "static" : "extern";
		bool lead = node_len(d) > 7 && !memcmp(node_ptr(d, text), w, 6) &&
			    !(isalnum((unsigned char)node_ptr(d, text)[6]) || node_ptr(d, text)[6] == '_');
		found = lead == statics && has_word(d, text, name, len);
	}
	VEC_FREE(kids);
	return found;
}

/* How a caller in another file names the object of key (check_pairs.c's
 * summary key of function i). */
static uint8_t key_kind(struct frun *fr, size_t i, const char *key)
{
	if (!key)
		return PK_NONE;
	while (*key == '&' || *key == '*')
		key++;
	if (*key == '$')
		return PK_PARAM;
	size_t len = 0;
	while (isalnum((unsigned char)key[len]) || key[len] == '_')
		len++;
	if (!len)
		return PK_LOCAL;
	struct decl_find d = { fr->text, key, len, false };
	TSNode body = node_field(fr->fns[i], "body");
	if (!ts_node_is_null(body))
		node_walk(body, find_local, &d);
	if (d.found)
		return PK_LOCAL;
	TSNode root = fr->fns[i];
	while (!ts_node_is_null(ts_node_parent(root)))
		root = ts_node_parent(root);
	return file_scope(root, fr->text, key, len, true, 0) ? PK_STATIC : PK_GLOBAL;
}

bool pairs_file_defines(struct frun *fr, TSNode n, const char *name, size_t len)
{
	while (!ts_node_is_null(ts_node_parent(n)))
		n = ts_node_parent(n);
	return file_scope(n, fr->text, name, len, false, 0);
}

void pairs_export(struct frun *fr, size_t i, const struct pair_sum *sum, struct arena *a)
{
	struct fn_fact *f = &fr->ff->fns.v[i];
	f->px_known = sum->known;
	f->px_rets = sum->rets;
	f->pair_partial = sum->partial;
	f->npx = sum->n;
	f->px = sum->n ? arena_alloc(a, sum->n * sizeof(struct pair_fx)) : NULL;
	for (int k = 0; k < sum->n; k++) {
		const struct pair_item *it = &sum->it[k];
		struct pair_fx *x = &f->px[k];
		memset(x, 0, sizeof(*x));
		x->rule = it->rule;
		x->acq = it->acq;
		x->close = it->close;
		x->key = it->key ? arena_strndup(a, it->key, strlen(it->key)) : NULL;
		x->kind = key_kind(fr, i, it->key);
		if (!it->close && it->open_off)
			x->open_at = source_at(fr->src, it->open_off);
		if (!it->close && it->exit_off)
			x->exit_at = source_at(fr->src, it->exit_off);
	}
}

void pairs_import(const struct fn_fact *f, const char *file, struct pair_sum *out,
		  struct arena *a)
{
	memset(out, 0, sizeof(*out));
	out->known = f->px_known;
	out->rets = f->px_rets;
	out->partial = f->pair_partial;
	for (uint8_t k = 0; k < f->npx && out->n < MAX_ITEMS; k++) {
		const struct pair_fx *x = &f->px[k];
		struct pair_item it = { .rule = x->rule, .acq = x->acq, .close = x->close,
					.key = x->key, .open_off = x->open_at.off,
					.exit_off = x->exit_at.off, .file = file,
					.open_at = x->open_at, .exit_at = x->exit_at };
		/* a static of another file, or an object only the callee
		 * reached: named apart from anything of the caller's (a release
		 * by rule still matches it, see do_close) */
		if (file && x->key && (x->kind == PK_STATIC || x->kind == PK_LOCAL)) {
			char *k2 = x->kind == PK_STATIC ? xasprintf("%s [static in %s]", x->key, file)
							: xasprintf("%s [of %s()]", x->key, f->name);
			it.key = arena_strndup(a, k2, strlen(k2));
			free(k2);
		}
		out->it[out->n++] = it;
	}
}

/* (check_pairs_int.h) */
int pairs_fn_index(struct frun *fr, const char *name, size_t len)
{
	if (!fr->nslots)
		return -1;
	uint32_t h = (uint32_t)hash_bytes(name, len, 3) & (uint32_t)(fr->nslots - 1);
	for (; fr->by_hash[h]; h = (h + 1) & (uint32_t)(fr->nslots - 1)) {
		uint32_t i = fr->by_hash[h] - 1;
		const char *n = fr->ff->fns.v[i].name;
		if (!strncmp(n, name, len) && !n[len])
			return (int)i;
	}
	return -1;
}

/* --- who else gives a lock back (check_pairs.c judges with these) ------- */

/* Does n start another context after offset off (kthread_run(), a work
 * item, a timer)?  A semaphore taken before it is often that context's to
 * give back: dvb_frontend_start() downs fepriv->sem and its kthread ups
 * it (6.1). */
bool starts_other_context(const struct run *r, TSNode n, uint32_t off, int depth)
{
	if (ts_node_is_null(n) || depth > 200 || ts_node_end_byte(n) <= off)
		return false;
	if (node_is(n, S_call_expression) && ts_node_start_byte(n) > off) {
		size_t len;
		const char *name = call_name(n, r->fr->text, &len);
		if (name && api_is(name, len, A_NEW_CONTEXT))
			return true;
	}
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++)
		if (starts_other_context(r, ts_node_named_child(n, i), off, depth + 1))
			return true;
	return false;
}

/* The part of a lock key after its object ("->lock" of "&$0->lock" and of
 * "&dev->lock"), or the whole name of a global ("ati_remote2_mutex"). */
static const char *key_tail(const char *k, bool *global)
{
	while (*k == '&' || *k == '*')
		k++;
	const char *p = k + (*k == '$');
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	*global = !*p && *k != '$';
	return *global ? k : p;
}

/* Do keys a and b name the same field of some object, or the same global? */
bool pairs_keys_match(const char *a, const char *b)
{
	if (!a || !b)
		return true;
	bool g1, g2;
	const char *t1 = key_tail(a, &g1), *t2 = key_tail(b, &g2);
	return g1 == g2 && *t1 && !strcmp(t1, t2);
}

/* The last name of a key ("mutex" of "&acm->mutex", "open_mutex" of
 * "&open_mutex"), and its length. */
static size_t last_name(const char *k, const char **at)
{
	size_t n = strlen(k), e = n;
	while (e && !isalnum((unsigned char)k[e - 1]) && k[e - 1] != '_')
		e--;
	size_t b = e;
	while (b && (isalnum((unsigned char)k[b - 1]) || k[b - 1] == '_'))
		b--;
	*at = k + b;
	return e - b;
}

bool pairs_may_alias(const char *a, const char *b)
{
	if (a[0] != '&' || b[0] != '&')
		return true;
	const char *x, *y;
	size_t n = last_name(a, &x), m = last_name(b, &y);
	return n == m && !memcmp(x, y, n);
}

/* lock-unbalanced, a lock never released: does a caller of function i in
 * the file name the lock's object in its body (bridge_reset() calling
 * bridge_claim() and then unlocking &bridge_lock)?  It takes it over. */
bool caller_names(struct frun *fr, size_t i, const char *key)
{
	if (!key)
		return false;
	while (*key == '&' || *key == '*')
		key++;
	size_t kl = strlen(key);
	const char *me = fr->ff->fns.v[i].name;
	for (size_t j = 0; j < fr->ff->fns.n && kl; j++) {
		const struct fn_fact *f = &fr->ff->fns.v[j];
		bool calls = false;
		for (uint32_t k = 0; j != i && k < f->ncalls && !calls; k++)
			calls = !strcmp(f->calls[k].callee, me);
		if (calls && f->end > f->start && f->end <= fr->src->len &&
		    memmem(fr->text + f->start, f->end - f->start, key, kl))
			return true;
	}
	return false;
}

/*
 * lock-unbalanced: does another function of the file release the lock that
 * function i leaves held, without having taken it (the _prepare() /
 * _finish() or pre_reset() / post_reset() halves of one critical section)?
 * Then the lock is handed from one to the other on purpose.  With partner,
 * only by a function whose name is i's with one word ('_' apart) changed
 * (ax25_info_start()'s ax25_info_stop(), acquire_fc_mutex()'s
 * release_fc_mutex(); nothing for ax25_send_to_raw()).
 */
static bool one_word_apart(const char *a, const char *b)
{
	int diff = 0;
	while (*a || *b) {
		size_t n = strcspn(a, "_"), m = strcspn(b, "_");
		if (!*a || !*b)
			return false;	/* not as many words */
		diff += n != m || memcmp(a, b, n);
		a += n + (a[n] == '_');
		b += m + (b[m] == '_');
		if (!*a != !*b)
			return false;
	}
	return diff == 1;
}

bool handed_over(struct frun *fr, size_t i, uint16_t rule, const char *key, bool partner)
{
	if (!key)
		return false;
	bool g1, g2;
	const char *t1 = key_tail(key, &g1);
	const char *me = fr->ff->fns.v[i].name;
	for (size_t j = 0; j < fr->ff->fns.n; j++) {
		if (j == i || !fr->sums[j].known)
			continue;
		if (partner && !one_word_apart(me, fr->ff->fns.v[j].name))
			continue;
		for (int k = 0; k < fr->sums[j].n; k++) {
			const struct pair_item *it = &fr->sums[j].it[k];
			if (!it->close || it->rule != rule || !it->key)
				continue;
			if (pairs_keys_match(key, it->key))
				return true;
			/* `up(ent->page_queue ? &cmd->vars.pages_sem :
			 * &cmd->vars.sem)` in the completion (mlx5's cmd.c):
			 * either object */
			const char *q = strchr(it->key, '?'), *c = strrchr(it->key, ':');
			if (q && c && c > q) {
				char *a = xstrndup(q + 1, (size_t)(c - q - 1));
				const char *ta = key_tail(a, &g2);
				bool hit = g1 == g2 && *t1 && !strcmp(t1, ta);
				const char *tb = key_tail(c + 1, &g2);
				hit |= g1 == g2 && *t1 && !strcmp(t1, tb);
				free(a);
				if (hit)
					return true;
			}
		}
	}
	return false;
}

/*
 * lock-release-unheld at an entry point that never takes the lock: does
 * another function of the file leave that lock held for its caller (an
 * exclusive open's mutex_trylock() that ->release unlocks; a constructor
 * that returns its object locked), or hold some lock of the rule on a path
 * no item tells?  Then the lock is handed over to it on purpose.
 */
bool opened_elsewhere(struct frun *fr, size_t i, uint16_t rule, const char *key)
{
	for (size_t j = 0; j < fr->ff->fns.n; j++) {
		const struct pair_sum *s = &fr->sums[j];
		if (j == i || !s->known)
			continue;
		if (rule < 32 && (s->partial & (1u << rule)))
			return true;
		for (int k = 0; k < s->n; k++)
			if (!s->it[k].close && s->it[k].rule == rule && pairs_keys_match(key, s->it[k].key))
				return true;
	}
	return false;
}

/* Does the file #define a function-like macro name[0, len)?  Then its
 * calls are of that macro, whatever a header's wrapper of the same name
 * does (serial_core.c's own uart_port_lock(state, flags) over the
 * header's uart_port_lock(up)). */
bool pairs_own_macro(struct frun *fr, const char *name, size_t len)
{
	const char *t = fr->src->raw;
	if (!fr->own_done) {
		fr->own_done = true;
		for (const char *p = t, *q; (q = lex_next_define(t, &p));) {
			size_t n = 0;
			while (isalnum((unsigned char)q[n]) || q[n] == '_')
				n++;
			if (n && n < 256 && q[n] == '(' && (size_t)(q - t) < (1u << 24))
				VEC_PUSH(fr->own_macros, (uint32_t)(q - t) << 8 | (uint32_t)n);
		}
	}
	for (size_t i = 0; i < fr->own_macros.n; i++) {
		uint32_t v = fr->own_macros.v[i];
		if ((v & 0xff) == len && !memcmp(t + (v >> 8), name, len))
			return true;
	}
	return false;
}
