/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Paired-state rules: an open call, a close call and what must hold when
 * a function or an entry point returns.  The built-in rules (user access
 * windows, kthread_use_mm, pagefault_disable, kernel_fpu/neon, locks) live
 * in one table in rules.c; users add their own with --rules FILE in the
 * text format of docs/rules.md.  The address limit itself keeps its own
 * richer analysis (check_limit.c); check_pairs.c runs these.
 */
#ifndef ADDRLIMIT_RULES_H
#define ADDRLIMIT_RULES_H

#include "diag.h"

/* When an open call has taken the state. */
/* When a call takes the state: always, when it returns non-zero / zero, or
 * (a function of the analysed code returning a pointer) when its result
 * is no ERR_PTR(). */
enum acq { ACQ_ALWAYS, ACQ_NONZERO, ACQ_ZERO, ACQ_NOTERR };

struct rule_call {
	const char *name;	/* owned by the rule set */
	int8_t arg;		/* the argument that names the object, or -1: a counter */
	uint8_t acq;		/* enum acq */
};

struct rule {
	const char *name;	/* "mutex", "user_access" */
	const char *what;	/* noun for messages: "mutex", "user access window" */
	enum check_id check;	/* C_PAIR_UNBALANCED or C_LOCK_HELD_RETURN */
	VEC(struct rule_call) open, close;
	VEC(const char *) allow;	/* non-empty: calls inside are checked (uaccess-call);
					 * a trailing '*' matches a prefix */
	bool balanced;		/* held at an exit is reported only where the function
				 * also closes the same object and its result does not
				 * tell which (a semaphore handed to another function
				 * on purpose is not) */
	const char *origin;	/* "built-in" or "FILE:LINE" */
};

struct rule_set {
	struct arena arena;	/* every string */
	VEC(struct rule) v;
};

/* The built-in rules. */
void rules_builtin(struct rule_set *rs);
/* Add the rules of a rule file; returns 0, or -1 after printing
 * FILE:LINE: errors for every problem (nothing is added then). */
int rules_load(struct rule_set *rs, const char *path);
/* ... of a text already in memory (tests, fuzzing); errors go to err. */
int rules_parse(struct rule_set *rs, const char *text, size_t len, const char *origin,
		struct strbuf *err);
void rules_release(struct rule_set *rs);

/* The rule set in force (set once by main before any analysis). */
void rules_set(const struct rule_set *rs);
const struct rule_set *rules_get(void);

/* Is `name` an open (*is_open) or close call of some rule?  Sets *rule
 * and *call; false otherwise. */
bool rules_lookup(const char *name, size_t len, int *rule, int *call, bool *is_open);
/* Is the name that ends at text[end] (text has len bytes) used as a call
 * or a block macro: followed, after blanks, by '(' or '{'?  Rule names
 * that are English words (`up`, `down`) are then not found in comments
 * ("set up the queue"). */
bool rules_used_as_call(const char *text, size_t end, size_t len);
/* Does a rule allow calling `name` inside its window? */
bool rule_allows(const struct rule *r, const char *name, size_t len);
/* Which rules' calls the bytes text[start, end) may hold (a cheap
 * pre-test): RULES_LOCK for rules checked at entry points only
 * (lock-held-return), RULES_OTHER for the others; 0 for none. */
enum { RULES_LOCK = 1, RULES_OTHER = 2 };
unsigned rules_relevant(const char *text, size_t start, size_t end);

#endif
