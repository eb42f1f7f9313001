// SPDX-License-Identifier: GPL-2.0
/*
 * What the paired-state walk (check_pairs_walk.c) knows beyond the open
 * items, for lock-unbalanced's precision: facts a function's own code
 * gives its callers about the lock state, which a report must not
 * contradict.
 *
 *   - The value of a returned variable along the path (`int ret = 0;`,
 *     `err = lnum` after `if (lnum < 0)`): a result that tells the caller
 *     whether the lock is held is a contract, not a missed unlock.
 *   - A release under a test of the function's own locals that falls
 *     through (`if (m1) mutex_unlock(m1);`, `if (!(seq & 1))
 *     rcu_read_unlock();`): the author released exactly where the local
 *     says the lock is held; a path that skips it keeps the lock by the
 *     local's own reasoning (a retry flag, a handle set when taken, a
 *     state bit), which the walk cannot follow.  The classic missed
 *     unlock is a path with no release at all (an early return or goto),
 *     and a release under a test of other state (a field, a macro) may be
 *     the bug itself: both are left alone.
 *   - A lock handed to the caller through an out-parameter
 *     (`*bucket = get_hash_bucket(...)`, `*res = dev` with dev->lock held).
 *   - Locks of the non-owner kind (down_read_non_owner()), released by
 *     another context by design.
 *
 * And one fact it must not keep: a test made before a lock is taken of
 * what is read through a pointer (`if (!cx->ready) return;`), which
 * another task may change while this one waits for the lock; code tests
 * it again under the lock, and that second test may fail
 * (flow_forget_shared()).
 */
#include "check_pairs_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* --- the walk's small look-ups ----------------------------------------- */

/* The same thing held (where it was taken only names it in the path). */
bool held_eq(const struct held *a, const struct held *b)
{
	return a->rule == b->rule && a->key == b->key && a->owed == b->owed;
}

/* The hashes of the walk's states (dataflow.h): what held_eq() compares,
 * mixed so that items in any order sum alike (the kind) or not (the hash). */
static uint64_t held_hash(const struct held *h)
{
	uint64_t v = (uint64_t)h->rule << 17 | (uint64_t)h->key << 1 | h->owed;
	v = (v ^ (v >> 31)) * 0xff51afd7ed558ccdull;
	return v ^ (v >> 29);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001b3ull + (h >> 23);
}

/* Equal states (state_eq()) hash alike: the assumptions, the returned
 * variables' classes, the items in order with their counts, the pending
 * acquires. */
uint64_t pstate_hash(const void *sv)
{
	const struct pstate *s = sv;
	uint64_t h = mix(mix(mix(mix(0, s->nheld), s->npend), s->nvcl), s->hd.as.n);
	for (int i = 0; i < s->hd.as.n; i++)
		h = mix(h, (uint64_t)s->hd.as.v[i].atom << 8 | s->hd.as.v[i].pol);
	for (int i = 0; i < s->nvcl; i++)
		h = mix(h, (uint64_t)s->vc[i].var << 8 | s->vc[i].cls);
	for (int i = 0; i < s->nheld; i++)
		h = mix(h, held_hash(&s->h[i]) ^ ((uint64_t)s->h[i].count << 1 | s->h[i].cskip));
	for (int i = 0; i < s->npend; i++)
		h = mix(mix(h, (uint64_t)s->p[i].var << 8 | s->p[i].acq), held_hash(&s->p[i].h));
	return h;
}

/* States that hold the same items (same_items(): no item is held twice,
 * see do_open()) share a kind whatever their order. */
uint64_t pstate_kind(const void *sv)
{
	const struct pstate *s = sv;
	uint64_t k = s->nheld;
	for (int i = 0; i < s->nheld; i++)
		k += held_hash(&s->h[i]);
	return k;
}

const struct rule *pairs_rule(const struct run *r, int i)
{
	return &r->fr->rs->v.v[i];
}

/* --- returned variables ------------------------------------------------ */

/* A return statement's variable, once each (at most MAX_RVARS). */
static void note_rvar(struct run *r, TSNode n)
{
	TSNode v = strip_parens(ts_node_named_child(n, 0));
	if (ts_node_is_null(v) || !node_is(v, S_identifier) || node_len(v) >= 256)
		return;
	const char *p = node_ptr(v, r->fr->text);
	size_t len = node_len(v);
	for (int i = 0; i < r->nrvars; i++)
		if (r->rvar_len[i] == len && !memcmp(r->rvars[i], p, len))
			return;
	r->rvars[r->nrvars] = p;
	r->rvar_len[r->nrvars++] = (uint8_t)len;
}

