// SPDX-License-Identifier: GPL-2.0
/*
 * The lvalues the address-limit walk keys its saved limits and tested
 * results by (check_limit_int.h): each text once per function, in
 * run.lvals.
 */
#include "check_limit_int.h"

#include <stdlib.h>
#include <string.h>

int lval_key_str(struct run *r, char *k, bool create)
{
	for (size_t i = 0; i < r->lvals.n; i++) {
		if (!strcmp(r->lvals.v[i], k)) {
			free(k);
			return (int)i;
		}
	}
	if (!create || r->lvals.n >= UINT16_MAX) {
		free(k);
		return -1;
	}
	VEC_PUSH(r->lvals, k);
	return (int)(r->lvals.n - 1);
}

int lval_key(struct run *r, TSNode n, bool create)
{
	n = strip_parens(n);
	if (!(node_is(n, S_identifier) || node_is(n, S_field_expression) ||
	      node_is(n, S_subscript_expression) || node_is(n, S_pointer_expression)))
		return -1;
	return lval_key_str(r, node_text_nospace(n, r->text), create);
}
