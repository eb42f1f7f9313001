/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Body elision, for the relevance pass: a file parsed only because some of
 * its functions name a rule call (lock-held-return, pair-unbalanced,
 * uaccess-call) or a name the pass asked about needs the bodies of those
 * functions, of the functions of the file that mention them (their
 * callers, the bodies that register them), and so on; the other bodies can
 * tell those checks nothing, and they are most of the bytes.  They are blanked before the parse (their
 * newlines and preprocessor lines kept), so the parser reads them as empty
 * bodies: the functions still exist, with their names, linkage and
 * positions; their calls do not.  analyze.c says when a file is parsed
 * this way, checks the parse against what was decided here, and parses
 * the file again whole when they disagree.
 */
#ifndef ADDRLIMIT_ELIDE_H
#define ADDRLIMIT_ELIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "macros.h"
#include "relevance.h"
#include "util.h"

struct elided_body {
	uint32_t head;		/* where its definition begins (after the last
				 * top-level `;` or `}` before it) */
	uint32_t open, close;	/* offsets of its braces */
	bool keep;
};

struct elision {
	size_t bytes;		/* bytes blanked (0: the text is as it was) */
	size_t bodies;		/* bodies blanked */
	VEC(struct elided_body) all;	/* the bodies found, in order */
	struct name_set names;	/* the names the kept functions go by */
	char *orig;		/* the text before blanking (when a body was left out) */
	uint32_t *gone;		/* hashes of the names in the blanked bodies, each once */
	uint32_t ngone;
	size_t kept;		/* bodies kept */
	size_t rule_bodies;	/* bodies that name a rule call */
	size_t settled;		/* ... of which the token check settled, left out */
	bool rules_outside;	/* a rule call outside every body found */
};

/*
 * Blank the bodies of the top-level function definitions of normalised
 * text[0, len) that name no rule call (rules_relevant()), mention no name
 * of `asked` (the names the relevance pass asked about so far; may be
 * NULL) and mention no function whose body is kept, all in raw (the
 * file's own bytes at the same offsets), and, with wrappers, no header's
 * lock wrapper of ctl (the lock checks are on).  With tokens, a body whose
 * lock calls (and wrappers' calls) the token check settles (locktok.h,
 * with the control macros ctl) counts as naming none, unless a kept body
 * calls its function.  Nothing
 * is blanked when the brackets do not balance.  e says what was done;
 * release it with elision_release().
 */
void elide_bodies(const char *raw, char *text, size_t len, const struct name_set *asked,
		  const struct ctl_macros *ctl, bool wrappers, bool tokens, struct elision *e);

/* The bodies of text[0, len) (raw: the same bytes unblanked) that the
 * token check settles, whatever is kept: their number, the offsets of
 * their `{` in *opens (the caller frees it), for --verify-token-locks. */
size_t elide_settled(const char *raw, const char *text, size_t len,
		     const struct ctl_macros *ctl, uint32_t **opens);

/*
 * For the whole-tree pass, which walks again a few functions of a file
 * read a second time: blank every body of text[0, len) except those that
 * open inside one of the spans [spans[2k], spans[2k + 1]) (the bytes of the
 * definitions to walk).  No names are followed.  e says what was done, as
 * for elide_bodies().
 */
void elide_bodies_except(char *text, size_t len, const uint32_t *spans, size_t nspans,
			 struct elision *e);

/* The body from `open` to `close` (the parser's): 1 if it was kept, 0 if it
 * was blanked, -1 if elide_bodies() did not see it as a body. */
int elision_body(const struct elision *e, uint32_t open, uint32_t close);
/* Is `name` among the names the kept functions were taken to go by? */
bool elision_named(const struct elision *e, const char *name);

/* Take e->gone (the caller frees it). */
uint32_t *elision_take_gone(struct elision *e, uint32_t *n);

void elision_release(struct elision *e);

#endif