/* Does some `return` of the body (offsets ret[0, n), in order) lie in
 * [from, to)? */
static bool holds_return(const uint32_t *ret, size_t n, uint32_t from, uint32_t to)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (ret[mid] < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && ret[lo] < to;
}

/* The variables the body's return statements return, in the order of the
 * text, no deeper than 200 nodes.  A cursor: ts_node_named_child(n, i)
 * walks from the first child each time, quadratic over a long body; and
 * only into the nodes whose text holds the word `return` (the walk went
 * through every node of every function analysed: 1.4% of a linux-6.1
 * run). */
static void collect_rvars(struct run *r, TSNode body)
{
	if (ts_node_is_null(body))
		return;
	const char *t = r->fr->text;
	uint32_t from = ts_node_start_byte(body), to = ts_node_end_byte(body);
	VEC(uint32_t) ret = {0};
	for (const char *p = t + from; (p = memmem(p, (size_t)(t + to - p), "return", 6)); p += 6)
		VEC_PUSH(ret, (uint32_t)(p - t));
	if (!ret.n)
		return;
	TSTreeCursor c = ts_tree_cursor_new(body);
	int depth = 0;
	while (r->nrvars < MAX_RVARS) {
		TSNode n = ts_tree_cursor_current_node(&c);
		bool named = ts_node_is_named(n), ret_stmt = named && node_is(n, S_return_statement);
		if (ret_stmt)
			note_rvar(r, n);
		if (named && !ret_stmt && depth < 200 &&
		    holds_return(ret.v, ret.n, ts_node_start_byte(n), ts_node_end_byte(n)) &&
		    ts_tree_cursor_goto_first_child(&c)) {
			depth++;
			continue;
		}
		while (depth > 0 && !ts_tree_cursor_goto_next_sibling(&c)) {
			ts_tree_cursor_goto_parent(&c);
			depth--;
		}
		if (depth == 0)
			break;
	}
	ts_tree_cursor_delete(&c);
	VEC_FREE(ret);
}

void flow_init(struct run *r)
{
	r->nrvars = 0;
	r->cskip_kind = -1;
	r->cskip_mask = 0;
	r->registered = entries_lookup(&r->fr->ff->regs, r->fr->ff->fns.v[r->fn].name) != NULL;
	collect_rvars(r, node_field(r->fr->fns[r->fn], "body"));
}

/* The index of the returned variable n names, or -1. */
static int rvar_of(const struct run *r, TSNode n)
{
	n = strip_parens(n);
	if (ts_node_is_null(n) || !node_is(n, S_identifier))
		return -1;
	const char *p = node_ptr(n, r->fr->text);
	size_t len = node_len(n);
	for (int i = 0; i < r->nrvars; i++)
		if (r->rvar_len[i] == len && !memcmp(r->rvars[i], p, len))
			return i;
	return -1;
}

static void vcl_del(struct pstate *s, int var)
{
	for (int i = 0; i < s->nvcl; i++)
		if (s->vc[i].var == var) {
			memmove(&s->vc[i], &s->vc[i + 1], (size_t)(s->nvcl - i - 1) * sizeof(struct vcl));
			s->nvcl--;
			return;
		}
}

uint8_t flow_class(const struct run *r, const struct pstate *s, TSNode val)
{
	int v = rvar_of(r, val);
	for (int i = 0; v >= 0 && i < s->nvcl; i++)
		if (s->vc[i].var == v)
			return s->vc[i].cls;
	return RC_UNK;
}

void flow_kill(struct run *r, struct pstate *s, TSNode lvalue)
{
	int v = rvar_of(r, lvalue);
	if (v >= 0)
		vcl_del(s, v);
}

/* The identifier an lvalue is reached from (`bucket` of `*bucket`,
 * `p->x[1].y`), or a null node. */
static TSNode lvalue_root(TSNode n, bool *through)
{
	*through = false;
	for (int guard = 0; guard < 64; guard++) {
		n = strip_parens(n);
		if (node_is(n, S_pointer_expression) || node_is(n, S_subscript_expression)) {
			*through = true;
			n = node_is(n, S_pointer_expression) ? node_field(n, "argument")
							     : ts_node_named_child(n, 0);
		} else if (node_is(n, S_field_expression)) {
			TSNode op = node_field(n, "operator");
			*through |= !ts_node_is_null(op) && node_len(op) == 2;	/* -> */
			n = node_field(n, "argument");
		} else {
			break;
		}
	}
	return node_is(n, S_identifier) ? n : (TSNode){ 0 };
}

