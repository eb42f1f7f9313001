// SPDX-License-Identifier: GPL-2.0
/*
 * Begin helpers that hand the raised limit over to their caller
 * (check_limit_int.h): `xx_fw_open()` saves the caller's limit in a global
 * or a device field, raises, and restores on its own error paths; the
 * matching `xx_fw_close()` restores from the same place.  Such a helper
 * is the setter of a pair, not a function that forgets to restore on some
 * paths: its raised exits keep the caller's limit where the restorer
 * finds it, its error paths saved it there too before they undid the
 * raise, and its result tells the caller which kind of exit it got.
 * The caller's walk judges the pair (it sees the raise on the exits that
 * return that value and reports a path that returns without the restore).
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

struct local_find {
	const char *text, *name;
	size_t len;
	int found;		/* -1: not declared; 0: an automatic local; 1: a static one */
};

static bool visit_decl(TSNode n, void *ctx)
{
	struct local_find *f = ctx;
	if (!node_is(n, S_declaration))
		return true;
	bool is_static = false;
	uint32_t c = ts_node_named_child_count(n);
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(n, i);
		if (node_is(ch, S_storage_class_specifier) && node_text_is(ch, f->text, "static"))
			is_static = true;
	}
	for (uint32_t i = 0; i < c; i++) {
		TSNode ch = ts_node_named_child(n, i);
		TSNode id = declarator_name(node_is(ch, S_init_declarator) ? node_field(ch, "declarator") : ch);
		if (!ts_node_is_null(id) && node_is(id, S_identifier) && node_len(id) == f->len &&
		    !memcmp(node_ptr(id, f->text), f->name, f->len))
			f->found = f->found == 0 ? 0 : is_static;
	}
	return false;
}

/* Does the lvalue key (`xx_old_fs`, `dev->saved_fs`, `*old`, `g.saved`)
 * outlive the call: a file-scope or static variable, a field reached
 * through a pointer, or what a parameter points to? */
static bool outlives_call(struct run *r, const char *key)
{
	if (key[0] == '*' || strstr(key, "->"))
		return true;
	size_t len = strcspn(key, ".[");
	if (df_param_index(&r->params, key, len) >= 0)
		return false;	/* the parameter itself (or a struct passed by value) */
	struct local_find f = { r->text, key, len, -1 };
	node_walk(node_field(r->ctx->g->fn, "body"), visit_decl, &f);
	return f.found != 0;
}

bool limit_global_key(struct run *r, const char *key)
{
	if (key[0] == '*' || strstr(key, "->") || strchr(key, '['))
		return false;
	size_t len = strcspn(key, ".");
	if (!len || df_param_index(&r->params, key, len) >= 0)
		return false;
	for (size_t i = 0; i < len; i++)
		if (!((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= 'A' && key[i] <= 'Z') ||
		      (key[i] >= '0' && key[i] <= '9') || key[i] == '_'))
			return false;
	/* not declared in the body: a static local is the function's own,
	 * another function's `static mm_segment_t oldfs` is another object */
	struct local_find f = { r->text, key, len, -1 };
	node_walk(node_field(r->ctx->g->fn, "body"), visit_decl, &f);
	return f.found < 0;
}

/*
 * A global slot (limit_global_key) read where this function does not know
 * what it holds: what it held when the function was called, LV_FIELD with
 * field_param STORE_GLOBAL (one such slot per function, as for a
 * parameter's field); -1 when n is not one or the slot is taken.
 */
int limit_field_global(struct run *r, const char *key)
{
	if (!r->ctx->env)
		return -1;
	if (r->field_param >= 0 &&
	    (r->field_param != STORE_GLOBAL || strcmp(r->field_suffix, key)))
		return -1;
	r->field_param = STORE_GLOBAL;
	r->field_suffix = arena_strndup(r->ctx->env->strings, key, strlen(key));
	return LV_FIELD;
}

int limit_global_value(struct run *r, TSNode n)
{
	if (!r->ctx->env || (!node_is(n, S_identifier) && !node_is(n, S_field_expression)))
		return -1;
	char *k = node_text_nospace(n, r->text);
	int v = limit_global_key(r, k) ? limit_field_global(r, k) : -1;
	free(k);
	return v;
}

