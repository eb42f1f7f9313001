/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Locks settled from the tokens alone, for the relevance pass.  Most
 * bodies that name a lock call take it and give it back in a straight
 * line: `spin_lock(&d->lock); ...; spin_unlock(&d->lock);` with no way out
 * in between.  The pair rules can report nothing there and sum nothing up
 * for a caller, so such a body need not be parsed for them (elide.c), and
 * a file whose every lock body is like that need not be parsed at all
 * (analyze.c).  The test is deliberately narrow: what it cannot prove from
 * the tokens is left to the parse.  --verify-token-locks compares it with
 * the parsed analysis.
 */
#ifndef ADDRLIMIT_LOCKTOK_H
#define ADDRLIMIT_LOCKTOK_H

#include <stdbool.h>
#include <stddef.h>

#include "macros.h"
#include "relevance.h"

/* The file a body is judged in: its own #defines (one of them shadows a
 * header's wrapper for the walk) and the names of its functions (one
 * handed to a call named like a release may be a callback that releases). */
struct locktok_file {
	const char *raw;		/* the file as read */
	const struct name_set *fns;	/* the functions it defines */
};

/*
 * Is the body t[open, close] (the offsets of its braces, in normalised
 * text) settled: every acquire of a plain lock rule (lock-held-return, no
 * window, taken unconditionally) a statement of its own, released by a
 * statement of its own on the same object (the same argument text) at the
 * same block depth after it, with no return, break or continue leaving
 * the stretch in between and no control macro of ctl (macros.h) inside
 * it; a goto carries the locks held to its label, where the path falling
 * in (or, after dead code, every other jump there) must hold the same; a
 * release deeper than its acquire is followed, after plain statements,
 * by a return or goto once every lock held is released, or by the same
 * lock taken again; a header's lock wrapper called as a statement counts
 * as the lock calls it records (locktok_wrap.h), any other use of one
 * unsettles; no call whose name the walk reads as a release (`*_unlock`,
 * `*_put` handed the object the lock hangs off or, with a function of
 * `file->fns` (or any name without `file`) among its arguments, naming
 * its root), no hand-over, reassignment or stored address of the locked
 * object (`x = dev`, `dev = next`, `q->lock = &dev->lock` with dev->lock
 * held), nothing but plain expressions in the lock calls' arguments, no
 * preprocessor line, and no name of `tainted` (the file's functions whose
 * bodies take part in the rules: their summaries would reach this body)?
 * Any other rule's call (a window, a trylock, a conditional acquire) makes
 * it unsettled.  A body whose tokens call no lock at all (the rule's name
 * only in a comment, a string or the head before its brace: libata's
 * "LOCKING: spin_lock_irqsave(host lock)") takes no part and is settled.
 */
bool locktok_settled(const char *t, size_t open, size_t close, const struct ctl_macros *ctl,
		     const struct name_set *tainted, const struct locktok_file *file);

/* Does t[from, to) name a lock wrapper of ctl (a header's static inline
 * function, or a macro of any file that releases: macros.h)?  A body that
 * calls one takes part in the rules as one that names a rule call does. */
bool locktok_wrapped(const char *t, size_t from, size_t to, const struct ctl_macros *ctl);

#endif