size_t pairs_key_root(const char *k, const char **root)
{
	while (*k == '&' || *k == '*')
		k++;
	size_t n = 0;
	while (isalnum((unsigned char)k[n]) || k[n] == '_')
		n++;
	*root = k;
	return n;
}

static void held_drop(struct pstate *s, int i)
{
	for (int k = 0; k < s->npend;)
		if (held_eq(&s->p[k].h, &s->h[i])) {
			memmove(&s->p[k], &s->p[k + 1], (size_t)(s->npend - k - 1) * sizeof(struct pend));
			s->npend--;
		} else {
			k++;
		}
	memmove(&s->h[i], &s->h[i + 1], (size_t)(s->nheld - i - 1) * sizeof(struct held));
	s->nheld--;
}

/* Item i handed to the caller: not held here any more, and its release
 * here is not judged by lock-release-unheld (check_pairs_rel.c) either. */
static void handed_drop(struct run *r, struct pstate *s, int i)
{
	if (s->h[i].rule < 32)
		r->unsure_rules |= 1u << s->h[i].rule;
	held_drop(s, i);
}

/*
 * `*bucket = get_hash_bucket(&idx, flags)` (the call took the lock) or
 * `*res = dev` / `out->dev = dev` (dev->lock held), the left side reached
 * through a pointer parameter: the caller receives the locked object, the
 * lock goes with it (kernel/dma/debug.c bucket_find_contain(), 6.1).
 */
/* `priv->trans.act.semaphore = &mlc->csem` with mlc->csem held: the lock
 * itself is handed to whoever completes the transaction (hp_sdc_mlc_cts()
 * returns holding it for the interrupt to up()). */
static void lock_stored(struct run *r, struct pstate *s, TSNode lhs, TSNode rhs)
{
	if (node_is(strip_parens(lhs), S_identifier))
		return;	/* a local alias */
	rhs = strip_parens(rhs);
	while (node_is(rhs, S_cast_expression))
		rhs = strip_parens(node_field(rhs, "value"));
	if (!node_is(rhs, S_pointer_expression) || node_text_is(node_field(rhs, "operator"), r->fr->text, "*"))
		return;
	char *t = node_text_nospace(rhs, r->fr->text);
	size_t w = 0;
	for (size_t k = 0; t[k]; k++)
		if (t[k] != '(' && t[k] != ')')
			t[w++] = t[k];
	t[w] = 0;
	for (int i = s->nheld; i-- > 0;)
		if (!s->h[i].owed && s->h[i].key && !strcmp(r->keys.v[s->h[i].key], t))
			handed_drop(r, s, i);
	free(t);
}

static void handed_out(struct run *r, struct pstate *s, TSNode lhs, TSNode rhs)
{
	/* an entry point's caller is the way back to user mode: `file->
	 * private_data = dev` in an ->open keeps the lock (usb-skeleton) */
	if (r->registered)
		return;
	lock_stored(r, s, lhs, rhs);
	bool through;
	TSNode root = lvalue_root(lhs, &through);
	if (!through || ts_node_is_null(root) ||
	    df_param_index(&r->params, node_ptr(root, r->fr->text), node_len(root)) < 0)
		return;
	rhs = strip_parens(rhs);
	while (node_is(rhs, S_cast_expression))
		rhs = strip_parens(node_field(rhs, "value"));
	if (node_is(rhs, S_call_expression)) {
		uint32_t off = ts_node_start_byte(rhs);
		for (int i = s->nheld; i-- > 0;)
			if (!s->h[i].owed && s->h[i].off == off)
				handed_drop(r, s, i);
	} else if (node_is(rhs, S_identifier)) {
		const char *p = node_ptr(rhs, r->fr->text);
		size_t len = node_len(rhs);
		/* (`tp->timer.data = (unsigned long)tp`: stored into itself) */
		if (node_len(root) == len && !memcmp(node_ptr(root, r->fr->text), p, len))
			return;
		for (int i = s->nheld; i-- > 0;) {
			const char *kr;
			if (s->h[i].owed || !s->h[i].key)
				continue;
			size_t kn = pairs_key_root(r->keys.v[s->h[i].key], &kr);
			if (kn == len && !memcmp(kr, p, len) && kr[kn] == '-' && kr[kn + 1] == '>')
				handed_drop(r, s, i);
		}
	}
}

