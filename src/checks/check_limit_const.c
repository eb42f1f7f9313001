// SPDX-License-Identifier: GPL-2.0
/*
 * Summaries for constant arguments (check_limit_int.h): a helper that
 * raises the limit only for some values of a parameter — `set_mode(c,
 * MODE_NORMAL)` opens a calibration file under KERNEL_DS and returns with
 * it raised, `set_mode(c, MODE_SUSPEND)` never raises; `set_enable(dev, 0)`
 * takes only the disable branch — is summarised again for a call that
 * passes constants there, with the conditions on those parameters decided
 * at its entry.  Without that, every caller that only ever suspends is
 * reported for the raise of the resume case.
 *
 * What is decided, and why it is sound:
 * - `p`, `p==N`, `p<N`, `p<=N`, `p&N` (and the mirrored forms) when the
 *   constant and N are numbers;
 * - `p` (and `!p`, `p == NULL`) when the argument is an object's address
 *   (`fs_set(&oldfs)` skips its `if (!oldfs) return;`);
 * - `p==X` is true when X is the constant's own text (`case MODE_SUSPEND:`
 *   for a call that passes MODE_SUSPEND);
 * - every other case label of a switch on p is false when one label is
 *   true: C makes the labels of one switch distinct values, whatever
 *   their macros expand to.
 * Identifiers count as constants by the kernel's naming (capitals: macros
 * and enumerators).  A parameter assigned before a test loses the
 * assumption like any other (the atom's roots).
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

/* A number literal's value (`0x10`, `4U`, `-1`); false when n is none. */
static bool number_value(const char *p, size_t len, long long *out)
{
	bool neg = false;
	if (len && p[0] == '-') {
		neg = true;
		p++;
		len--;
	}
	if (!len || len > 24 || p[0] < '0' || p[0] > '9')
		return false;
	char buf[32];
	memcpy(buf, p, len);
	buf[len] = '\0';
	char *end;
	long long v = strtoll(buf, &end, 0);
	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	if (*end)
		return false;
	*out = neg ? -v : v;
	return true;
}

static bool const_arg(struct run *r, TSNode a, struct const_arg *out)
{
	const char *text = r->text;
	for (int guard = 0; guard < 8; guard++) {
		a = strip_parens(a);
		if (!node_is(a, S_cast_expression))
			break;
		a = node_field(a, "value");
	}
	if (ts_node_is_null(a))
		return false;
	out->known = true;
	out->nonnull = false;
	if (node_is(a, S_pointer_expression) && node_text_is(node_field(a, "operator"), text, "&")) {
		/* one summary for every address given (`fs_set(&oldfs)`) */
		out->known = false;
		out->nonnull = true;
		memcpy(out->text, "&", 2);
		return true;
	}
	if (node_is(a, S_true) || (node_is(a, S_identifier) && node_text_is(a, text, "TRUE"))) {
		out->value = 1;
	} else if (node_is(a, S_false) || (node_is(a, S_identifier) &&
					   (node_text_is(a, text, "FALSE") ||
					    node_text_is(a, text, "NULL")))) {
		out->value = 0;
	} else if (node_is(a, S_number_literal) ||
		   (node_is(a, S_unary_expression) && node_text_is(ts_node_child(a, 0), text, "-") &&
		    node_is(strip_parens(node_field(a, "argument")), S_number_literal))) {
		char *t = node_text_nospace(a, text);
		bool ok = number_value(t, strlen(t), &out->value);
		free(t);
		if (!ok)
			return false;
	} else if (limit_const_name(r, a)) {
		out->known = false;
	} else {
		return false;
	}
	char *t = node_text_nospace(a, text);
	size_t len = strlen(t);
	if (len >= CARG_TEXT) {
		free(t);
		return false;
	}
	memcpy(out->text, t, len + 1);
	free(t);
	return true;
}

static void const_args(struct run *r, TSNode call, struct const_args *ca)
{
	ca->n = 0;
	TSNode args = node_field(call, "arguments");
	uint32_t nargs = ts_node_named_child_count(args);
	for (uint32_t k = 0; k < nargs && k < MAX_PARAMS && ca->n < MAX_CARGS; k++) {
		struct const_arg *c = &ca->v[ca->n];
		if (const_arg(r, ts_node_named_child(args, k), c)) {
			c->param = (uint8_t)k;
			ca->n++;
		}
	}
}

