// SPDX-License-Identifier: GPL-2.0
/*
 * When a lock kept at some exits is a protocol rather than a missed
 * unlock (lock-unbalanced, and a semaphore's lock-held-return): the
 * syntactic shapes pairs_protocol() recognises around the acquire and the
 * releases, with the helpers they share with check_pairs.c (the release
 * calls of a function, the call at an offset).
 */
#include "check_pairs_int.h"

#include <string.h>

#include "api.h"
#include "macros.h"

/* The call expression that starts at off, or a null node. */
TSNode pairs_call_at(TSNode fn, uint32_t off)
{
	TSNode n = ts_node_descendant_for_byte_range(fn, off, off + 1);
	while (!ts_node_is_null(n) && !node_is(n, S_call_expression))
		n = ts_node_parent(n);
	return !ts_node_is_null(n) && ts_node_start_byte(n) == off ? n : (TSNode){ 0 };
}

static bool inside(TSNode outer, TSNode n)
{
	return ts_node_start_byte(n) >= ts_node_start_byte(outer) &&
	       ts_node_end_byte(n) <= ts_node_end_byte(outer);
}

/* Does the header's lock wrapper name[0, len) open (or close) `rule`,
 * itself or through a wrapper it calls? */
static bool wrapper_does(struct run *r, const char *name, size_t len, uint16_t rule, bool open,
			 int depth)
{
	const char *eff = macros_wrapper(r->fr->ff->ctl, name, len);
	for (const char *ln = eff; ln && *ln && depth >= 0;) {
		if (ln[0] == '?' && ln[1])
			ln += 2;	/* a trylock wrapper's open */
		else if (ln[0] == '~')
			ln++;		/* a macro's release */
		size_t nl = strcspn(ln, "(\n");
		int ri, ci;
		bool o;
		if (rules_lookup(ln, nl, &ri, &ci, &o) ? (o == open && ri == rule)
						       : wrapper_does(r, ln, nl, rule, open, depth - 1))
			return true;
		ln += strcspn(ln, "\n");
		ln += *ln == '\n';
	}
	return false;
}

/* The calls of the function that release `rule` (directly, or through a
 * helper of the file whose summary closes it) or that pass a helper of the
 * file that closes it (kref_put(&x->ref, release) with release unlocking). */
void pairs_releases_of(struct run *r, TSNode n, uint16_t rule, TSNode *out, int *nout, int max,
			int depth)
{
	if (depth > 200 || *nout >= max)
		return;
	if (node_is(n, S_call_expression)) {
		size_t len;
		const char *name = call_name(n, r->fr->text, &len);
		int ri, ci;
		bool open, rel = false;
		if (name && rules_lookup(name, len, &ri, &ci, &open))
			rel = !open && ri == rule;
		else if (name)
			rel = memmem(name, len, "unlock", 6) != NULL ||
			      (pairs_fn_index(r->fr, name, len) < 0 &&
			       wrapper_does(r, name, len, rule, false, 3));
		TSNode args = node_field(n, "arguments");
		uint32_t na = ts_node_named_child_count(args);
		for (uint32_t a = 0; a <= na && !rel; a++) {
			const char *fnm = name;
			size_t fl = len;
			if (a < na) {
				TSNode arg = ts_node_named_child(args, a);
				if (!node_is(arg, S_identifier))
					continue;
				fnm = node_ptr(arg, r->fr->text);
				fl = node_len(arg);
			}
			int j = fnm ? pairs_fn_index(r->fr, fnm, fl) : -1;
			for (int k = 0; j >= 0 && k < r->fr->sums[j].n; k++)
				rel |= r->fr->sums[j].it[k].close && r->fr->sums[j].it[k].rule == rule;
		}
		if (rel)
			out[(*nout)++] = n;
	}
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		pairs_releases_of(r, ts_node_named_child(n, i), rule, out, nout, max, depth + 1);
}

/* Does n take `rule` (a call of the rule's open, or of a helper of the file
 * whose summary takes it) at a call that starts at byte `from` or later? */
static bool takes_from(struct run *r, TSNode n, uint16_t rule, uint32_t from, int depth)
{
	if (depth > 200 || ts_node_end_byte(n) <= from)
		return false;
	if (node_is(n, S_call_expression) && ts_node_start_byte(n) >= from) {
		size_t len;
		const char *name = call_name(n, r->fr->text, &len);
		int ri, ci;
		bool open;
		if (name && rules_lookup(name, len, &ri, &ci, &open)) {
			if (open && ri == rule)
				return true;
		} else if (name) {
			int j = pairs_fn_index(r->fr, name, len);
			for (int k = 0; j >= 0 && k < r->fr->sums[j].n; k++)
				if (!r->fr->sums[j].it[k].close && r->fr->sums[j].it[k].rule == rule)
					return true;
			if (j < 0 && wrapper_does(r, name, len, rule, true, 3))
				return true;
		}
	}
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		if (takes_from(r, ts_node_named_child(n, i), rule, from, depth + 1))
			return true;
	return false;
}