void flow_assign(struct run *r, struct pstate *s, TSNode lhs, TSNode rhs, bool decl)
{
	if (ts_node_is_null(lhs) || ts_node_is_null(rhs))
		return;
	if (!decl)
		handed_out(r, s, lhs, rhs);
	int v = rvar_of(r, lhs);
	if (v < 0)
		return;
	uint8_t cls = df_ret_class(rhs, r->fr->text);
	if (cls == RC_UNK && node_is(strip_parens(rhs), S_identifier))
		cls = pairs_path_class(r, s, rhs);
	vcl_del(s, v);
	if (cls != RC_UNK && s->nvcl < MAX_RVARS)
		s->vc[s->nvcl++] = (struct vcl){ (uint8_t)v, cls };
}

/* --- releases under a test ---------------------------------------------- */

/* Does n leave the statement it is in (return, goto, break, continue)? */
static bool jumps(TSNode n, int depth)
{
	if (depth > 100)
		return true;
	if (node_is(n, S_return_statement) || node_is(n, S_goto_statement) ||
	    node_is(n, S_break_statement) || node_is(n, S_continue_statement))
		return true;
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		if (jumps(ts_node_named_child(n, i), depth + 1))
			return true;
	return false;
}

/* The held items (bits) a release among the calls of n would release
 * (with acq: that an acquire among them would take again). */
static uint8_t touched_in(struct run *r, const struct pstate *s, TSNode n, bool acq, int depth)
{
	if (depth > 100)
		return 0;
	uint8_t out = 0;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, r->fr->text, &len);
		int ri, ci, fi;
		bool open;
		if (name && rules_lookup(name, len, &ri, &ci, &open)) {
			if (open == acq)
				for (int i = 0; i < s->nheld; i++)
					if (s->h[i].rule == ri && !s->h[i].owed)
						out |= (uint8_t)(1u << i);
		} else if (name && (fi = pairs_fn_index(r->fr, name, len)) >= 0) {
			const struct pair_sum *sum = &r->fr->sums[fi];
			for (int k = 0; sum->known && k < sum->n; k++)
				for (int i = 0; sum->it[k].close != acq && i < s->nheld; i++)
					if (s->h[i].rule == sum->it[k].rule && !s->h[i].owed)
						out |= (uint8_t)(1u << i);
		} else if (name && !acq && memmem(name, len, "unlock", 6)) {
			/* a header's unlocking wrapper (unlock_page_lruvec_irqrestore()) */
			for (int i = 0; i < s->nheld; i++)
				if (!s->h[i].owed &&
				    pairs_rule(r, s->h[i].rule)->check == C_LOCK_HELD_RETURN)
					out |= (uint8_t)(1u << i);
		}
	}
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		out |= touched_in(r, s, ts_node_named_child(n, i), acq, depth + 1);
	return out;
}

static uint8_t released_in(struct run *r, const struct pstate *s, TSNode n)
{
	return touched_in(r, s, n, false, 0);
}

/*
 * The held items a loop's body releases on every pass, without a jump and
 * without taking them again (`list_for_each_entry(l, &c->luns, list)
 * detach(l, c);` where the last detach drops c's lock): the author counts
 * on the loop running, so a path that skips it still holding them is not
 * one to report (it is marked cskip like a release under a test).
 */
/* The body of the for or while loop whose condition is cond, when the body
 * has no jump; a null node otherwise. */
static TSNode loop_body(TSNode cond)
{
	TSNode none = { 0 };
	TSNode loop = cond;
	for (int guard = 0; guard < 16; guard++) {
		loop = ts_node_parent(loop);
		if (ts_node_is_null(loop) || node_is(loop, S_compound_statement) ||
		    node_is(loop, S_if_statement))
			return none;
		if (node_is(loop, S_for_statement) || node_is(loop, S_while_statement))
			break;
	}
	if (!node_is(loop, S_for_statement) && !node_is(loop, S_while_statement))
		return none;
	TSNode body = node_field(loop, "body");
	if (ts_node_is_null(body) || ts_node_start_byte(cond) >= ts_node_start_byte(body) ||
	    jumps(body, 0))
		return none;
	return body;
}

