// SPDX-License-Identifier: GPL-2.0
/*
 * A header's lock wrapper for the token check (locktok_wrap.h).
 */
#include "locktok_wrap.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "util.h"

/* The caller's argument a recorded argument spec[0, n) is built from:
 * the K of a `$K` it starts with, after `&`, `*` and parentheses
 * (`&$0->i_rwsem`: 0); -1 when it starts from none. */
static int spec_root(const char *spec, size_t n)
{
	size_t i = 0;
	while (i < n && (spec[i] == '&' || spec[i] == '*' || spec[i] == '('))
		i++;
	if (i + 1 >= n || spec[i] != '$' || !isdigit((unsigned char)spec[i + 1]) ||
	    (i + 2 < n && isdigit((unsigned char)spec[i + 2])))
		return -1;
	return spec[i + 1] - '0';
}

/* One recorded line ln (up to its newline), name nl bytes long, of a plain
 * lock rule ri: its call on the object its arguments build into *out. */
static bool line_call(const char *ln, size_t nl, int ri, int ci, bool open, char **argv, int argc,
		      struct lt_wrap_call *out)
{
	const struct rule *r = &rules_get()->v.v[ri];
	const struct rule_call *c = open ? &r->open.v[ci] : &r->close.v[ci];
	if (r->check != C_LOCK_HELD_RETURN || r->allow.n || (open && c->acq != ACQ_ALWAYS))
		return false;
	/* (a lock of no object, rcu_read_lock(): the key is empty) */
	*out = (struct lt_wrap_call){ (uint16_t)ri, open, c->arg < 0 ? xstrdup("") : NULL, -1 };
	bool ok = true;
	size_t at = nl + 1;
	for (int a = 0; ok && ln[at] && ln[at] != '\n' && ln[at] != ')' && a < LT_WRAP_ARGS; a++) {
		size_t st = at, len = wrap_arg(ln, &at);
		/* (the walk drops the whole line when one is not passed) */
		char *v = wrap_subst(ln + st, len, argv, argc);
		ok = v != NULL;
		if (ok && a == c->arg) {
			out->key = v;
			out->root_arg = spec_root(ln + st, len);
			ok = out->root_arg >= 0;
		} else {
			free(v);
		}
		if (ln[at - 1] != ',' && ln[at] == ')')
			break;
	}
	if (!ok || !out->key) {
		free(out->key);
		out->key = NULL;
		return false;
	}
	return true;
}

bool lt_wrapper_calls(const struct ctl_macros *ctl, const char *name, size_t len, char **argv,
		      int argc, struct lt_wrap_call *out, int *n)
{
	*n = 0;
	const char *eff = macros_wrapper_live(ctl, name, len);
	bool ok = eff && !strstr(eff, "##");
	for (const char *ln = eff; ok && *ln; ln += strcspn(ln, "\n") + (ln[strcspn(ln, "\n")] != 0)) {
		size_t nl = strcspn(ln, "(\n");
		int ri, ci;
		bool open;
		if (ln[0] == '~' || ln[0] == '?' || ln[nl] != '(')
			ok = false;
		else if (!rules_lookup(ln, nl, &ri, &ci, &open))
			ok = !macros_wrapper_live(ctl, ln, nl);	/* (nothing replayed) */
		else
			ok = *n < LT_WRAP_CALLS &&
			     line_call(ln, nl, ri, ci, open, argv, argc, &out[(*n)++]);
	}
	if (!ok) {
		for (int k = 0; k < *n; k++)
			free(out[k].key);
		*n = 0;
	}
	return ok;
}