/* The case of switch sw that n lies in: the last of its cases that starts
 * before n, by position (an #ifdef inside a case can leave the statements
 * after its #endif outside the case's node), or a null node. */
static TSNode case_of(TSNode sw, TSNode n)
{
	TSNode body = node_field(sw, "body"), c = { 0 };
	uint32_t at = ts_node_start_byte(n), nc = ts_node_named_child_count(body);
	for (uint32_t i = 0; i < nc; i++) {
		TSNode k = ts_node_named_child(body, i);
		if (ts_node_start_byte(k) > at)
			break;
		if (node_is(k, S_case_statement))
			c = k;
	}
	return c;
}

/* Is variable v assigned the result of a lock call somewhere in n
 * (`locked = spin_trylock_irqsave(...)`)? */
static bool lock_result(struct run *r, TSNode n, const char *v, int depth)
{
	if (depth > 200)
		return false;
	TSNode lhs = { 0 }, rhs = { 0 };
	if (node_is(n, S_assignment_expression)) {
		lhs = node_field(n, "left");
		rhs = node_field(n, "right");
	} else if (node_is(n, S_init_declarator)) {
		lhs = declarator_name(node_field(n, "declarator"));
		rhs = node_field(n, "value");
	}
	if (!ts_node_is_null(rhs) && node_is(strip_parens(rhs), S_call_expression) &&
	    node_text_is(strip_parens(lhs), r->fr->text, v)) {
		size_t len;
		const char *name = call_name(strip_parens(rhs), r->fr->text, &len);
		int ri, ci;
		bool open;
		if (name && rules_lookup(name, len, &ri, &ci, &open) && open)
			return true;
	}
	uint32_t nc = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < nc; i++)
		if (lock_result(r, ts_node_named_child(n, i), v, depth + 1))
			return true;
	return false;
}

/* Is call followed in its block by a jump out of the function's loops
 * (`goto`, `return`): a release on the way out of a loop, not a loop's own
 * release?  (A `break` may go on with a flag that says it was released:
 * nbpf_chan_tasklet()'s `recycling = true; break;`.) */
static bool leaves_after(TSNode call)
{
	TSNode st = ts_node_parent(call);
	if (!node_is(st, S_expression_statement))
		return false;
	for (TSNode n = ts_node_next_named_sibling(st); !ts_node_is_null(n); n = ts_node_next_named_sibling(n))
		if (node_is(n, S_goto_statement) || node_is(n, S_return_statement))
			return true;
		else if (!node_is(n, S_expression_statement) && !node_is(n, S_comment))
			return false;
	return false;
}

/*
 * Is the lock taken at call `acq` part of a protocol rather than a missed
 * unlock: taken under `if (C)` and released under another `if (C)` (C a
 * call or macro the walk cannot see to be the same: static_branch_*(),
 * drm_dev_needs_global_mutex()), taken in one branch of an if/switch and
 * released in another (the PRE/POST phases of a notifier, select_chip(0) /
 * (-1)), released in a loop that does not take it again (unwinding the
 * locks of an array; not a wait that drops it and takes it back, nor a
 * loop that releases another object of the rule, nor a release on the
 * way out of the loop), or a trylock in a && /
 * || chain (the walk does not split it)?
 */
/* Is the release call c one only by its name (sem_unlock(id), out of
 * view): no call of the rule, no helper of the file or header wrapper
 * known to close it? */
static bool name_only(struct run *r, TSNode c, uint16_t rule)
{
	size_t len;
	const char *name = call_name(c, r->fr->text, &len);
	int ri, ci;
	bool open;
	if (!name || rules_lookup(name, len, &ri, &ci, &open))
		return false;
	int j = pairs_fn_index(r->fr, name, len);
	for (int k = 0; j >= 0 && k < r->fr->sums[j].n; k++)
		if (r->fr->sums[j].it[k].close && r->fr->sums[j].it[k].rule == rule)
			return false;
	return j >= 0 || !wrapper_does(r, name, len, rule, false, 3);
}