static uint8_t loop_releases(struct run *r, const struct pstate *s, TSNode body)
{
	if (ts_node_is_null(body))
		return 0;
	uint8_t m = 0;
	if (node_is(body, S_expression_statement)) {
		m = released_in(r, s, body);
	} else if (node_is(body, S_compound_statement)) {
		uint32_t nc = ts_node_named_child_count(body);
		for (uint32_t i = 0; i < nc; i++) {
			TSNode st = ts_node_named_child(body, i);
			if (node_is(st, S_expression_statement) || node_is(st, S_declaration))
				m |= released_in(r, s, st);
		}
	}
	return m ? m & (uint8_t)~touched_in(r, s, body, true, 0) : 0;
}

/* Is id declared in the function's body (a local, not a parameter or a
 * global)? */
static bool declared_in(const struct run *r, TSNode n, TSNode id, int depth)
{
	if (depth > 100)
		return false;
	if (node_is(n, S_declaration)) {
		uint32_t nc = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < nc; i++) {
			TSNode d = ts_node_named_child(n, i);
			if (node_is(d, S_init_declarator))
				d = node_field(d, "declarator");
			TSNode nm = declarator_name(d);
			if (!ts_node_is_null(nm) && node_len(nm) == node_len(id) &&
			    !memcmp(node_ptr(nm, r->fr->text), node_ptr(id, r->fr->text), node_len(id)))
				return true;
		}
		return false;
	}
	struct kids k;
	bool yes = false;
	kids_start(&k, n);
	for (TSNode ch; !yes && kids_next(&k, &ch);)
		yes = declared_in(r, ch, id, depth + 1);
	kids_end(&k);
	return yes;
}

/* Is the test made of the function's own locals, constants and operators
 * only (`m1`, `!(seq & 1)`, `statesold & RDR_SCHED`, `locked`)?  Such a
 * variable is a handle or a state the function keeps for the lock; a test
 * of a field, a call or a macro reads other state, where a release under
 * the wrong test is the bug (`if (!X(i)) down_read(); ... if (!Y(i)) up_read();`). */
static bool local_test(const struct run *r, TSNode n, int *locals, int depth)
{
	if (ts_node_is_null(n) || depth > 32)
		return false;
	if (is_hint_call(n, r->fr->text))
		return local_test(r, ts_node_named_child(node_field(n, "arguments"), 0), locals,
				  depth + 1);
	if (node_is(n, S_parenthesized_expression) || node_is(n, S_unary_expression) ||
	    node_is(n, S_binary_expression)) {
		uint32_t nc = ts_node_named_child_count(n);
		for (uint32_t i = 0; i < nc; i++)
			if (!local_test(r, ts_node_named_child(n, i), locals, depth + 1))
				return false;
		return true;
	}
	if (node_is(n, S_number_literal) || node_is(n, S_true) || node_is(n, S_false) ||
	    node_is(n, S_null))
		return true;
	if (!node_is(n, S_identifier))
		return false;
	if (upper_case_name(node_ptr(n, r->fr->text), node_len(n)))
		return true;	/* a constant */
	if (!declared_in(r, node_field(r->fr->fns[r->fn], "body"), n, 0))
		return false;
	(*locals)++;
	return true;
}

static bool same_node(TSNode a, TSNode b)
{
	return ts_node_start_byte(a) == ts_node_start_byte(b) &&
	       ts_node_end_byte(a) == ts_node_end_byte(b);
}

/* `IS_ERR(b)` with b the result of a call that takes a lock unless it
 * fails (ACQ_NOTERR): the pend var of b, or 0. */
static uint16_t err_test(const struct run *r, const struct pstate *s, TSNode c, bool *err_true,
			 bool *all)
{
	*all = true;
	c = strip_parens(c);
	size_t len;
	TSNode v;
	*err_true = true;
	if (node_is(c, S_binary_expression)) {
		/* key == ERR_PTR(-ENOKEY), key != ERR_PTR(...) */
		TSNode op = node_field(c, "operator"), rhs = strip_parens(node_field(c, "right"));
		const char *rn = node_is(rhs, S_call_expression) ? call_name(rhs, r->fr->text, &len) : NULL;
		if (!rn || !name_is(rn, len, "ERR_PTR") ||
		    !(node_text_is(op, r->fr->text, "==") || node_text_is(op, r->fr->text, "!=")))
			return 0;
		*err_true = node_text_is(op, r->fr->text, "==");
		*all = false;
		v = strip_parens(node_field(c, "left"));
	} else {
		const char *name = node_is(c, S_call_expression) ? call_name(c, r->fr->text, &len) : NULL;
		if (!name || !(name_is(name, len, "IS_ERR") || name_is(name, len, "IS_ERR_OR_NULL")))
			return 0;
		TSNode args = node_field(c, "arguments");
		if (ts_node_named_child_count(args) != 1)
			return 0;
		v = strip_parens(ts_node_named_child(args, 0));
	}
	for (int i = 0; i < s->npend; i++) {
		uint16_t pv = s->p[i].var;
		if (s->p[i].acq == ACQ_NOTERR && pv && pv != PEND_COND &&
		    node_text_is(v, r->fr->text, r->keys.v[pv - 1]))
			return pv;
	}
	return 0;
}

