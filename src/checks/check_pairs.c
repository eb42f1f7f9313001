// SPDX-License-Identifier: GPL-2.0
/*
 * Paired-state rules over one file (see check_pairs.h).
 *
 * A state holds the open items (rule, key, where it was opened), the
 * conditional acquires still waiting for the test of their result, and
 * the branch assumptions taken on the way (so `if (x) lock; ... if (x)
 * unlock;` is one path, not two).  Each block keeps a bounded set of
 * states; past the bound the newest two are joined (union of open items,
 * intersection of assumptions).
 *
 * Keys are the text of the object argument with blanks and parentheses
 * removed (`&dev->lock`).  A close whose key matches nothing open closes
 * the newest open item of its rule: aliases (`priv` and `dev->priv`) then
 * cost nothing, and a lock released that was never seen taken (the
 * caller's) is remembered for the function's summary.
 */
#include "check_pairs.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "pipeline.h"

#define MAX_HELD 8
#define MAX_PEND 4
#define MAX_STATES 32
#define MAX_BLOCK_STATES 512
#define MAX_TRACE 48
#define MAX_ITEMS 6
#define ROUNDS 4

/* A helper's effect, as its callers in the file see it. */
struct pair_item {
	uint16_t rule;
	uint8_t acq;		/* enum acq, for an open */
	bool close;
	const char *key;	/* NULL: a counter; "$K..." relative to parameter K; else text */
};

struct pair_sum {
	bool known;
	uint8_t rets;		/* bit RC_*: what its returns give */
	uint8_t n;
	struct pair_item it[MAX_ITEMS];
};

enum { T_OPEN, T_EDGE, T_NOTE };

struct trace {
	const struct trace *prev;
	uint32_t off;
	uint8_t kind, edge_kind;
	uint16_t len;
	const char *text;
};

struct held {
	uint16_t rule;
	uint16_t key;		/* index into run.keys; 0: none */
	uint32_t off;		/* where it was opened */
	bool owed;		/* the caller's, released here: taking it again repays it */
	uint8_t count;		/* a switch without object opened this many times (nesting) */
};

struct pend {
	uint16_t var;		/* 1 + index into run.keys of the variable, or PEND_COND */
	uint8_t acq;
	struct held h;		/* the item it concerns */
};
#define PEND_COND 0xffff

struct pstate {
	uint8_t nheld, npend;
	bool done;
	struct held h[MAX_HELD];
	struct pend p[MAX_PEND];
	struct cfg_assumes as;		/* branch assumptions */
	const struct trace *trace;	/* since the first open item; not compared */
};

enum { RC_UNK, RC_NEG, RC_ZERO, RC_POS };

struct pexit {
	uint32_t off;
	uint8_t rclass;
	bool returns_acq;		/* returns the result of a conditional acquire, */
	uint8_t ret_acq;		/* ... taken when it is (enum acq) */
	uint8_t nheld;
	struct held h[MAX_HELD];
	const struct trace *trace;
};

struct frun {
	const struct opts *o;
	const struct source *src;
	const char *text;
	const struct rule_set *rs;
	struct file_facts *ff;
	struct pair_sum *sums;		/* per function of the file */
	const TSNode *fns;
	uint32_t *by_hash;		/* name → 1 + fn index, open addressing */
	bool other_arch;		/* under arch/X/ with X not x86: no objtool uaccess rule */
	size_t nslots;
};

struct run {
	struct frun *fr;
	const struct cfg *g;
	uint32_t fn;
	struct arena arena;
	VEC(char *) keys;		/* keys[0] = "" */
	VEC(struct pstate) *in;
	VEC(uint32_t) work;
	bool *queued;
	VEC(struct pexit) exits;
	VEC(struct pair_item) closes;	/* closes of things never seen opened */
	struct param params[MAX_PARAMS];
	int nparams;
	size_t transfers;
	bool budget_hit;
	int depth;
	bool report;
	bool in_cond;			/* walking a branch condition or a returned value */
	pair_cand_list cands;
	VEC(uint64_t) seen;		/* uaccess-call sites reported */
};

/* --- small helpers ----------------------------------------------------- */

/* Text of n without blanks and parentheses. */
static char *key_text(TSNode n, const char *text)
{
	char *s = node_text_nospace(n, text);
	size_t w = 0;
	for (size_t i = 0; s[i]; i++)
		if (s[i] != '(' && s[i] != ')')
			s[w++] = s[i];
	s[w] = 0;
	return s;
}

static uint16_t key_intern(struct run *r, char *k)
{
	for (size_t i = 0; i < r->keys.n; i++)
		if (!strcmp(r->keys.v[i], k)) {
			free(k);
			return (uint16_t)i;
		}
	if (r->keys.n >= 0xfffe) {
		free(k);
		return 0;
	}
	VEC_PUSH(r->keys, k);
	return (uint16_t)(r->keys.n - 1);
}

static int param_index(const struct run *r, const char *p, size_t len)
{
	for (int i = 0; i < r->nparams; i++)
		if (r->params[i].len == len && !memcmp(r->params[i].name, p, len))
			return i;
	return -1;
}

static const struct trace *push_trace(struct run *r, const struct trace *prev, uint8_t kind,
				      uint8_t edge_kind, uint32_t off, const char *text)
{
	if (prev && prev->len >= MAX_TRACE)
		return prev;
	struct trace *t = arena_alloc(&r->arena, sizeof(*t));
	t->prev = prev;
	t->kind = kind;
	t->edge_kind = edge_kind;
	t->off = off;
	t->len = (uint16_t)(prev ? prev->len + 1 : 1);
	t->text = text;
	return t;
}

static const char *arena_text(struct run *r, TSNode n, size_t max)
{
	char *s = node_text_folded(n, r->fr->text, max);
	const char *t = arena_strndup(&r->arena, s, strlen(s));
	free(s);
	return t;
}

/* --- assumptions ------------------------------------------------------- */

static int assume_get(const struct pstate *s, int atom)
{
	return assumes_get(&s->as, atom);
}

static void assume_add(struct pstate *s, int atom, bool pol)
{
	assumes_add(&s->as, atom, pol);
}

/* An assignment to lvalue text p kills the conditions that read it. */
static void kill_text(struct run *r, struct pstate *s, const char *p, size_t len)
{
	assumes_kill(&s->as, r->g, p, len, false);
}