/* Would a summary for some values of its parameters say anything new? */
static bool worth_specializing(const struct fn_summary *t)
{
	return t->analysed && !t->noreturn && ((t->exit & ~LV_ENTRY) || t->ret || t->nstore);
}

void limit_specialize(struct run *r, TSNode call, const struct fn_summary **t, size_t nt)
{
	const struct limit_env *env = r->ctx->env;
	bool any = false;
	for (size_t i = 0; i < nt && !any; i++)
		any = worth_specializing(t[i]);
	if (!any)
		return;
	struct const_args ca;
	const_args(r, call, &ca);
	if (!ca.n)
		return;
	for (size_t i = 0; i < nt; i++) {
		if (!worth_specializing(t[i]))
			continue;
		const struct fn_summary *s = env->special(env->env, t[i], &ca);
		if (s)
			t[i] = s;
	}
}

/* --- in the callee: the conditions its entry decides -------------------- */

enum { OP_NONE, OP_EQ, OP_LT, OP_LE, OP_AND };

/* Split an atom's key `l OP r` (no spaces; `a>=b` was made `a<b` false). */
static int split_key(const char *key, size_t *llen, const char **rhs)
{
	static const struct {
		const char *op;
		int kind;
	} ops[] = { { "==", OP_EQ }, { "<=", OP_LE }, { "<", OP_LT }, { "&", OP_AND } };
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		const char *at = strstr(key, ops[i].op);
		if (!at || at == key)
			continue;
		/* `&&` is no atom (the builder splits it); `<<` is a shift */
		size_t ol = strlen(ops[i].op);
		if (at[ol] == '&' || at[ol] == '<' || at[ol] == '=' || (at > key && at[-1] == '<'))
			continue;
		if (strstr(at + ol, ops[i].op))
			continue;	/* two operators: not a simple test */
		*llen = (size_t)(at - key);
		*rhs = at + ol;
		return ops[i].kind;
	}
	return OP_NONE;
}

static bool is_name(const char *p, size_t len, const struct param *pm)
{
	return pm->len && pm->len == len && !memcmp(p, pm->name, len);
}

/* The value atom key has when the parameter holds c: 1, 0 or -1 (not known). */
static int decide(const char *key, const struct param *pm, const struct const_arg *c)
{
	size_t llen;
	const char *rhs;
	int op = split_key(key, &llen, &rhs);
	if (op == OP_NONE) {
		if (!is_name(key, strlen(key), pm) || !(c->known || c->nonnull))
			return -1;
		return c->nonnull || c->value != 0;
	}
	const char *other;
	size_t olen;
	bool left;		/* the parameter is the left operand */
	if (is_name(key, llen, pm)) {
		left = true;
		other = rhs;
		olen = strlen(rhs);
	} else if (is_name(rhs, strlen(rhs), pm)) {
		left = false;
		other = key;
		olen = llen;
	} else {
		return -1;
	}
	if (op == OP_EQ && olen == strlen(c->text) && !memcmp(other, c->text, olen))
		return 1;
	long long n;
	if (!c->known || !number_value(other, olen, &n))
		return -1;
	long long v = c->value;
	switch (op) {
	case OP_EQ:
		return v == n;
	case OP_AND:
		return (v & n) != 0;
	case OP_LT:
	case OP_LE:
		/* the parameter may be unsigned: only non-negative values compare alike */
		if (v < 0 || n < 0)
			return -1;
		if (left)
			return op == OP_LT ? v < n : v <= n;
		return op == OP_LT ? n < v : n <= v;
	}
	return -1;
}

