/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What one file tells the whole-tree analysis, gathered while the file is
 * parsed for the first time: its functions (name, linkage, the calls they
 * make and which parameters flow into each argument), the function names
 * it stores into struct fields (for calls through function pointers), and
 * the entry points it registers.  Facts are small and outlive the parse
 * tree, so the whole tree's facts fit in memory at once.
 */
#ifndef ADDRLIMIT_FACTS_H
#define ADDRLIMIT_FACTS_H

#include "diag.h"
#include "entry.h"
#include "macros.h"
#include "load.h"
#include "parse.h"

#define MAX_PARAMS 32

struct call_fact {
	const char *callee;	/* name, or ".field" for a call through a field */
	uint32_t off;		/* where the call starts */
	uint8_t nargs;
	bool fop;		/* through f_op / fops (->read, ->write are sinks) */
	bool foreign;		/* through the f_op of a file other than the caller's
				 * parameter (`fo->act_filp->f_op->read`, a filp_open()
				 * result): never the caller's own file's handlers */
	bool kmode;		/* made only with a trap's kernel-mode registers
				 * (`if (!user_mode(regs))` around it, kmode.h) */
	uint32_t *argmask;	/* per argument: the parameters it derives from; NULL if none */
};

/* The key of a pair_fx: how a caller in another file names the object. */
enum pair_key_kind {
	PK_NONE,	/* no object (a counter: rcu_read_lock) */
	PK_PARAM,	/* "$K..." relative to parameter K */
	PK_GLOBAL,	/* an extern global, by name: the same in every file */
	PK_STATIC,	/* a static global of the callee's file */
	PK_LOCAL,	/* an object the callee reached on its own */
};

/* One thing a function leaves open or closes for its caller (the pair
 * rules' summary, check_pairs.h), kept for callers in other files. */
struct pair_fx {
	uint16_t rule;		/* the rule (index in the rule set) */
	uint8_t acq;		/* enum acq, for an open */
	uint8_t kind;		/* enum pair_key_kind of key */
	bool close;
	const char *key;	/* "$K..." for a parameter, else the callee's text; NULL: none */
	struct pos open_at;	/* where it is taken (line 0: not known) */
	struct pos exit_at;	/* an exit that returns with it open (line 0: none) */
};

struct fn_fact {
	const char *name;
	uint32_t start, end;	/* bytes of the definition */
	unsigned line;		/* ... its first line */
	bool is_static;
	bool is_inline;		/* declared inline (no call is made) */
	bool always_inline;	/* __always_inline: never emitted out of line */
	bool exported;		/* EXPORT_SYMBOL*(name) in its file: modules outside
				 * the tree may call it */
	bool asmlinkage;	/* declared asmlinkage: called from the assembly (an
				 * old kernel's system call table, a trap) */
	uint32_t pair_closes;	/* pair rules (bit = rule index) it releases for its caller */
	uint32_t pair_partial;	/* lock rules it returns holding on some paths that px
				 * does not tell (check_pairs_int.h: pair_sum.partial) */
	bool px_known;		/* the pair rules summed it up (px below) */
	uint8_t px_rets;	/* bit DF_RC_*: what its returns give */
	uint8_t npx;
	struct pair_fx *px;	/* what it leaves open or closes for its caller */
	bool direct;		/* its text can change the limit (set_fs, force_uaccess_) */
	bool unanalysable;	/* a parse error hides its control flow */
	bool noreturn;		/* no path returns (only ends in panic, BUG, do_exit...) */
	uint8_t nparams;
	uint32_t sinks;		/* parameters passed straight to a uaccess routine */
	uint32_t usinks;	/* ... of them, those whose field holding a user-space
				 * address is (vma->vm_start, cast to __user) */
	const char *tail;	/* with no return statement: the call that ends the body */
	const char *sink_callee;	/* the first uaccess call a parameter reaches, */
	unsigned sink_line, sink_col, sink_col_cp;	/* ... and where */
	struct call_fact *calls;
	uint32_t ncalls;
};

/* The pseudo-field of a function handed to a kernel thread or a work item
 * (facts.c: kthread_bindings). */
#define KTHREAD_FIELD "@kthread"

/* `.field = fn` or `x->field = fn`, anywhere in the file; or a function
 * handed to a kernel thread (field KTHREAD_FIELD). */