static void kill_lvalue(struct run *r, struct pstate *s, TSNode lhs)
{
	TSNode n = strip_parens(lhs);
	for (int guard = 0; guard < 64; guard++) {
		if (node_is(n, S_subscript_expression))
			n = strip_parens(ts_node_named_child(n, 0));
		else if (node_is(n, S_pointer_expression))
			n = strip_parens(node_field(n, "argument"));
		else
			break;
	}
	if (!node_is(n, S_identifier) && !node_is(n, S_field_expression))
		return;
	char *k = node_text_nospace(n, r->fr->text);
	kill_text(r, s, k, strlen(k));
	/* a pending acquire whose result lived there is decided: taken */
	uint16_t kk = 0;
	for (size_t i = 1; i < r->keys.n; i++)
		if (!strcmp(r->keys.v[i], k))
			kk = (uint16_t)(i + 1);
	for (int i = 0; kk && i < s->npend;) {
		if (s->p[i].var == kk) {
			memmove(&s->p[i], &s->p[i + 1], (size_t)(s->npend - i - 1) * sizeof(struct pend));
			s->npend--;
		} else {
			i++;
		}
	}
	free(k);
}

/* `locked = true` decides the later `if (locked)`. */
static void assume_literal(struct run *r, struct pstate *s, TSNode lhs, TSNode rhs)
{
	int truth = ts_node_is_null(rhs) || ts_node_is_null(lhs) ? -1 : literal_truth(rhs, r->fr->text);
	if (truth < 0)
		return;
	char *k = node_text_nospace(strip_parens(lhs), r->fr->text);
	for (size_t i = 0; i < r->g->atoms.n; i++)
		if (!r->g->atoms.v[i].fixed && !strcmp(r->g->atoms.v[i].key, k))
			assume_add(s, (int)i, truth == 1);
	free(k);
}

static size_t key_root(const char *k, const char **root);

/* `cur = op` while op->lock is held: op is not NULL, so neither is cur and
 * a later `if (!cur)` is not taken. */
static void assume_holder(struct run *r, struct pstate *s, TSNode lhs, TSNode rhs)
{
	rhs = strip_parens(rhs);
	if (!s->nheld || ts_node_is_null(lhs) || !node_is(rhs, S_identifier))
		return;
	const char *rp = node_ptr(rhs, r->fr->text);
	size_t rn = node_len(rhs);
	bool holds = false;
	for (int i = 0; i < s->nheld && !holds; i++) {
		const char *kr;
		size_t kn = s->h[i].key && !s->h[i].owed ? key_root(r->keys.v[s->h[i].key], &kr) : 0;
		holds = kn == rn && !memcmp(kr, rp, rn) && r->keys.v[s->h[i].key][kn + (kr - r->keys.v[s->h[i].key])] == '-';
	}
	if (!holds)
		return;
	char *k = node_text_nospace(strip_parens(lhs), r->fr->text);
	for (size_t i = 0; i < r->g->atoms.n; i++)
		if (!r->g->atoms.v[i].fixed && !strcmp(r->g->atoms.v[i].key, k))
			assume_add(s, (int)i, true);
	free(k);
}

/*
 * `walk.nbytes > 0` (atom "walk.nbytes<=0") after `if (!walk.nbytes)
 * return;`: a length tested for zero and then for being positive is a
 * count, so one test decides the other.
 */
static int implied(struct run *r, const struct pstate *s, int atom)
{
	const char *k = r->g->atoms.v[atom].key;
	size_t n = strlen(k);
	if (n < 4 || strcmp(k + n - 3, "<=0"))
		return -1;
	for (int i = 0; i < s->as.n; i++) {
		const char *o = r->g->atoms.v[s->as.v[i].atom].key;
		if (strlen(o) == n - 3 && !strncmp(o, k, n - 3))
			return !s->as.v[i].pol;	/* x nonzero: x<=0 false; x zero: true */
	}
	return -1;
}

/* A loop test `K > 0` (loop tests carry no atom) decided by what the path
 * knows of K: tested zero / non-zero, or `K > 0` tested by an `if`. */
static int loop_test_implied(struct run *r, const struct pstate *s, TSNode c)
{
	c = strip_parens(c);
	if (!node_is(c, S_binary_expression) || !node_text_is(node_field(c, "operator"), r->fr->text, ">"))
		return -1;
	TSNode rhs = strip_parens(node_field(c, "right"));
	if (!node_is(rhs, S_number_literal) || !node_text_is(rhs, r->fr->text, "0"))
		return -1;
	char *k = node_text_nospace(node_field(c, "left"), r->fr->text);
	size_t n = strlen(k);
	int out = -1;
	for (int i = 0; i < s->as.n && out < 0; i++) {
		const char *o = r->g->atoms.v[s->as.v[i].atom].key;
		if (!strcmp(o, k))
			out = s->as.v[i].pol;		/* non-zero count: positive */
		else if (!strncmp(o, k, n) && !strcmp(o + n, "<=0"))
			out = !s->as.v[i].pol;
	}
	free(k);
	return out;
}

/* --- states ------------------------------------------------------------ */

/* The same thing held (where it was taken only names it in the path). */
static bool held_eq(const struct held *a, const struct held *b)
{
	return a->rule == b->rule && a->key == b->key && a->owed == b->owed;
}

static bool state_eq(const struct pstate *a, const struct pstate *b)
{
	if (a->nheld != b->nheld || a->npend != b->npend || !assumes_eq(&a->as, &b->as))
		return false;
	for (int i = 0; i < a->nheld; i++)
		if (!held_eq(&a->h[i], &b->h[i]) || a->h[i].count != b->h[i].count)
			return false;
	for (int i = 0; i < a->npend; i++)
		if (a->p[i].var != b->p[i].var || a->p[i].acq != b->p[i].acq ||
		    !held_eq(&a->p[i].h, &b->p[i].h))
			return false;
	return true;
}

static int held_find(const struct pstate *s, const struct held *h)
{
	for (int i = 0; i < s->nheld; i++)
		if (held_eq(&s->h[i], h))
			return i;
	return -1;
}

static bool same_items(const struct pstate *a, const struct pstate *b)
{
	if (a->nheld != b->nheld)
		return false;
	for (int i = 0; i < a->nheld; i++)
		if (held_find(b, &a->h[i]) < 0)
			return false;
	return true;
}

static void held_add(struct pstate *s, struct held h)
{
	if (s->nheld == MAX_HELD) {
		/* the oldest item is forgotten: a report may be lost, never invented */
		memmove(&s->h[0], &s->h[1], (MAX_HELD - 1) * sizeof(struct held));
		s->nheld--;
	}
	s->h[s->nheld++] = h;
}

static void held_del(struct pstate *s, int i)
{
	memmove(&s->h[i], &s->h[i + 1], (size_t)(s->nheld - i - 1) * sizeof(struct held));
	s->nheld--;
}

static void pend_del(struct pstate *s, int i)
{
	memmove(&s->p[i], &s->p[i + 1], (size_t)(s->npend - i - 1) * sizeof(struct pend));
	s->npend--;
}

