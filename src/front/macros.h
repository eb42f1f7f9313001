/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statement macros that hide control flow.  Vendor code wraps error
 * handling in macros (`gcmkONERROR(f())` is `status = f(); if (error)
 * goto OnError;`); the analysis does not expand macros, so it reads their
 * definitions from the scanned files and the headers beside them and
 * lets the CFG treat a call of one as a jump that may be taken.
 */
#ifndef ADDRLIMIT_MACROS_H
#define ADDRLIMIT_MACROS_H

#include "util.h"

enum ctl_kind { CM_NONE, CM_BREAK, CM_RETURN, CM_GOTO, CM_ALIAS };

struct ctl_macro {
	const char *name;
	const char *arg;	/* CM_GOTO: the label; CM_ALIAS: the macro it calls */
	uint8_t kind;		/* enum ctl_kind */
};

typedef VEC(struct ctl_macro) ctl_macro_list;

/* Add the function-like #defines of text whose body jumps (or calls
 * another macro) to out; names and arguments live in arena a. */
void macros_scan(const char *text, size_t len, struct arena *a, ctl_macro_list *out);

/* The table the CFG consults; NULL when none.  Set by the whole-tree pass. */
void macros_set(ctl_macro_list *all);
/* Is name a control macro?  Sets *label for CM_GOTO. */
enum ctl_kind macros_lookup(const char *name, size_t len, const char **label);

#endif