struct binding {
	const char *field;
	const char *fn;
	uint32_t off;		/* where (for the order while collecting; not kept) */
};

/* A finding of the pair rules that the whole tree decides (check_pairs.h). */
enum pc_need {
	PC_ALWAYS,	/* report as it is (or with the entry message for an entry point) */
	PC_ENTRY,	/* report only when the function is an entry point */
	PC_OUTLINE,	/* report only when `callee` is an out-of-line function */
	PC_NO_DROP,	/* report unless a function of another file named in `callee`
			 * (names separated by blanks) releases its caller's lock of
			 * the rule (lock-double-acquire: it was dropped in between) */
};

struct pair_cand {
	uint32_t fn;		/* index of the function in the file */
	uint16_t rule;		/* the rule (index in the rule set) */
	uint8_t need;		/* enum pc_need */
	struct finding f;	/* msg: the report for a non-entry function, or NULL */
	char *held;		/* what is still open at the exit, for the entry message */
	char *callee;		/* PC_OUTLINE: the function called in the window;
				 * PC_NO_DROP: the functions called in between */
	bool kept_own;		/* lock-unbalanced: the function's last exit releases
				 * it itself (a `balanced` rule), or it is held only
				 * where an error is returned and released where 0
				 * is, so another function that releases it too
				 * does not take it over */
	bool never_rel;		/* lock-unbalanced: the function releases it on no
				 * path; only a function named as its partner (the
				 * _stop() of its _start()) takes it over */
};
typedef VEC(struct pair_cand) pair_cand_list;

/* Free the candidates of v and empty it. */
void pair_cands_release(pair_cand_list *v);

/* A function named in a dispatch table of this file but defined in another
 * one, that a handler the kernel may call under KERNEL_DS hands its user
 * buffer through the table (check_limit_kds.c): `uverbs_cmd_table[cmd](file,
 * buf + sizeof(hdr), ...)` of uverbs_main.c, ib_uverbs_get_context() of
 * uverbs_cmd.c.  The whole-tree pass follows it into that file. */
struct kds_remote {
	const char *name;	/* the function named in the table */
	uint8_t arg;		/* the argument the table call passes the buffer as */
	const char *handler;	/* the handler, and its field (`write`) */
	const char *field;
	struct pos field_at;	/* where the handler is bound */
	struct pos call_at;	/* the call through the table */
};

struct file_facts {
	struct arena arena;	/* owns every string and array below */
	VEC(struct fn_fact) fns;
	VEC(struct binding) binds;
	struct entries regs;	/* entry points the file registers */
	ctl_macro_list macros;	/* its #defines that hide a jump */
	pair_cand_list pairs;	/* pair-rule findings waiting for entry points */
	const struct ctl_macros *ctl;	/* the run's control macros its CFGs see (not owned) */
	VEC(const char *) ufollow;	/* names of fields followed as user pointers here:
					 * `p->buf` given to a uaccess routine as its user
					 * pointer, or cast to a __user pointer (each once) */
	VEC(struct kds_remote) kds_remote;	/* table entries of other files given the
						 * buffer of a KERNEL_DS-called handler */
};

/* The parameters of function definition fn: names (pointers into text,
 * with lengths) and their declarations; returns how many (≤ max). */
struct param {
	const char *name;
	size_t len;
	TSNode decl;
};
int function_params(TSNode fn, const char *text, struct param *out, int max);

/* The arguments of a uaccess routine that must be user pointers (bit i for
 * argument i), or 0 when `name` is not one.  fop: a call through f_op. */
uint32_t sink_args(const char *name, size_t len, bool fop);

/* Gather the facts of one parsed file; fns are the function definitions
 * found in the tree, in order, with their names; unanalysable[i] says a
 * vital parse error hides fns[i]'s control flow; wrappers: its macros
 * with its lock wrappers (macros_scan). */
void facts_collect(struct file_facts *ff, const struct source *src, TSNode root,
		   const TSNode *fns, char *const *names, const bool *unanalysable, size_t nfns,
		   bool wrappers);
void facts_release(struct file_facts *ff);

/* The index of f's call starting at offset off, or -1. */
long fn_call_at(const struct fn_fact *f, uint32_t off);

/* Is the function definition `static`? */
bool function_is_static(TSNode fn, const char *text);

#endif