/* Join b into a (union of open items, common assumptions). */
static bool state_join(struct pstate *a, const struct pstate *b)
{
	struct pstate o = *a;
	for (int i = 0; i < b->nheld; i++)
		if (held_find(a, &b->h[i]) < 0)
			held_add(a, b->h[i]);
	for (int i = 0; i < a->npend;) {
		bool both = false;
		for (int k = 0; k < b->npend; k++)
			both |= a->p[i].var == b->p[k].var && held_eq(&a->p[i].h, &b->p[k].h);
		if (both)
			i++;
		else
			pend_del(a, i);
	}
	assumes_meet(&a->as, &b->as);
	if (!a->trace)
		a->trace = b->trace;
	return !state_eq(a, &o);
}

static bool same_items_v(const void *a, const void *b)
{
	return same_items(a, b);
}

static void add_state(struct run *r, uint32_t blk, struct pstate *ns)
{
	typeof(r->in[0]) *set = &r->in[blk];
	if (!ns->nheld)
		ns->trace = NULL;
	for (size_t i = 0; i < set->n; i++)
		if (state_eq(&set->v[i], ns))
			return;
	ns->done = false;
	/* the bound is per set of open items: states that hold different
	 * things are never joined (a join would make "held on one path" look
	 * held on all) */
	size_t at = cfg_state_slot(set->v, set->n, sizeof(set->v[0]), ns, same_items_v, MAX_STATES,
				   MAX_BLOCK_STATES);
	if (at == set->n) {
		VEC_PUSH(*set, *ns);
	} else {
		if (!state_join(&set->v[at], ns))
			return;
		set->v[at].done = false;
	}
	if (!r->queued[blk]) {
		r->queued[blk] = true;
		VEC_PUSH(r->work, blk);
	}
}

/* --- opening and closing ------------------------------------------------ */

static const struct rule *rule_of(const struct run *r, int i)
{
	return &r->fr->rs->v.v[i];
}

static char *held_name(const struct run *r, const struct held *h)
{
	const struct rule *ru = rule_of(r, h->rule);
	if (h->key)
		return xasprintf("%s '%s'", ru->what, r->keys.v[h->key]);
	return xstrdup(ru->what);
}

static void do_open(struct run *r, struct pstate *s, uint16_t rule, uint16_t key, uint32_t off,
		    uint8_t acq, uint16_t var, const char *text)
{
	struct held h = { rule, key, off, true, 0 };
	int debt = held_find(s, &h);
	if (debt >= 0) {
		/* drop, sleep, take again: the caller's lock is back */
		held_del(s, debt);
		return;
	}
	h.owed = false;
	int have = held_find(s, &h);
	if (have >= 0) {
		/* an object is held or not (a loop came round); a switch nests:
		 * kmap_atomic() inside pagefault_disable() */
		if (!key && s->h[have].count < 8)
			s->h[have].count++;
		return;
	}
	if (key) {
		/* mutex_lock(m) with m a pointer: a later `if (m)` is taken */
		const char *k = r->keys.v[key];
		for (size_t i = 0; k[0] != '&' && i < r->g->atoms.n; i++)
			if (!r->g->atoms.v[i].fixed && !strcmp(r->g->atoms.v[i].key, k))
				assume_add(s, (int)i, true);
	}
	held_add(s, h);
	if (acq != ACQ_ALWAYS && s->npend < MAX_PEND)
		s->p[s->npend++] = (struct pend){ var, acq, h };
	s->trace = push_trace(r, s->trace, T_OPEN, 0, off, text);
}

static void do_close(struct run *r, struct pstate *s, uint16_t rule, uint16_t key)
{
	int at = -1;
	for (int i = s->nheld; i-- > 0;)
		if (s->h[i].rule == rule && s->h[i].key == key && !s->h[i].owed) {
			at = i;
			break;
		}
	if (at < 0)
		for (int i = s->nheld; i-- > 0;)
			if (s->h[i].rule == rule && !s->h[i].owed) {
				at = i;
				break;
			}
	if (at >= 0 && s->h[at].count) {
		s->h[at].count--;
		return;
	}
	if (at >= 0) {
		for (int i = 0; i < s->npend;)
			if (held_eq(&s->p[i].h, &s->h[at]))
				pend_del(s, i);
			else
				i++;
		held_del(s, at);
		return;
	}
	/* the caller's: a helper that releases what its caller took, or a
	 * function that drops its caller's lock for a while */
	struct held debt = { rule, key, 0, true, 0 };
	if (held_find(s, &debt) < 0)
		held_add(s, debt);
	if (r->closes.n < 16) {
		struct pair_item it = { .rule = rule, .close = true,
					.key = key ? r->keys.v[key] : NULL };
		for (size_t i = 0; i < r->closes.n; i++)
			if (r->closes.v[i].rule == rule &&
			    !r->closes.v[i].key == !it.key && (!it.key || !strcmp(r->closes.v[i].key, it.key)))
				return;
		VEC_PUSH(r->closes, it);
	}
}

/* The key of argument k of call, or 0. */
static uint16_t arg_key(struct run *r, TSNode call, int k)
{
	if (k < 0)
		return 0;
	TSNode args = node_field(call, "arguments");
	if ((uint32_t)k >= ts_node_named_child_count(args))
		return 0;
	return key_intern(r, key_text(ts_node_named_child(args, (uint32_t)k), r->fr->text));
}

/* A summary key "$K..." with parameter K replaced by the call's argument. */
static uint16_t translate_key(struct run *r, TSNode call, const char *key)
{
	if (!key)
		return 0;
	if (key[0] != '$' && !(key[0] == '&' && key[1] == '$') && !(key[0] == '*' && key[1] == '$'))
		return key_intern(r, xstrdup(key));
	const char *d = strchr(key, '$');
	char *end;
	long k = strtol(d + 1, &end, 10);
	TSNode args = node_field(call, "arguments");
	if (k < 0 || (uint32_t)k >= ts_node_named_child_count(args))
		return 0;
	char *a = key_text(ts_node_named_child(args, (uint32_t)k), r->fr->text);
	char *out;
	if (a[0] == '&' && !strncmp(end, "->", 2))	/* &(&x->y)->z is &x->y.z */
		out = xasprintf("%.*s%s.%s", (int)(d - key), key, a + 1, end + 2);
	else
		out = xasprintf("%.*s%s%s", (int)(d - key), key, a, end);
	free(a);
	return key_intern(r, out);
}

static int fn_index(struct frun *fr, const char *name, size_t len)
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

/* The summary of a function of this file called by `call`, or NULL. */
static const struct pair_sum *callee_sum(struct run *r, const char *name, size_t len)
{
	int i = fn_index(r->fr, name, len);
	return i >= 0 && r->fr->sums[i].known && r->fr->sums[i].n ? &r->fr->sums[i] : NULL;
}

/* --- uaccess-call -------------------------------------------------------- */

