/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report/ — what the user reads: the checks table (diag.def: id, severity,
 * message, help — the single list of checks), findings with their paths
 * (diag.c), and one file per output format (report_text.c, report_json.c,
 * report_sarif.c, report_html.c).  Reads results; may call front/load
 * (source positions) and util/ only.
 *
 * This header: findings, the checks table (diag.def), one finding with its
 * path, and a per-file list of findings sorted for deterministic output.
 */
#ifndef ADDRLIMIT_DIAG_H
#define ADDRLIMIT_DIAG_H

#include "util.h"

enum severity { SEV_ERROR, SEV_WARNING, SEV_NOTE };

enum check_id {
#define CHECK(e, id, sev, shortd, help) C_##e,
#define CHECK_FN(e, id, sev, shortd, help, hook) C_##e,
#include "diag.def"
#undef CHECK
#undef CHECK_FN
	C__COUNT
};

struct check_info {
	const char *id;		/* stable id, e.g. "ds-leak" */
	enum severity sev;	/* default severity */
	const char *shortd;	/* one-line description */
	const char *help;	/* what it means and how to fix it */
};
extern const struct check_info checks[C__COUNT];

/* Look a check up by id; -1 when unknown. */
int check_by_id(const char *id, size_t len);
const char *severity_name(enum severity s);

struct pos {
	unsigned line, col;	/* 1-based; col counts bytes (gcc style) */
	unsigned col_cp;	/* 1-based column in code points (SARIF) */
	uint32_t off;		/* byte offset */
};

struct step {
	struct pos at;
	char *msg;		/* owned */
	char *file;		/* owned; NULL: the finding's own file */
};

/* A finding folded into another one (program_fold.c): a caller that the
 * other's root cause reaches, where it would have been reported again
 * (REL_CALLER), or another user pointer from the same source, that the
 * same fix covers (REL_SOURCE), or another return of the same function
 * after the same raise or acquire (REL_RETURN). */
enum related_kind { REL_CALLER, REL_SOURCE, REL_RETURN };

struct related {
	enum check_id id;
	enum related_kind kind;
	struct pos at;
	char *msg;		/* owned: the folded finding's message */
	char *file;		/* owned: its file */
	char *func;		/* owned: its function */
};

struct finding {
	enum check_id id;
	struct pos at;		/* where the fault is reported */
	char *msg;		/* owned */
	char *func;		/* enclosing function, owned */
	VEC(struct step) steps;	/* the path, in order */
	char *cause;		/* owned, or NULL: the callees whose returns left the
				 * state this finding is about (the limit raised), one
				 * per line, when nothing in func itself did */
	VEC(struct related) also;	/* the callers its root cause reaches, folded in */
	char fingerprint[17];	/* hex; the same after unrelated lines move */
	const char *justification; /* a silenced finding's suppression reason (borrowed) */
};

struct findings {
	VEC(struct finding) v;
};

void findings_add(struct findings *fs, struct finding *f);	/* takes ownership */
/* Its check's default severity, or the most severe of the findings folded
 * into it (before -Werror). */
enum severity finding_default_severity(const struct finding *f);
void findings_sort(struct findings *fs);
void findings_release(struct findings *fs);
void finding_release(struct finding *f);	/* one that left its list */

#endif