/*
 * The end helper of a pair through a global: `xx_cleanup()` restores the
 * limit from the global slot that `xx_prepare()` saved ours into, under a
 * test of the state prepare left (`if (info.type == FILE)`, `if (filp &&
 * !IS_ERR(filp))`), and leaves it alone otherwise.  When this path saved
 * into that slot (through prepare's summary, or itself), the test is the
 * one prepare made true when it raised: the call restores.  Its exits that
 * leave the limit unchanged are then not taken.
 */
lv_t limit_restorer_exit(struct run *r, const struct state *s, const struct fn_summary *t)
{
	lv_t x = t->exit;
	if (!(x & LV_FIELD) || !(x & LV_ENTRY) || t->field_param != STORE_GLOBAL || !t->field_suffix)
		return x;
	int id = lval_key_str(r, xstrdup(t->field_suffix), false);
	struct var *var = id >= 0 ? limit_var((struct state *)s, id) : NULL;
	return var && !(var->val & LV_KERNEL) ? x & ~LV_ENTRY : x;
}

/* Is n a named constant: an identifier in capitals, digits and `_` (a
 * macro or an enumerator by the kernel's naming), not TRUE, FALSE or NULL
 * (whose values the sign classes know)? */
bool limit_const_name(struct run *r, TSNode n)
{
	if (!node_is(n, S_identifier) || node_len(n) < 2 || node_len(n) > 255)
		return false;
	const char *p = node_ptr(n, r->text);
	bool letter = false;
	for (size_t i = 0; i < node_len(n); i++) {
		if (p[i] >= 'A' && p[i] <= 'Z')
			letter = true;
		else if (!((p[i] >= '0' && p[i] <= '9') || p[i] == '_'))
			return false;
	}
	return letter && !node_text_is(n, r->text, "TRUE") && !node_text_is(n, r->text, "FALSE") &&
	       !node_text_is(n, r->text, "NULL");
}

const char *limit_ret_name(struct run *r, TSNode val, uint8_t *len)
{
	val = strip_parens(val);
	if (!limit_const_name(r, val))
		return NULL;
	*len = (uint8_t)node_len(val);
	return node_ptr(val, r->text);
}

static bool same_name(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && !memcmp(a, b, alen);
}

void limit_sum_names(struct run *r, struct fn_summary *sum, struct arena *strings)
{
	struct rname v[MAX_RNAMES];
	uint8_t vlen[MAX_RNAMES];
	int n = 0;
	lv_t unnamed = 0;
	bool any_unnamed = false;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *e = &r->exits.v[i];
		if (!e->rname) {
			unnamed |= e->limit;
			any_unnamed = true;
			continue;
		}
		int at = -1;
		for (int k = 0; k < n; k++)
			if (same_name(v[k].name, vlen[k], e->rname, e->rname_len))
				at = k;
		if (at < 0) {
			if (n == MAX_RNAMES)
				return;		/* too many to tell apart */
			at = n++;
			v[at] = (struct rname){ e->rname, 0 };
			vlen[at] = e->rname_len;
		}
		v[at].limit |= e->limit;
	}
	/* worth keeping only when the name tells the limit */
	bool differ = false;
	for (int k = 1; k < n; k++)
		differ |= v[k].limit != v[0].limit;
	differ |= n && any_unnamed && unnamed != v[0].limit;
	if (!differ)
		return;
	struct rname *out = arena_alloc(strings, (size_t)n * sizeof(*out));
	for (int k = 0; k < n; k++)
		out[k] = (struct rname){ arena_strndup(strings, v[k].name, vlen[k]), v[k].limit };
	sum->rname = out;
	sum->nrname = (uint8_t)n;
	sum->exit_unnamed = unnamed;
}

bool limit_named_test(struct run *r, const struct state *s, TSNode n, int key)
{
	n = strip_hints(n, r->text);
	bool neg = false;
	while (node_is(n, S_unary_expression) && node_text_is(node_field(n, "operator"), r->text, "!")) {
		neg = !neg;
		n = strip_parens(node_field(n, "argument"));
	}
	if (!node_is(n, S_binary_expression))
		return false;
	TSNode op = node_field(n, "operator");
	bool eq = node_text_is(op, r->text, "==");
	if (!eq && !node_text_is(op, r->text, "!="))
		return false;
	TSNode x = strip_parens(node_field(n, "left")), c = strip_parens(node_field(n, "right"));
	if (!limit_const_name(r, c)) {
		TSNode t = x;
		x = c;
		c = t;
	}
	if (!limit_const_name(r, c))
		return false;
	if (node_is(x, S_assignment_expression))
		x = strip_parens(node_field(x, "left"));
	int k = node_is(x, S_call_expression) ? lval_key_str(r, node_text_nospace(x, r->text), false)
					      : lval_key(r, x, false);
	if (k < 0 || k != key)
		return false;
	const struct fn_summary *sum = s->rc_sum;
	int at = -1;
	for (int i = 0; i < sum->nrname; i++)
		if (same_name(sum->rname[i].name, strlen(sum->rname[i].name), node_ptr(c, r->text),
			      node_len(c)))
			at = i;
	if (at < 0)
		return false;	/* a value it never returns by that name: no news */
	lv_t is = s->rc_named[at] | s->rc_unnamed, is_not = s->rc_unnamed;
	for (int i = 0; i < sum->nrname; i++)
		if (i != at)
			is_not |= s->rc_named[i];
	bool true_is = eq != neg;
	r->named_true = true_is ? is : is_not;
	r->named_false = true_is ? is_not : is;
	return true;
}