void flow_edge_err(struct run *r, const struct cfg_edge *e, struct pstate *ns)
{
	if (!r->err_var || (e->kind != E_TRUE && e->kind != E_FALSE))
		return;
	/* every item the call took (lock_mount(): the inode's rwsem and
	 * namespace_sem, both held when it returns no error) */
	for (int i = 0; i < ns->npend;) {
		if (ns->p[i].var != r->err_var || ns->p[i].acq != ACQ_NOTERR) {
			i++;
			continue;
		}
		bool err = (e->kind == E_TRUE) == r->err_true;
		if (!err && !r->err_all)
			return;	/* b != ERR_PTR(-ENOKEY): another error still may be */
		struct held h = ns->p[i].h;
		memmove(&ns->p[i], &ns->p[i + 1], (size_t)(ns->npend - i - 1) * sizeof(struct pend));
		ns->npend--;
		int at = -1;
		for (int k = 0; k < ns->nheld && at < 0; k++)
			if (held_eq(&ns->h[k], &h))
				at = k;
		if (err && at >= 0)	/* an error: not taken */
			held_drop(ns, at);
	}
}

/* What flow_branch() reads of a block's condition whatever the state: the
 * loop it tests, or the `if` whose consequence may release under a test
 * of the function's own locals (computed once per block: the walk comes
 * back to a block once per state). */
static const struct branch_memo *branch_shape(struct run *r, const struct cfg_block *blk)
{
	if (!r->bmemo)
		r->bmemo = xcalloc(r->g->blocks.n ? r->g->blocks.n : 1, sizeof(*r->bmemo));
	struct branch_memo *b = &r->bmemo[blk->id];
	if (b->done)
		return b;
	b->done = true;
	TSNode p = blk->elems.v[blk->elems.n - 1].node;
	b->body = loop_body(p);
	/* the whole condition of an `if` (up through `!` and parentheses; a
	 * part of `a && b` is not) */
	TSNode ifs = { 0 };
	for (int guard = 0; guard < 32; guard++) {
		TSNode q = ts_node_parent(p);
		if (ts_node_is_null(q))
			return b;
		if (node_is(q, S_parenthesized_expression) || node_is(q, S_argument_list) ||
		    is_hint_call(q, r->fr->text)) {
			p = q;
		} else if (node_is(q, S_unary_expression) &&
			   node_text_is(node_field(q, "operator"), r->fr->text, "!")) {
			b->neg = !b->neg;
			p = q;
		} else if (node_is(q, S_if_statement)) {
			if (same_node(strip_parens(node_field(q, "condition")), strip_parens(p)))
				ifs = q;
			break;
		} else {
			return b;
		}
	}
	int locals = 0;
	if (ts_node_is_null(ifs) || !local_test(r, node_field(ifs, "condition"), &locals, 0) ||
	    !locals)
		return b;
	TSNode cons = node_field(ifs, "consequence");
	if (ts_node_is_null(cons) || jumps(cons, 0))
		return b;
	b->cons = cons;
	b->alt = node_field(ifs, "alternative");
	return b;
}

void flow_branch(struct run *r, const struct cfg_block *blk, const struct pstate *s)
{
	r->cskip_kind = -1;
	r->cskip_mask = 0;
	r->err_var = 0;
	if (!blk->elems.n || blk->elems.v[blk->elems.n - 1].kind != EL_COND)
		return;
	if (s->npend)
		r->err_var = err_test(r, s, blk->elems.v[blk->elems.n - 1].node, &r->err_true,
				      &r->err_all);
	if (!s->nheld)
		return;
	const struct branch_memo *b = branch_shape(r, blk);
	uint8_t lm = loop_releases(r, s, b->body);
	if (lm) {	/* the loop's exit is its condition's false edge */
		r->cskip_kind = E_FALSE;
		r->cskip_mask = lm;
		return;
	}
	if (ts_node_is_null(b->cons))
		return;
	uint8_t m = released_in(r, s, b->cons);
	if (!ts_node_is_null(b->alt))
		m &= (uint8_t)~released_in(r, s, b->alt);
	if (!m)
		return;
	/* the edge into the consequence is the test's true edge, unless negated */
	r->cskip_kind = b->neg ? E_TRUE : E_FALSE;
	r->cskip_mask = m;
}

