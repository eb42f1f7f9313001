/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The address-limit analysis of one function: a path-sensitive walk of
 * its CFG over states (limit, saved limits, branch assumptions) that
 * reports ds-leak, ds-unbalanced, oops-in-window, ds-no-save and
 * user-ptr-kernel-ds, each with the path from the raise to the fault, and
 * that sums the function up for its callers (program.c runs it bottom-up
 * over the call graph of the whole tree).
 */
#ifndef ADDRLIMIT_CHECK_LIMIT_H
#define ADDRLIMIT_CHECK_LIMIT_H

#include "addrlimit.h"
#include "cfg.h"
#include "diag.h"
#include "facts.h"
#include "load.h"

/* Limit values: a set of these.  LV_P0..LV_P3: what the caller passed as
 * parameter k; LV_FIELD: what the caller's object held in the field the
 * summary names (a limit saved there by an earlier helper). */
enum {
	LV_ENTRY = 1, LV_USER = 2, LV_KERNEL = 4, LV_OTHER = 8,
	LV_P0 = 16, LV_FIELD = 256,
};
#define LV_PARAMS 4
typedef uint16_t lv_t;

#define MAX_STORES 4
/* store[].param and field_param of a slot that is a global (the suffix is
 * then the whole lvalue, `update_info.old_fs`), not a parameter's field */
#define STORE_GLOBAL 0xff
#define MAX_WSINKS 4

/* A uaccess call inside a window that a parameter of the function reaches. */
struct wsink {
	uint8_t param;
	const char *path;		/* file of the call */
	struct findings *out;		/* where a report at it goes */
	struct pos at;
	const char *fn;			/* function holding the window */
	const char *what;		/* the call, as text */
	bool uparam;			/* the parameter is declared __user where the
					 * window is: a caller must show it passes a
					 * kernel object (user-ptr-kernel-ds) */
};

/* The limit at the exits that return one named constant. */
#define MAX_RNAMES 4
struct rname {
	const char *name;
	lv_t limit;
};

/* What a caller needs to know about a function. */
struct fn_summary {
	bool analysed;			/* false: the limit is never touched */
	bool noreturn;			/* no path returns */
	lv_t exit;			/* the limit at its returns (LV_ENTRY: unchanged) */
	lv_t exit_neg;			/* ... at returns that may give a negative value */
	lv_t exit_zero;			/* ... at returns that may give zero (FALSE, NULL) */
	lv_t exit_pos;			/* ... at returns that may give a positive value */
	lv_t ret;			/* the limit value it returns, 0 when none */
	uint8_t nrname;			/* exits that return a named constant (`return
					 * WLAN_STATUS_FAILURE;`, an enum's STATUS_ERR): */
	const struct rname *rname;	/* ... the limit at each name, nrname of them in
					 * the strings arena; NULL when none or too many */
	lv_t exit_unnamed;		/* ... the limit at the exits that return no name */
	uint8_t nstore;
	struct {
		uint8_t param;		/* stores into param->suffix */
		const char *suffix;	/* "->saved_fs" */
		lv_t val;
	} store[MAX_STORES];
	uint8_t field_param;		/* LV_FIELD reads param->field_suffix */
	const char *field_suffix;
	const char *raise_path;		/* where it raises the limit, for notes */
	struct pos raise_at;
	const char *raise_text;
	uint32_t sinks;			/* parameters that reach a uaccess routine */
	uint32_t usinks;		/* ... through their field that holds a user-space
					 * address (fn_fact.usinks); only of a function
					 * that never touches the limit, where the
					 * caller's limit is the one in force */
	uint32_t opaque;		/* parameters handed to a call through a function
					 * pointer (a native ioctl handler, maybe) */
	const char *sink_path;		/* ... the first such routine call, for notes */
	struct pos sink_at;
	const char *sink_what;
	uint8_t nwsink;
	struct wsink *wsink;		/* MAX_WSINKS of them in the strings arena, or NULL
					 * while none (most functions: a whole tree has
					 * ~600,000 summaries) */
	const char *name;
};

/* The constant arguments of one call (`set_mode(c, MODE_SUSPEND)`,
 * `set_enable(dev, 0)`): which parameter gets which constant. */
#define MAX_CARGS 4
#define CARG_TEXT 48
struct const_arg {
	uint8_t param;
	bool known;			/* value is the number (a literal, TRUE, NULL) */
	bool nonnull;			/* an object's address (`&oldfs`, text "&"): only
					 * its truth is known */
	long long value;
	char text[CARG_TEXT];		/* its text, without spaces (`MODE_SUSPEND`, `0`) */
};
struct const_args {
	uint8_t n;
	struct const_arg v[MAX_CARGS];
};

