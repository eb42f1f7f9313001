/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-source suppressions: a comment `addrlimit: ignore ID[,ID...] -- reason`
 * (or the older spelling `addrlimit-ignore: ID -- reason`) silences the
 * named checks on the comment's own lines and on the line after it.  The
 * reason is required: a suppression without one is reported, not applied.
 */
#ifndef ADDRLIMIT_SUPPRESS_H
#define ADDRLIMIT_SUPPRESS_H

#include "diag.h"
#include "load.h"

struct suppression {
	struct pos at;		/* where the tag starts */
	unsigned first, last;	/* lines whose findings it silences */
	uint32_t ids;		/* checks named, one bit per check id */
	uint32_t used;		/* ... of which silenced at least one finding */
	bool all;		/* `ignore all` */
	char *reason;		/* owned; NULL when missing (then not applied) */
};

/* A problem with the user's use of addrlimit itself (a suppression without
 * a reason, naming an unknown check, or silencing nothing). */
struct tool_note {
	struct pos at;
	char *msg;		/* owned */
};

typedef VEC(struct suppression) suppression_list;
typedef VEC(struct tool_note) tool_note_list;

/* Find the suppression comments of src; problems go to `notes`. */
void suppressions_scan(const struct source *src, suppression_list *out, tool_note_list *notes);
/* The applicable suppression (one with a reason) silencing finding f, or NULL. */
struct suppression *suppression_for(suppression_list *l, const struct finding *f);
void suppressions_release(suppression_list *l);
void tool_notes_release(tool_note_list *l);

#endif