/* Does exit e return a variable (`return buf;`), not a call, a literal or
 * nothing? */
static bool returns_variable(const struct run *r, const struct exit_rec *e)
{
	TSNode n = ts_node_descendant_for_byte_range(r->ctx->g->fn, e->off, e->off + 1);
	while (!ts_node_is_null(n) && !node_is(n, S_return_statement) &&
	       !node_is(n, S_function_definition))
		n = ts_node_parent(n);
	if (!node_is(n, S_return_statement) || ts_node_start_byte(n) != e->off ||
	    !ts_node_named_child_count(n))
		return false;
	TSNode v = strip_parens(ts_node_named_child(n, 0));
	return node_is(v, S_identifier) || node_is(v, S_field_expression);
}

/* Can the caller tell the raised exit e from every restoring one by what
 * they return?  Also when e returns the object it made (`return buf;`)
 * and every restoring exit NULL or 0: MediaTek's kalFirmwareImageMapping()
 * returns the firmware buffer with the limit raised, NULL restored. */
static bool told_apart(struct run *r, const struct exit_rec *e)
{
	uint8_t clean_rc = 0;
	bool names = e->rname != NULL;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *c = &r->exits.v[i];
		if (c->limit & LV_KERNEL)
			continue;
		clean_rc |= c->rclass;
		if (!c->rname || (e->rname && same_name(c->rname, c->rname_len, e->rname, e->rname_len)))
			names = false;
	}
	if (names)
		return true;
	if (e->rclass == RC_ANY && clean_rc == RC_ZERO && returns_variable(r, e))
		return true;	/* (object_return) */
	return e->rclass && e->rclass != RC_ANY && !(e->rclass & clean_rc);
}

/* Does some exit that restored the limit still hold the caller's limit in
 * lvalue key (it saved, raised and restored on an error path)? */
static bool restored_from(struct run *r, uint16_t key)
{
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *c = &r->exits.v[i];
		if (c->limit & LV_KERNEL)
			continue;
		for (int j = 0; j < c->nvars; j++)
			if (c->vars[j].key == key && c->vars[j].val == LV_ENTRY)
				return true;
	}
	return false;
}

bool limit_exit_handed_over(struct run *r, const struct exit_rec *e)
{
	if (!told_apart(r, e))
		return false;
	/* a helper that only raises on success (a conditional setter) is
	 * still reported: this is for the begin helper that undoes its own
	 * raise on its error paths */
	for (int i = 0; i < e->nvars; i++)
		if (e->vars[i].val == LV_ENTRY && outlives_call(r, r->lvals.v[e->vars[i].key]) &&
		    restored_from(r, e->vars[i].key))
			return true;
	return false;
}

/* Is exit e a begin helper's raised `return buf;` against its NULL (or
 * 0) returns where it restored (told_apart's object rule)? */
static bool object_return(struct run *r, const struct exit_rec *e)
{
	if (e->rclass != RC_ANY || !(e->limit & LV_KERNEL) || !returns_variable(r, e))
		return false;
	bool clean = false;
	for (size_t i = 0; i < r->exits.n; i++) {
		const struct exit_rec *c = &r->exits.v[i];
		if (c->limit & LV_KERNEL)
			continue;
		if (c->rclass != RC_ZERO)
			return false;
		clean = true;
	}
	return clean;
}

uint8_t limit_exit_rclass(struct run *r, const struct exit_rec *e)
{
	if (object_return(r, e) && limit_exit_handed_over(r, e))
		return RC_NEG | RC_POS;
	return e->rclass;
}