void limit_seed(struct run *r, struct cfg_assumes *as)
{
	const struct const_args *ca = r->ctx->seed;
	const struct cfg *g = r->ctx->g;
	if (!ca || !g->atoms.n)
		return;
	int8_t *val = xcalloc(g->atoms.n, 1);
	for (size_t a = 0; a < g->atoms.n; a++) {
		val[a] = -1;
		if (g->atoms.v[a].fixed)
			continue;
		for (int i = 0; i < ca->n && val[a] < 0; i++) {
			const struct const_arg *c = &ca->v[i];
			if (c->param < r->params.n)
				val[a] = (int8_t)decide(g->atoms.v[a].key, &r->params.v[c->param], c);
		}
	}
	/* a true case label makes the switch's other labels false */
	for (size_t b = 0; b < g->blocks.n; b++) {
		const struct cfg_block *blk = g->blocks.v[b];
		bool hit = false;
		for (size_t e = 0; e < blk->succs.n && !hit; e++) {
			const struct cfg_edge *ed = &blk->succs.v[e];
			hit = ed->kind == E_CASE && ed->atom >= 0 && val[ed->atom] == 1;
		}
		for (size_t e = 0; hit && e < blk->succs.n; e++) {
			const struct cfg_edge *ed = &blk->succs.v[e];
			if (ed->kind == E_CASE && ed->atom >= 0 && val[ed->atom] < 0)
				val[ed->atom] = 0;
		}
	}
	for (size_t a = 0; a < g->atoms.n; a++)
		if (val[a] >= 0)
			assumes_add(as, (int)a, val[a] == 1);
	free(val);
}

/* --- named constants and statement macros ------------------------------- */

_Static_assert((int)CS_NEG == (int)RC_NEG && (int)CS_ZERO == (int)RC_ZERO &&
	       (int)CS_POS == (int)RC_POS, "a macro edge's signs are read as RC_* sets");

uint8_t limit_const_class(struct run *r, const char *v, size_t len)
{
	long long n;
	if (number_value(v, len, &n))
		return n < 0 ? RC_NEG : n ? RC_POS : RC_ZERO;
	if (len > 2 && v[0] == '-' && v[1] == 'E')
		return RC_NEG;	/* -EINVAL */
	/* an enumerator or a macro the scanned files give a negative value */
	if (macros_const_sign(r->ctx->g->macros, v, len) == CS_NEG)
		return RC_NEG;
	return RC_ANY;
}

uint8_t limit_macro_return(struct run *r, TSNode call, const char **rname, uint8_t *rlen)
{
	*rname = NULL;
	*rlen = 0;
	size_t len;
	const char *name = call_name(call, r->text, &len);
	const char *label = NULL;
	int param = -1;
	if (!name || macros_lookup(r->ctx->g->macros, name, len, &label, &param) != CM_RETURN ||
	    !label)
		return RC_ANY;
	size_t vl = strlen(label);
	if (vl < 256 && vl > 1 && label[0] != '-' && !(label[0] >= '0' && label[0] <= '9') &&
	    strcmp(label, "TRUE") && strcmp(label, "FALSE") && strcmp(label, "NULL")) {
		*rname = label;
		*rlen = (uint8_t)vl;
	}
	return limit_const_class(r, label, vl);
}

bool limit_macro_sign(struct run *r, const struct state *s, const struct cfg_block *blk)
{
	if (!s->rc_key || !blk->elems.n || blk->elems.v[blk->elems.n - 1].kind != EL_EXPR)
		return false;
	const struct cfg_edge *signed_edge = NULL;
	for (size_t i = 0; i < blk->succs.n && !signed_edge; i++)
		if (blk->succs.v[i].sign)
			signed_edge = &blk->succs.v[i];
	TSNode call = blk->elems.v[blk->elems.n - 1].node;
	if (!signed_edge || !node_is(call, S_call_expression))
		return false;
	TSNode args = node_field(call, "arguments");
	if (signed_edge->sign_arg >= ts_node_named_child_count(args))
		return false;
	TSNode a = strip_parens(ts_node_named_child(args, signed_edge->sign_arg));
	int key = node_is(a, S_call_expression) ? lval_key_str(r, node_text_nospace(a, r->text), false)
						: lval_key(r, a, false);
	return key >= 0 && key == s->rc_key - 1;
}

/* The one summary the table gives rather than a body: an exec not in view
 * (api.def's A_EXEC), a fixed function of its status. */
const struct fn_summary *limit_exec_summary(void)
{
	/* (flush_old_exec() sets USER_DS for the new program) */
	static const struct fn_summary exec_sum = {
		.analysed = true, .exit = LV_ENTRY | LV_USER, .exit_neg = LV_ENTRY,
		.exit_zero = LV_USER, .exit_pos = LV_USER, .name = "exec",
	};
	return &exec_sum;
}
