// SPDX-License-Identifier: GPL-2.0
/*
 * Begin helpers that hand the raised limit over to their caller
 * (check_limit_int.h): `xx_fw_open()` saves the caller's limit in a global
 * or a device field, raises, and restores on its own error paths; the
 * matching `xx_fw_close()` restores from the same place.  Such a helper
 * is the setter of a pair, not a function that forgets to restore on some
 * paths: its raised exits keep the caller's limit where the restorer
 * finds it, and its result tells the caller which kind of exit it got.
 * The caller's walk judges the pair (it sees the raise on the exits that
 * return that value and reports a path that returns without the restore).
 */
#include "check_limit_int.h"

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

bool limit_exit_handed_over(struct run *r, const struct exit_rec *e, uint8_t clean_rc)
{
	if (!e->rclass || e->rclass == RC_ANY || (e->rclass & clean_rc))
		return false;	/* the caller cannot tell this exit from a restored one */
	for (int i = 0; i < e->nvars; i++)
		if (e->vars[i].val == LV_ENTRY && outlives_call(r, r->lvals.v[e->vars[i].key]))
			return true;
	return false;
}