bool pairs_protocol(struct run *r, TSNode acq, const TSNode *rel, int nrel, uint16_t rule)
{
	const char *t = r->fr->text;
	for (TSNode p = ts_node_parent(acq); !ts_node_is_null(p); p = ts_node_parent(p)) {
		if (node_is(p, S_expression_statement) || node_is(p, S_if_statement) ||
		    node_is(p, S_return_statement))
			break;
		if (node_is(p, S_binary_expression)) {
			TSNode op = node_field(p, "operator");
			if (node_text_is(op, t, "&&") || node_text_is(op, t, "||"))
				return true;
		}
	}
	/* if (mutex_lock_interruptible(m) == -EINTR): the walk decides a
	 * conditional acquire only on tests against zero */
	TSNode up = ts_node_parent(acq);
	while (!ts_node_is_null(up) && node_is(up, S_parenthesized_expression))
		up = ts_node_parent(up);
	if (node_is(up, S_binary_expression)) {
		TSNode op = node_field(up, "operator");
		TSNode other = strip_parens(node_field(up, "right"));
		if ((node_text_is(op, t, "==") || node_text_is(op, t, "!=")) &&
		    !(node_is(other, S_number_literal) && node_text_is(other, t, "0")))
			return true;
	}
	/* a release under a test of a flag (`if (locked)`, the result of a
	 * trylock kept in a variable) or of the lock itself (mutex_is_locked()):
	 * the walk may have merged the paths that set the flag */
	for (int i = 0; i < nrel; i++)
		for (TSNode q = ts_node_parent(rel[i]); !ts_node_is_null(q); q = ts_node_parent(q)) {
			if (node_is(q, S_function_definition))
				break;
			if (!node_is(q, S_if_statement) || inside(q, acq))
				continue;
			TSNode c = strip_parens(node_field(q, "condition"));
			if (node_is(c, S_unary_expression))
				c = strip_parens(node_field(c, "argument"));
			char *ct = node_text_nospace(c, t);
			bool flag = strstr(ct, "is_locked") || strstr(ct, "_is_held") ||
				    (node_is(c, S_identifier) &&
				     lock_result(r, r->fr->fns[r->fn], ct, 0));
			free(ct);
			if (flag)
				return true;
		}
	for (TSNode p = ts_node_parent(acq); !ts_node_is_null(p); p = ts_node_parent(p)) {
		if (node_is(p, S_if_statement)) {
			TSNode cond = node_field(p, "condition");
			TSNode cons = node_field(p, "consequence");
			char *c = node_text_nospace(cond, t);
			bool hit = false;
			TSNode alt = node_field(p, "alternative");
			for (int i = 0; i < nrel && !hit; i++) {
				/* the other branch releases it without taking it there:
				 * one phase locks, the other unlocks (a branch that takes
				 * and releases it is a critical section of its own) */
				if (inside(p, rel[i]) && !ts_node_is_null(cons) &&
				    inside(cons, acq) != inside(cons, rel[i])) {
					TSNode other = inside(cons, rel[i]) ? cons : alt;
					hit = ts_node_is_null(other) || !takes_from(r, other, rule, 0, 0);
				}
				for (TSNode q = ts_node_parent(rel[i]); !hit && !ts_node_is_null(q);
				     q = ts_node_parent(q))
					if (node_is(q, S_if_statement) && !inside(q, acq)) {
						char *c2 = node_text_nospace(node_field(q, "condition"), t);
						hit = !strcmp(c, c2);
						free(c2);
					}
			}
			free(c);
			if (hit)
				return true;
		} else if (node_is(p, S_case_statement)) {
			TSNode sw = ts_node_parent(p);
			while (!ts_node_is_null(sw) && !node_is(sw, S_switch_statement))
				sw = ts_node_parent(sw);
			/* another case releases it without taking it (PRE_RATE_CHANGE
			 * locks, POST/ABORT unlock); cases that each lock and unlock
			 * are critical sections side by side */
			TSNode mine = ts_node_is_null(sw) ? sw : case_of(sw, acq);
			for (int i = 0; i < nrel && !ts_node_is_null(sw); i++) {
				if (!inside(sw, rel[i]) || inside(p, rel[i]))
					continue;
				TSNode c = case_of(sw, rel[i]);
				if (!ts_node_is_null(c) && !ts_node_is_null(mine) && ts_node_eq(c, mine))
					continue;	/* the same case, past an #ifdef */
				if (ts_node_is_null(c) || !takes_from(r, c, rule, 0, 0))
					return true;
			}
		} else if (node_is(p, S_function_definition)) {
			break;
		}
	}
	bool own;
	char *obj = pairs_object_text(r, acq, rule, false, &own);
	bool keyless = own && !obj;	/* lock_kernel(): one lock, no object */
	free(obj);
	for (int i = 0; i < nrel; i++) {
		if (!pairs_same_object(r, rule, acq, rel[i]) || leaves_after(rel[i]) ||
		    (keyless && name_only(r, rel[i], rule)))
			continue;
		for (TSNode q = ts_node_parent(rel[i]); !ts_node_is_null(q); q = ts_node_parent(q))
			if ((node_is(q, S_for_statement) || node_is(q, S_while_statement) ||
			     node_is(q, S_do_statement)) && !inside(q, acq) &&
			    !takes_from(r, q, rule, ts_node_end_byte(rel[i]), 0))
				return true;	/* (a loop that drops it and takes it back waits) */
	}
	return false;
}

