/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside entry-point discovery (entry.h): the rows of entry.def as data,
 * shared by entry.c (declarations, assignments, calls, the general rule)
 * and entry_macro.c (registration macros read from the text).
 */
#ifndef ADDRLIMIT_ENTRY_INT_H
#define ADDRLIMIT_ENTRY_INT_H

#include "entry.h"

/* One row of entry.def (the kinds of row are explained there). */
enum row_kind { R_OPS, R_DISTINCTIVE, R_ORDER, R_HINT, R_PRIVATE, R_UNSEEN, R_TYPED, R_SIGNATURE,
		R_PARAMS, R_CALL, R_MACRO, R_REG_CALL, R_REG_FIELDS, R_REG_SKIP };

struct row {
	enum row_kind kind;
	const char *name;	/* struct tag, type, function or macro name; DISTINCTIVE,
				 * UNSEEN: the fields; PARAMS: the parameter types */
	const char *list;	/* OPS, PRIVATE: the fields; ORDER: the members; HINT:
				 * substrings; MACRO: the handlers */
	const char *why;
	int arg;		/* CALL: the argument; SIGNATURE: the parameter */
};

/* The rows of entry.def, in order. */
extern const struct row entry_rows[];
extern const size_t entry_nrows;

/* The first row of this kind named name[0, len), or NULL. */
const struct row *entry_row_named(enum row_kind kind, const char *name, size_t len);
/* Is w[0, len) a word of the space-separated list?  A word ending in `*`
 * is a prefix. */
bool entry_word_in(const char *list, const char *w, size_t len);
/* Is f[0, len) a word of some OPS row's fields (a quick no for the most
 * field assignments, which set no handler)? */
bool entry_ops_field(const char *f, size_t len);
/* The handlers the registration macros of a file's text name (MACRO rows,
 * and vendor macros named like the attribute macros). */
void entry_scan_macros(struct entries *es, const char *text, size_t len);

#endif