void flow_edge(struct run *r, const struct cfg_edge *e, struct pstate *ns)
{
	if (r->cskip_kind < 0 || e->kind != r->cskip_kind)
		return;
	for (int i = 0; i < ns->nheld; i++)
		if (r->cskip_mask & (1u << i))
			ns->h[i].cskip = true;
}

bool flow_non_owner(const struct run *r, uint32_t off)
{
	TSNode n = ts_node_descendant_for_byte_range(r->fr->fns[r->fn], off, off + 1);
	while (!ts_node_is_null(n) && !node_is(n, S_call_expression))
		n = ts_node_parent(n);
	if (ts_node_is_null(n) || ts_node_start_byte(n) != off)
		return false;
	size_t len;
	const char *name = call_name(n, r->fr->text, &len);
	return name && memmem(name, len, "_non_owner", 10);
}

/* What the path's tests say of a returned variable: `if (ret) goto out;`
 * makes `return ret` non-zero there, `if (IS_ERR(p))` an error (for
 * lock-unbalanced: does the result tell the caller?). */
uint8_t pairs_path_class(const struct run *r, const struct pstate *s, TSNode val)
{
	val = strip_parens(val);
	if (ts_node_is_null(val) || !(node_is(val, S_identifier) || node_is(val, S_field_expression)))
		return RC_UNK;
	char *k = node_text_nospace(val, r->fr->text);
	char *ek = xasprintf("IS_ERR(%s)", k), *nk = xasprintf("%s<0", k);
	uint8_t out = RC_UNK;
	for (int i = 0; i < s->hd.as.n && out != RC_NEG; i++) {
		const char *a = r->g->atoms.v[s->hd.as.v[i].atom].key;
		if (!strcmp(a, k))
			out = s->hd.as.v[i].pol ? RC_NZ : RC_ZERO;
		else if ((!strcmp(a, ek) || !strcmp(a, nk)) && s->hd.as.v[i].pol)
			out = RC_NEG;	/* IS_ERR(p), `if (err < 0)`: more than non-zero */
	}
	free(nk);
	free(ek);
	free(k);
	/* tests since the last assignment first, then what that assignment gave */
	return out != RC_UNK ? out : flow_class(r, s, val);
}

/* 0, NULL: what `x == 0` and `p == NULL` compare with. */
static bool zero_literal(TSNode n, const char *t)
{
	return node_is(n, S_null) || ((node_is(n, S_number_literal) || node_is(n, S_identifier)) &&
				      (node_text_is(n, t, "0") || node_text_is(n, t, "NULL")));
}

/*
 * `-EINTR` compared with an acquire taken when it returns zero
 * (mutex_lock_interruptible(), down_killable()): the only other value it
 * returns, so the test is one of non-zero.  The call, or a null node.
 */
static TSNode eintr_acquire(struct run *r, TSNode a, TSNode b)
{
	const char *t = r->fr->text;
	if (!node_is(b, S_unary_expression) || !node_text_is(node_field(b, "operator"), t, "-") ||
	    !node_text_is(strip_parens(node_field(b, "argument")), t, "EINTR") ||
	    !node_is(a, S_call_expression))
		return (TSNode){ 0 };
	size_t len;
	const char *name = call_name(a, t, &len);
	int ri, ci;
	bool open;
	if (!name || !rules_lookup(name, len, &ri, &ci, &open) || !open ||
	    rules_get()->v.v[ri].open.v[ci].acq != ACQ_ZERO)
		return (TSNode){ 0 };
	return a;
}

/*
 * How a branch condition relates to a value: 1 when the condition is true
 * exactly if *core is zero, 0 when exactly if it is non-zero, -1 unknown.
 * *core is the identifier or call tested.
 */