/* How the analysis sees the rest of the program (program.c). */
struct limit_env {
	/* Summaries of the functions a call at offset `off` may reach; returns
	 * how many (0: an unknown callee, which changes nothing). */
	size_t (*callees)(void *env, uint32_t off, const struct fn_summary **out, size_t max);
	void *env;
	struct arena *strings;		/* outlives every summary */
	/* Does some analysed file follow a field of this name as a user
	 * pointer (a uaccess routine's, a cast to __user)?  NULL: unknown. */
	bool (*followed)(void *env, const char *field, size_t len);
	/* The summary of callee t (one callees() gave) for a call passing the
	 * constants a: t analysed again with the conditions on those
	 * parameters decided at its entry, or t itself.  NULL: none. */
	const struct fn_summary *(*special)(void *env, const struct fn_summary *t,
					    const struct const_args *a);
};

struct limit_ctx {
	const struct source *src;	/* positions and messages */
	const char *path;		/* the file, as reported */
	const struct cfg *g;		/* the function */
	const struct fn_fact *fact;	/* its facts (calls, argument masks), or NULL */
	const char *entry_why;		/* why it is an entry point, or NULL */
	uint32_t user_params;		/* parameters that hold user-chosen pointers */
	struct findings *out;		/* findings are appended here */
	const struct limit_env *env;	/* callees, or NULL (intraprocedural) */
	bool report;			/* false: only compute the summary */
	struct fn_summary *sum;		/* filled when not NULL */
	size_t budget;			/* state transfers allowed */
	double deadline;		/* mono_seconds() to stop at, or 0 */
	bool budget_hit;		/* set when the budget ran out */
	bool time_hit;			/* ... because the deadline passed */
	bool saw_kernel;		/* some state held KERNEL_DS (the limit or a saved value) */
	uint32_t marked_params;		/* parameters declared __user */
	uint32_t open_params;		/* ... of an extern function no visible caller
					 * calls: whatever reaches a uaccess routine
					 * under KERNEL_DS may be a user pointer */
	bool kmode_callers;		/* every visible call passes a trap's kernel-mode
					 * registers (kmode.h): its register frames hold
					 * no address user space chose */
	const struct const_args *seed;	/* the constants its parameters hold (a summary
					 * for one call's constant arguments), or NULL */
};

/* Can the function's text change the limit at all (a cheap pre-test: the
 * API table's SUB_LIMIT substrings)? */
bool limit_relevant(const char *text, size_t start, size_t end);

/* Analyse ctx->g; returns false when the budget ran out (results partial). */
bool check_limit(struct limit_ctx *ctx);

/* Add w for each parameter in params to v[0..*n), without duplicates. */
void wsinks_add(struct wsink *v, uint8_t *n, uint32_t params, const struct wsink *w);

/*
 * user-ptr-kernel-ds in ->write/->read handlers the kernel also calls with
 * KERNEL_DS in force (check_limit_kds.c): a pointer read out of the
 * written buffer reaching a uaccess routine.  One parsed file (root, its
 * function definitions fns[0..n), skip[i]: unanalysable, its facts ff);
 * findings go to out.
 */
void kds_check_file(const struct opts *o, const struct source *src, const char *path, TSNode root,
		    const TSNode *fns, char *const *names, const bool *skip, size_t n,
		    struct file_facts *ff, struct findings *out);
/* ... where such a handler's table (ff->kds_remote of its file) names a
 * function of this file: seeds[] say which function gets the buffer as
 * which argument, and from which handler of which file (path). */
struct kds_seed {
	size_t fn;			/* index into fns */
	const struct kds_remote *remote;
	const char *path;		/* the handler's file, as reported */
};
void kds_check_remote(const struct opts *o, const struct source *src, const char *path,
		      TSNode root, const TSNode *fns, char *const *names, const bool *skip, size_t n,
		      const struct file_facts *ff, const struct kds_seed *seeds, size_t nseeds,
		      struct findings *out);

/*
 * user-ptr-kernel-ds where a kernel thread borrows a user's mm with
 * use_mm() and calls a uaccess routine without setting USER_DS first
 * (check_limit_usemm.c): one function at a time, in the text's order.
 */
void usemm_check_file(const struct source *src, const char *path, const TSNode *fns,
		      char *const *names, const bool *skip, size_t n, struct findings *out);

/* Do two summaries say the same to a caller? */
bool summary_eq(const struct fn_summary *a, const struct fn_summary *b);

#endif