static const char *const outline_calls[] = {
	"copy_to_user", "copy_from_user", "__copy_to_user", "__copy_from_user",
	"_copy_to_user", "_copy_from_user", "raw_copy_to_user", "raw_copy_from_user",
	"copy_in_user", "clear_user", "__clear_user", "strncpy_from_user", "strnlen_user",
	"get_user", "put_user", "__get_user", "__put_user", "memcpy", "memset", "memmove",
	"kmalloc", "kzalloc", "kcalloc", "kmalloc_array", "krealloc", "kfree", "kvfree",
	"kvmalloc", "kvzalloc", "vmalloc", "vzalloc", "vfree", "kmem_cache_alloc",
	"kmem_cache_free", "printk", "pr_err", "pr_warn", "pr_info", "pr_notice", "pr_debug",
	"pr_cont", "dev_err", "dev_warn", "dev_info", "dev_dbg", "dev_notice", "mutex_lock",
	"mutex_unlock", "mutex_lock_interruptible", "down_read", "down_write", "up_read",
	"up_write", "schedule", "cond_resched", "might_fault", "might_sleep", "msleep",
	"usleep_range", "wait_for_completion", "fget", "fput", "fdget", "fdput", "kref_put",
	"get_page", "put_page", "get_user_pages", "get_user_pages_fast",
	"pin_user_pages_fast", "find_vma", "mmap_read_lock", "mmap_read_unlock",
	"do_page_fault", "handle_mm_fault", "send_sig", "force_sig", "force_sig_fault",
	"signal_pending", "audit_log",
};

bool known_outline_call(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(outline_calls) / sizeof(outline_calls[0]); i++)
		if (name_is(name, len, outline_calls[i]))
			return true;
	return false;
}

static bool all_upper(const char *p, size_t len)
{
	bool letter = false;
	for (size_t i = 0; i < len; i++) {
		if (islower((unsigned char)p[i]))
			return false;
		letter |= isupper((unsigned char)p[i]) != 0;
	}
	return letter;
}

static void add_cand(struct run *r, uint16_t rule, uint8_t need, enum check_id id, uint32_t off,
		     const struct trace *tr, char *msg, char *held, char *callee, const char *final)
{
	if (!r->report) {
		free(msg);
		free(held);
		free(callee);
		return;
	}
	const struct source *src = r->fr->src;
	struct pair_cand c = { .fn = r->fn, .rule = rule, .need = need, .held = held,
			       .callee = callee };
	c.f.id = id;
	c.f.at = source_at(src, off);
	c.f.msg = msg;
	c.f.func = xstrdup(r->g->name);
	size_t n = 0;
	for (const struct trace *t = tr; t; t = t->prev)
		n++;
	const struct trace **v = xmalloc((n + 1) * sizeof(*v));
	size_t k = n;
	for (const struct trace *t = tr; t; t = t->prev)
		v[--k] = t;
	for (size_t i = 0; i < n; i++) {
		const struct trace *t = v[i];
		struct step s = { .at = source_at(src, t->off) };
		if (t->kind == T_EDGE)
			s.msg = edge_note(t->edge_kind, t->text);
		else
			s.msg = xstrdup(t->text);
		VEC_PUSH(c.f.steps, s);
	}
	free(v);
	if (final) {
		struct step s = { .at = c.f.at, .msg = xstrdup(final) };
		VEC_PUSH(c.f.steps, s);
	}
	VEC_PUSH(r->cands, c);
}

static void check_window_call(struct run *r, struct pstate *s, TSNode call, const char *name,
			      size_t len)
{
	const struct rule *win = NULL;
	const struct held *h = NULL;
	for (int i = s->nheld; i-- > 0 && !win;)
		if (rule_of(r, s->h[i].rule)->allow.n) {
			win = rule_of(r, s->h[i].rule);
			h = &s->h[i];
		}
	if (!win || rule_allows(win, name, len) || all_upper(name, len) || r->fr->other_arch)
		return;
	uint8_t need;
	int fi = fn_index(r->fr, name, len);
	if (fi >= 0) {
		if (r->fr->ff->fns.v[fi].is_inline)
			return;
		need = PC_ALWAYS;
	} else if (known_outline_call(name, len)) {
		need = PC_ALWAYS;
	} else {
		need = PC_OUTLINE;	/* decided against the whole tree's definitions */
	}
	uint32_t off = ts_node_start_byte(call);
	for (size_t i = 0; i < r->seen.n; i++)
		if (r->seen.v[i] == off)
			return;
	VEC_PUSH(r->seen, off);
	unsigned line, col;
	source_pos(r->fr->src, h->off, &line, &col);
	add_cand(r, h->rule, need, C_UACCESS_CALL, off, s->trace,
		 xasprintf("call to '%.*s' inside a %s opened at line %u: only the unsafe_*() "
			   "accessors and uaccess-safe functions may run with user access enabled",
			   (int)len, name, win->what, line),
		 NULL, need == PC_OUTLINE ? xstrndup(name, len) : NULL,
		 "called with user access enabled");
}

/* --- transfer ---------------------------------------------------------- */

static void walk(struct run *r, struct pstate *s, TSNode n, bool root);

/* The variable a conditional acquire's result goes to: `v = call` or
 * `T v = call`; 0 when none. */
static uint16_t result_var(struct run *r, TSNode call)
{
	TSNode p = ts_node_parent(call);
	while (!ts_node_is_null(p) && node_is(p, S_parenthesized_expression))
		p = ts_node_parent(p);
	TSNode lhs = { 0 };
	if (node_is(p, S_assignment_expression))
		lhs = node_field(p, "left");
	else if (node_is(p, S_init_declarator))
		lhs = declarator_name(node_field(p, "declarator"));
	if (ts_node_is_null(lhs))
		return 0;
	lhs = strip_parens(lhs);
	if (!node_is(lhs, S_identifier) && !node_is(lhs, S_field_expression))
		return 0;
	return (uint16_t)(key_intern(r, node_text_nospace(lhs, r->fr->text)) + 1);
}

/* The identifier a key starts from: "ctx" of "&ctx->lock". */
static size_t key_root(const char *k, const char **root)
{
	while (*k == '&' || *k == '*')
		k++;
	size_t n = 0;
	while (isalnum((unsigned char)k[n]) || k[n] == '_')
		n++;
	*root = k;
	return n;
}

/*
 * A function defined nowhere in this file (a static inline of a header:
 * spu_release(ctx), unlock_page_ctx(ctx)) whose name says it releases, given
 * the object a held lock hangs off, is taken to release it: the report
 * would otherwise rest on a body we cannot see.
 */