int pairs_zero_on(struct run *r, TSNode c, TSNode *core, int depth)
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
		if ((is_hint_call(c, t) || name_is(name, len, "WARN_ON") ||
		     name_is(name, len, "WARN_ON_ONCE")) &&
		    ts_node_named_child_count(args) == 1)
			return pairs_zero_on(r, ts_node_named_child(args, 0), core, depth + 1);
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
		int z = pairs_zero_on(r, node_field(c, "argument"), core, depth + 1);
		return z < 0 ? -1 : 1 - z;
	}
	if (node_is(c, S_binary_expression)) {
		TSNode a = strip_parens(node_field(c, "left")), b = strip_parens(node_field(c, "right"));
		TSNode op = node_field(c, "operator");
		TSNode e;
		if (zero_literal(b, t))
			e = a;
		else if (zero_literal(a, t))
			e = b;
		else if (!ts_node_is_null(e = eintr_acquire(r, a, b)) ||
			 !ts_node_is_null(e = eintr_acquire(r, b, a))) {
			/* `== -EINTR` is `!= 0` */
			*core = e;
			if (node_text_is(op, t, "=="))
				return 0;
			if (node_text_is(op, t, "!="))
				return 1;
			return -1;
		} else {
			return -1;
		}
		int z = pairs_zero_on(r, e, core, depth + 1);
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

/* Does the value v name a constant that says a lock is held (an all-caps
 * name with the word LOCKED: `return VM_FAULT_LOCKED;`, `ret |
 * VM_FAULT_LOCKED`)?  The caller learns from it that it gets the lock. */
bool pairs_says_locked(const char *text, TSNode v)
{
	const char *p = node_ptr(v, text), *end = p + node_len(v);
	while (p < end) {
		if (!isupper((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		const char *a = p;
		bool caps = true;
		while (p < end && (isalnum((unsigned char)*p) || *p == '_')) {
			caps &= !islower((unsigned char)*p);
			p++;
		}
		if (!caps || (a > node_ptr(v, text) && (isalnum((unsigned char)a[-1]) || a[-1] == '_')))
			continue;
		for (const char *w = a; w < p;) {
			size_t n = 0;
			while (w + n < p && w[n] != '_')
				n++;
			if (n == 6 && !memcmp(w, "LOCKED", 6))
				return true;
			w += n + 1;
		}
	}
	return false;
}

/* The tests of the statements around a lock's acquire (flow_forget_shared()). */
struct around {
	char *cond[16];
	int n;
};

/* Is an atom that reads memory through a pointer kept: one that does not,
 * or one tested by a statement the acquire is inside? */
static bool keep_unshared(const struct cfg_atom *at, void *ctx)
{
	const struct around *a = ctx;
	for (size_t j = 0; j < at->nroots; j++) {
		if (!strstr(at->roots[j], "->"))
			continue;
		bool tested = false;
		for (int k = 0; k < a->n && !tested; k++)
			tested = strstr(a->cond[k], at->roots[j]) != NULL;
		if (!tested)
			return false;
	}
	return true;
}

/* Taking a lock waits for whoever changes what it guards: what a test made
 * before it read through a pointer (`if (!cxt->ready) return;`) may read
 * otherwise once it is held, which is why code tests it again under the
 * lock.  The path forgets such tests, except those of the statements the
 * acquire sits in (`if (dev->shared) spin_lock(&dev->lock);`: taken
 * because of that test, released under the same one). */
void flow_forget_shared(struct run *r, struct pstate *s, TSNode call)
{
	bool any = false;
	for (int i = 0; i < s->hd.as.n && !any; i++) {
		const struct cfg_atom *at = &r->g->atoms.v[s->hd.as.v[i].atom];
		for (size_t j = 0; !at->fixed && j < at->nroots && !any; j++)
			any = strstr(at->roots[j], "->") != NULL;
	}
	if (!any)
		return;
	struct around a = { .n = 0 };
	for (TSNode p = ts_node_parent(call); !ts_node_is_null(p) && a.n < 16;
	     p = ts_node_parent(p)) {
		if (node_is(p, S_function_definition))
			break;
		if (node_is(p, S_if_statement) || node_is(p, S_while_statement) ||
		    node_is(p, S_do_statement) || node_is(p, S_for_statement) ||
		    node_is(p, S_switch_statement) || node_is(p, S_conditional_expression)) {
			TSNode c = node_field(p, "condition");
			if (!ts_node_is_null(c))
				a.cond[a.n++] = node_text_nospace(c, r->fr->text);
		}
	}
	assumes_forget(&s->hd.as, r->g, keep_unshared, &a);
	for (int k = 0; k < a.n; k++)
		free(a.cond[k]);
}