static void release_by_name(struct run *r, struct pstate *s, TSNode call, const char *name,
			    size_t len)
{
	static const char *const words[] = { "unlock", "release", "_put", "_end", "_exit",
					     "_done", "_finish", "_leave", "_unref" };
	if (!s->nheld)
		return;
	bool says = false;
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]) && !says; i++)
		says = memmem(name, len, words[i], strlen(words[i])) != NULL;
	if (!says)
		return;
	TSNode args = node_field(call, "arguments");
	uint32_t na = ts_node_named_child_count(args);
	for (uint32_t a = 0; a < na && a < 4; a++) {
		char *t = key_text(ts_node_named_child(args, a), r->fr->text);
		const char *ar;
		size_t an = key_root(t, &ar);
		for (int i = s->nheld; an && i-- > 0;) {
			const struct held *h = &s->h[i];
			if (h->owed || !h->key || rule_of(r, h->rule)->check != C_LOCK_HELD_RETURN)
				continue;
			const char *kr;
			size_t kn = key_root(r->keys.v[h->key], &kr);
			if (kn == an && !memcmp(kr, ar, an))
				do_close(r, s, h->rule, h->key);
		}
		free(t);
	}
}

/* Open rule's object key at call; a conditional open (acq) waits for the
 * test of the call's result; via: the helper of this file that opened it. */
static void open_at(struct run *r, struct pstate *s, TSNode call, uint16_t rule, uint16_t key,
		    uint8_t acq, bool in_cond, const char *via, size_t via_len)
{
	uint16_t var = 0;
	if (acq != ACQ_ALWAYS) {
		var = result_var(r, call);
		if (!var)
			var = in_cond ? PEND_COND : 0;
	}
	struct held tmp = { rule, key, 0, false, 0 };
	char *hn = held_name(r, &tmp);
	const char *verb = rule_of(r, rule)->check == C_LOCK_HELD_RETURN ? "acquired" : "opened";
	char *t = via ? xasprintf("%s %s by '%s' (%.*s() takes it and returns with it held)", hn, verb,
				  arena_text(r, call, 60), (int)via_len, via)
		      : xasprintf("%s %s by '%s'", hn, verb, arena_text(r, call, 60));
	free(hn);
	do_open(r, s, rule, key, ts_node_start_byte(call), var ? acq : ACQ_ALWAYS, var,
		arena_strndup(&r->arena, t, strlen(t)));
	free(t);
}

static void on_call(struct run *r, struct pstate *s, TSNode call, bool in_cond)
{
	size_t len;
	const char *name = call_name(call, r->fr->text, &len);
	if (!name)
		return;
	int ri, ci;
	bool open;
	if (rules_lookup(name, len, &ri, &ci, &open)) {
		const struct rule *ru = rule_of(r, ri);
		if (!ru->allow.n)	/* taking a lock inside a user access window is a call too */
			check_window_call(r, s, call, name, len);
		const struct rule_call *c = open ? &ru->open.v[ci] : &ru->close.v[ci];
		uint16_t key = arg_key(r, call, c->arg);
		if (open)
			open_at(r, s, call, (uint16_t)ri, key, c->acq, in_cond, NULL, 0);
		else
			do_close(r, s, (uint16_t)ri, key);
		return;
	}
	check_window_call(r, s, call, name, len);
	const struct pair_sum *sum = callee_sum(r, name, len);
	if (!sum) {
		if (fn_index(r->fr, name, len) < 0)
			release_by_name(r, s, call, name, len);
		return;
	}
	for (int i = 0; i < sum->n; i++) {
		const struct pair_item *it = &sum->it[i];
		uint16_t key = translate_key(r, call, it->key);
		if (it->key && !key)
			continue;
		if (it->close)
			do_close(r, s, it->rule, key);
		else
			open_at(r, s, call, it->rule, key, it->acq, in_cond, name, len);
	}
}

static void walk(struct run *r, struct pstate *s, TSNode n, bool root)
{
	if (ts_node_is_null(n))
		return;
	if (!root && cfg_is_lowered(r->g, n))
		return;
	if (++r->depth > 400) {
		r->depth--;
		return;
	}
	if (node_is(n, S_call_expression)) {
		walk(r, s, node_field(n, "arguments"), false);
		on_call(r, s, n, r->in_cond);
	} else if (node_is(n, S_assignment_expression)) {
		/* the old value's conditions die first: the right side may
		 * start a conditional acquire whose result lands there */
		kill_lvalue(r, s, node_field(n, "left"));
		walk(r, s, node_field(n, "right"), false);
		if (node_text_is(node_field(n, "operator"), r->fr->text, "=")) {
			assume_literal(r, s, node_field(n, "left"), node_field(n, "right"));
			assume_holder(r, s, node_field(n, "left"), node_field(n, "right"));
		}
	} else if (node_is(n, S_init_declarator)) {
		walk(r, s, node_field(n, "value"), false);
		assume_literal(r, s, declarator_name(node_field(n, "declarator")), node_field(n, "value"));
	} else if (node_is(n, S_update_expression)) {
		kill_lvalue(r, s, node_field(n, "argument"));
	} else if (node_is(n, S_pointer_expression) &&
		   node_text_is(node_field(n, "operator"), r->fr->text, "&")) {
		/* what a call is given the address of, it may change */
		kill_lvalue(r, s, node_field(n, "argument"));
		walk(r, s, node_field(n, "argument"), false);
	} else {
		uint32_t c = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < c; i++)
			walk(r, s, ts_node_named_child(n, i), false);
	}
	r->depth--;
}

/*
 * How a branch condition relates to a value: 1 when the condition is true
 * exactly if *core is zero, 0 when exactly if it is non-zero, -1 unknown.
 * *core is the identifier or call tested.
 */
static int zero_on(struct run *r, TSNode c, TSNode *core, int depth)
{
	const char *t = r->fr->text;
	c = strip_parens(c);
	if (ts_node_is_null(c) || depth > 8)
		return -1;
	if (node_is(c, S_identifier) || node_is(c, S_field_expression)) {
		*core = c;
		return 0;
	}
	if (node_is(c, S_call_expression)) {
		size_t len;
		const char *name = call_name(c, t, &len);
		TSNode args = node_field(c, "arguments");
		if ((name_is(name, len, "likely") || name_is(name, len, "unlikely") ||
		     name_is(name, len, "WARN_ON") || name_is(name, len, "WARN_ON_ONCE")) &&
		    ts_node_named_child_count(args) == 1)
			return zero_on(r, ts_node_named_child(args, 0), core, depth + 1);
		*core = c;
		return 0;
	}
	if (node_is(c, S_assignment_expression)) {
		TSNode rhs = strip_parens(node_field(c, "right"));
		if (node_is(rhs, S_call_expression)) {
			*core = rhs;
			return 0;
		}
		return -1;
	}
	if (node_is(c, S_unary_expression) && node_text_is(node_field(c, "operator"), t, "!")) {
		int z = zero_on(r, node_field(c, "argument"), core, depth + 1);
		return z < 0 ? -1 : 1 - z;
	}
	if (node_is(c, S_binary_expression)) {
		TSNode a = strip_parens(node_field(c, "left")), b = strip_parens(node_field(c, "right"));
		TSNode op = node_field(c, "operator");
		TSNode e;
		if (node_is(b, S_number_literal) && node_text_is(b, t, "0"))
			e = a;
		else if (node_is(a, S_number_literal) && node_text_is(a, t, "0"))
			e = b;
		else
			return -1;
		int z = zero_on(r, e, core, depth + 1);
		if (z < 0)
			return -1;
		if (node_text_is(op, t, "==") || node_text_is(op, t, ">="))
			return 1 - z;
		if (node_text_is(op, t, "!=") || node_text_is(op, t, "<"))
			return z;
		return -1;
	}
	return -1;
}

static uint8_t ret_class(struct run *r, TSNode n)
{
	const char *t = r->fr->text;
	n = strip_parens(n);
	if (ts_node_is_null(n))
		return RC_UNK;
	if (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), t, "-"))
		return RC_NEG;
	if (node_is(n, S_number_literal)) {
		if (t[ts_node_start_byte(n)] == '-')
			return RC_NEG;
		return node_text_is(n, t, "0") ? RC_ZERO : RC_POS;
	}
	if (node_is(n, S_true))
		return RC_POS;
	if (node_is(n, S_false) || node_is(n, S_null))
		return RC_ZERO;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, t, &len);
		if (name_is(name, len, "PTR_ERR") || name_is(name, len, "ERR_PTR"))
			return RC_NEG;
	}
	return RC_UNK;
}

static void record_exit(struct run *r, const struct pstate *s, uint32_t off, uint8_t rc,
			int ret_acq)
{
	for (size_t i = 0; i < r->exits.n; i++) {
		struct pexit *e = &r->exits.v[i];
		if (e->off == off && e->nheld == s->nheld && e->rclass == rc &&
		    !memcmp(e->h, s->h, s->nheld * sizeof(struct held)))
			return;
	}
	struct pexit e = { off, rc, ret_acq >= 0, (uint8_t)(ret_acq >= 0 ? ret_acq : 0), s->nheld,
			   {{0}}, s->trace };
	memcpy(e.h, s->h, s->nheld * sizeof(struct held));
	VEC_PUSH(r->exits, e);
}

static void transfer(struct run *r, const struct cfg_block *blk, struct pstate s)
{
	for (size_t i = 0; i < blk->elems.n; i++) {
		const struct cfg_elem *e = &blk->elems.v[i];
		switch (e->kind) {
		case EL_EXPR:
		case EL_DECL:
		case EL_COND:
			r->in_cond = e->kind == EL_COND;
			walk(r, &s, e->node, true);
			r->in_cond = false;
			break;
		case EL_RETURN: {
			TSNode val = node_is(e->node, S_return_statement) ? ts_node_named_child(e->node, 0)
									 : (TSNode){ 0 };
			uint8_t np = s.npend;
			r->in_cond = true;	/* `return trylock(...)`: the caller decides */
			walk(r, &s, e->node, true);
			r->in_cond = false;
			int racq = s.npend > np ? s.p[s.npend - 1].acq : -1;
			TSNode core = { 0 };
			int zo = ts_node_is_null(val) ? -1 : zero_on(r, val, &core, 0);
			if (racq < 0 && zo >= 0 &&
			    (node_is(core, S_identifier) || node_is(core, S_field_expression))) {
				char *k = node_text_nospace(core, r->fr->text);
				for (int p = 0; p < s.npend; p++)
					if (s.p[p].var != PEND_COND && s.p[p].var &&
					    !strcmp(r->keys.v[s.p[p].var - 1], k))
						racq = s.p[p].acq;
				free(k);
			}
			/* `return !trylock()` turns the meaning round */
			if (racq >= 0 && zo == 1)
				racq = racq == ACQ_ZERO ? ACQ_NONZERO : ACQ_ZERO;
			record_exit(r, &s, ts_node_start_byte(e->node),
				    ts_node_is_null(val) ? RC_UNK : ret_class(r, val), racq);
			return;
		}
		case EL_END:
			record_exit(r, &s, ts_node_start_byte(e->node), RC_UNK, -1);
			return;
		case EL_NORETURN:
			return;
		}
	}
	/* a test of a conditional acquire's result decides it on each edge */
	int zo = -1;
	int pend_at = -1;
	if (blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND && s.npend) {
		TSNode core = { 0 };
		zo = zero_on(r, blk->elems.v[blk->elems.n - 1].node, &core, 0);
		if (zo >= 0) {
			uint16_t var = 0;
			if (node_is(core, S_call_expression)) {
				var = PEND_COND;
				TSNode p = ts_node_parent(core);
				while (!ts_node_is_null(p) && node_is(p, S_parenthesized_expression))
					p = ts_node_parent(p);
				if (node_is(p, S_assignment_expression))
					var = result_var(r, core);
			} else {
				char *k = node_text_nospace(core, r->fr->text);
				for (size_t i = 1; i < r->keys.n && !var; i++)
					if (!strcmp(r->keys.v[i], k))
						var = (uint16_t)(i + 1);
				free(k);
			}
			for (int i = 0; i < s.npend && pend_at < 0; i++)
				if (var && s.p[i].var == var)
					pend_at = i;
		}
	}
	/* `if (helper() < 0)` where helper() of this file only returns 0: the
	 * edge that needs another value is not a path */
	int dead_zero = -1;	/* 1: the edge where the value is zero is dead; 0: non-zero */
	if (blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND) {
		TSNode core = { 0 };
		int z = zero_on(r, blk->elems.v[blk->elems.n - 1].node, &core, 0);
		size_t len;
		const char *name = z >= 0 && node_is(core, S_call_expression)
					   ? call_name(core, r->fr->text, &len) : NULL;
		int fi = name ? fn_index(r->fr, name, len) : -1;
		if (fi >= 0 && r->fr->sums[fi].known && r->fr->sums[fi].rets) {
			uint8_t rets = r->fr->sums[fi].rets;
			if (rets == (1u << RC_ZERO))
				dead_zero = 0;
			else if (rets == (1u << RC_NEG))	/* (`< 0` reads positive as zero) */
				dead_zero = 1;
			if (dead_zero >= 0)
				dead_zero = dead_zero == 1 ? (z == 1 ? E_TRUE : E_FALSE)
							   : (z == 1 ? E_FALSE : E_TRUE);
		}
	}
	/* `if (m)` after mutex_lock(m): on the edge where m is NULL it is not held */
	int null_item = -1, null_zo = -1;
	if (blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND && s.nheld) {
		TSNode core = { 0 };
		null_zo = zero_on(r, blk->elems.v[blk->elems.n - 1].node, &core, 0);
		if (null_zo >= 0 && (node_is(core, S_identifier) || node_is(core, S_field_expression))) {
			char *k = node_text_nospace(core, r->fr->text);
			for (int i = 0; i < s.nheld && null_item < 0; i++)
				if (s.h[i].key && !s.h[i].owed && !strcmp(r->keys.v[s.h[i].key], k))
					null_item = i;
			free(k);
		}
	}
	int loop_truth = -1;
	if (blk->elems.n && blk->elems.v[blk->elems.n - 1].kind == EL_COND && blk->succs.n == 2 &&
	    blk->succs.v[0].atom < 0 && blk->succs.v[1].atom < 0)
		loop_truth = loop_test_implied(r, &s, blk->elems.v[blk->elems.n - 1].node);
	for (size_t i = 0; i < blk->succs.n; i++) {
		const struct cfg_edge *e = &blk->succs.v[i];
		if (dead_zero >= 0 && e->kind == dead_zero)
			continue;
		if (loop_truth >= 0 && (e->kind == E_TRUE || e->kind == E_FALSE) &&
		    (e->kind == E_TRUE) != loop_truth)
			continue;
		struct pstate ns = s;
		if (null_item >= 0 && (e->kind == E_TRUE || e->kind == E_FALSE) &&
		    (e->kind == E_TRUE) == (null_zo == 1)) {
			held_del(&ns, null_item);
		}
		if (pend_at >= 0 && (e->kind == E_TRUE || e->kind == E_FALSE)) {
			bool zero = e->kind == E_TRUE ? zo == 1 : zo == 0;
			struct pend p = ns.p[pend_at];
			bool taken = p.acq == ACQ_ZERO ? zero : !zero;
			pend_del(&ns, pend_at);
			if (!taken) {
				int h = held_find(&ns, &p.h);
				if (h >= 0)
					held_del(&ns, h);
			}
		}
		/* a condition's own pending acquire ends with the condition */
		for (int k = 0; k < ns.npend;)
			if (ns.p[k].var == PEND_COND)
				pend_del(&ns, k);
			else
				k++;
		if (e->atom >= 0) {
			int have = assume_get(&ns, e->atom);
			if (have < 0)
				have = implied(r, &ns, e->atom);
			if (have >= 0 && have != e->polarity)
				continue;
			assume_add(&ns, e->atom, e->polarity);
		}
		if (ns.nheld && e->kind != E_NEXT && e->kind != E_LOOP && e->off)
			ns.trace = push_trace(r, ns.trace, T_EDGE, e->kind, e->off, e->label);
		add_state(r, e->to->id, &ns);
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
		return false;
	*acq = (with & (1u << RC_ZERO)) ? ACQ_ZERO : ACQ_NONZERO;
	return true;
}

/* A key relative to the function's parameters ("$0->lock"), or NULL when
 * it names a local object. */
static const char *sum_key(struct run *r, uint16_t key, struct arena *a)
{
	const char *k = r->keys.v[key];
	size_t pre = 0;
	while (k[pre] == '&' || k[pre] == '*')
		pre++;
	size_t e = pre;
	while (isalnum((unsigned char)k[e]) || k[e] == '_')
		e++;
	int p = param_index(r, k + pre, e - pre);
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
	if (r->budget_hit || !r->exits.n)
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
		sum->it[sum->n++] = (struct pair_item){ h->rule, acq, false, key };
	}
	VEC_FREE(cand);
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

static void judge(struct run *r)
{
	if (exempt(r))
		return;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct pexit *e = &r->exits.v[i];
		bool at_brace = r->fr->text[e->off] == '}';
		for (int k = 0; k < e->nheld; k++) {
			const struct held *h = &e->h[k];
			if (h->owed)
				continue;
			bool dup = false;
			for (int j = 0; j < k; j++)
				dup |= e->h[j].rule == h->rule;
			/* the same exit reached holding the same thing by another path */
			for (size_t m = 0; m < i && !dup; m++)
				for (int j = 0; j < r->exits.v[m].nheld && !dup; j++)
					dup = r->exits.v[m].off == e->off &&
					      r->exits.v[m].h[j].rule == h->rule &&
					      (rule_of(r, h->rule)->check == C_PAIR_UNBALANCED ||
					       r->exits.v[m].h[j].key == h->key);
			if (dup)
				continue;
			const struct rule *ru = rule_of(r, h->rule);
			if (e->returns_acq)
				continue;	/* the caller learns from the result */
			/* a result that tells the caller excuses a helper, not an entry point */
			uint8_t acq;
			bool told = correlated(r, h->rule, &acq);
			char *hn = held_name(r, h);
			const char *fin = at_brace ? "falls off the end of the function with it held"
						   : "returns with it held";
			if (ru->check == C_LOCK_HELD_RETURN) {
				add_cand(r, h->rule, PC_ENTRY, C_LOCK_HELD_RETURN, e->off, e->trace, NULL, hn, NULL, fin);
				continue;
			}
			bool mixed = false;
			for (size_t m = 0; m < r->exits.n && !mixed; m++)
				mixed = !exit_has_rule(&r->exits.v[m], h->rule);
			/* a wrapper named to open (dc_fpu_begin: only the outermost
			 * call opens) keeps it open by design */
			mixed &= !told && !opener_name(r->g->name);
			char *msg = mixed ? xasprintf("'%s' returns with the %s still open on this path but "
						      "closes it on others", r->g->name, hn)
					  : NULL;
			add_cand(r, h->rule, mixed ? PC_ALWAYS : PC_ENTRY, C_PAIR_UNBALANCED, e->off, e->trace, msg,
				 hn, NULL, at_brace ? "falls off the end of the function with it open"
						    : "returns with it open");
		}
	}
}

/* Analyse function i; returns false when the budget ran out. */
static bool run_fn(struct frun *fr, size_t i, bool report, struct pair_sum *sum,
		   pair_cand_list *out, struct arena *sums_arena)
{
	const char *name = fr->ff->fns.v[i].name;
	struct arena ga;
	arena_init(&ga);
	struct cfg g;
	cfg_build(&g, &ga, fr->text, fr->fns[i], name, fr->ff->ctl);
	struct run r = { .fr = fr, .g = &g, .fn = (uint32_t)i, .report = report };
	arena_init(&r.arena);
	VEC_PUSH(r.keys, xstrdup(""));
	r.nparams = function_params(fr->fns[i], fr->text, r.params, MAX_PARAMS);
	for (int k = 0; k < r.nparams; k++)
		if (!r.params[k].name)
			r.params[k].len = 0;
	size_t nb = g.blocks.n;
	r.in = xcalloc(nb ? nb : 1, sizeof(*r.in));
	r.queued = xcalloc(nb ? nb : 1, sizeof(bool));
	struct pstate init = {0};
	if (g.entry)
		add_state(&r, g.entry->id, &init);
	size_t budget = fr->o->budget ? fr->o->budget : 100000;
	while (r.work.n) {
		uint32_t b = r.work.v[--r.work.n];
		r.queued[b] = false;
		for (size_t k = 0; k < r.in[b].n; k++) {
			if (r.in[b].v[k].done)
				continue;
			r.in[b].v[k].done = true;
			if (++r.transfers > budget) {
				r.budget_hit = true;
				goto out;
			}
			transfer(&r, g.blocks.v[b], r.in[b].v[k]);
		}
	}
	judge(&r);
out:
	summarize(&r, sum, sums_arena);
	if (!r.budget_hit)
		for (size_t k = 0; k < r.cands.n; k++)
			VEC_PUSH(*out, r.cands.v[k]);
	else
		pair_cands_release(&r.cands);
	VEC_FREE(r.cands);
	for (size_t k = 0; k < nb; k++)
		VEC_FREE(r.in[k]);
	free(r.in);
	free(r.queued);
	VEC_FREE(r.work);
	VEC_FREE(r.exits);
	VEC_FREE(r.closes);
	VEC_FREE(r.seen);
	for (size_t k = 0; k < r.keys.n; k++)
		free(r.keys.v[k]);
	VEC_FREE(r.keys);
	arena_release(&r.arena);
	cfg_release(&g);
	arena_release(&ga);
	return !r.budget_hit;
}

void pair_cands_release(pair_cand_list *v)
{
	for (size_t i = 0; i < v->n; i++) {
		finding_release(&v->v[i].f);
		free(v->v[i].held);
		free(v->v[i].callee);
	}
	VEC_FREE(*v);
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
		struct file_result *res)
{
	const struct rule_set *rs = rules_get();
	if (!rs || !n || !(o->enabled[C_PAIR_UNBALANCED] || o->enabled[C_LOCK_HELD_RETURN] ||
			   o->enabled[C_UACCESS_CALL]))
		return;
	struct frun fr = { .o = o, .src = src, .text = src->text, .rs = rs, .ff = ff,
			   .fns = fns };
	bool *direct = xcalloc(n, sizeof(bool));
	unsigned *kinds = xcalloc(n, sizeof(unsigned));
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		kinds[i] = f->unanalysable ? 0 : rules_relevant(src->text, f->start, f->end);
		direct[i] = kinds[i] != 0;
		any |= direct[i];
	}
	if (!any) {
		free(direct);
		free(kinds);
		return;
	}
	const char *arch = strstr(path, "arch/");
	if (arch && (arch == path || arch[-1] == '/'))
		fr.other_arch = strncmp(arch + 5, "x86/", 4) != 0 && strncmp(arch + 5, "um/", 3) != 0;
	fr.nslots = 16;
	while (fr.nslots < n * 2)
		fr.nslots *= 2;
	fr.by_hash = xcalloc(fr.nslots, sizeof(uint32_t));
	for (size_t i = 0; i < n; i++) {
		const char *nm = ff->fns.v[i].name;
		uint32_t h = (uint32_t)hash_bytes(nm, strlen(nm), 3) & (uint32_t)(fr.nslots - 1);
		while (fr.by_hash[h])
			h = (h + 1) & (uint32_t)(fr.nslots - 1);
		fr.by_hash[h] = (uint32_t)i + 1;
	}
	/* a function that only takes locks, can never be an entry point and is
	 * called by nothing in its file (a callback stored in some ops table)
	 * can report nothing and tell no caller anything: not analysed */
	bool *called = xcalloc(n, sizeof(bool));
	for (size_t i = 0; i < n; i++) {
		const struct fn_fact *f = &ff->fns.v[i];
		for (uint32_t k = 0; k < f->ncalls; k++) {
			const char *c = f->calls[k].callee;
			int j = c[0] == '.' ? -1 : fn_index(&fr, c, strlen(c));
			if (j >= 0 && (size_t)j != i)
				called[j] = true;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (direct[i] && kinds[i] == RULES_LOCK && !called[i] && !maybe_entry(o, ff, i))
			direct[i] = false;
	free(called);
	free(kinds);
	fr.sums = xcalloc(n, sizeof(struct pair_sum));
	struct arena sa;
	arena_init(&sa);
	pair_cand_list *per = xcalloc(n, sizeof(*per));
	bool *need = xcalloc(n, sizeof(bool));
	bool *bad = xcalloc(n, sizeof(bool));
	for (size_t i = 0; i < n; i++)
		need[i] = direct[i];
	/* round 0: the functions that name a rule call; then their callers in
	 * the file, and again while summaries change */
	for (int round = 0; round < ROUNDS; round++) {
		bool changed = false;
		for (size_t i = 0; i < n; i++) {
			if (!need[i] || ff->fns.v[i].unanalysable)
				continue;
			struct pair_sum sum;
			pair_cands_release(&per[i]);
			bad[i] = !run_fn(&fr, i, true, &sum, &per[i], &sa);
			if (!sum_eq(&sum, &fr.sums[i]) && (sum.n || fr.sums[i].n))
				changed = true;
			fr.sums[i] = sum;
			need[i] = false;
		}
		if (!changed && round)
			break;
		/* callers of functions with an effect run (again) */
		bool more = false;
		for (size_t i = 0; i < n; i++) {
			const struct fn_fact *f = &ff->fns.v[i];
			if (f->unanalysable)
				continue;
			for (uint32_t k = 0; k < f->ncalls && !need[i]; k++) {
				const char *c = f->calls[k].callee;
				int j = c[0] == '.' ? -1 : fn_index(&fr, c, strlen(c));
				if (j >= 0 && (size_t)j != i && fr.sums[j].known && fr.sums[j].n &&
				    (round == 0 || changed))
					need[i] = more = true;
			}
		}
		if (!more)
			break;
	}
	for (size_t i = 0; i < n; i++) {
		for (int k = 0; k < fr.sums[i].n; k++)
			if (fr.sums[i].it[k].close && fr.sums[i].it[k].rule < 32)
				ff->fns.v[i].pair_closes |= 1u << fr.sums[i].it[k].rule;
		/* a static function is an entry point only through its own file
		 * (its registration, or --entry): keep no candidate that waits
		 * for one it can never be (memory on a whole tree) */
		bool may = maybe_entry(o, ff, i);
		for (size_t k = 0; k < per[i].n; k++) {
			struct pair_cand *c = &per[i].v[k];
			if (c->need == PC_ENTRY && !may) {
				finding_release(&c->f);
				free(c->held);
				free(c->callee);
				continue;
			}
			VEC_PUSH(*out, *c);
		}
		VEC_FREE(per[i]);
		if (bad[i]) {
			struct partial part = { xstrdup(ff->fns.v[i].name), ff->fns.v[i].line,
						xasprintf("lock and pair rules not checked: more than %zu states "
							  "(--state-budget)", o->budget), false };
			VEC_PUSH(res->partial, part);
		}
	}
	free(per);
	free(need);
	free(bad);
	free(direct);
	free(fr.sums);
	free(fr.by_hash);
	arena_release(&sa);
}
