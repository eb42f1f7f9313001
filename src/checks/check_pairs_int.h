/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the paired-state check (check_pairs.h): the state its walk
 * carries, the run of one function and of one file, shared by its files —
 * check_pairs_walk.c (the walk of one function: opening, closing,
 * conditional acquires, uaccess-call), check_pairs_flow.c (what the walk
 * knows beyond the open items: returned variables, releases under a test,
 * locks handed out) and check_pairs.c (the file: rounds over its
 * functions, summaries for callers, judging the exits).  The walk itself
 * is the dataflow driver's (dataflow.h).
 */
#ifndef ADDRLIMIT_CHECK_PAIRS_INT_H
#define ADDRLIMIT_CHECK_PAIRS_INT_H

#include "check_pairs.h"
#include "dataflow.h"

#define MAX_HELD 8
#define MAX_PEND 4
#define MAX_STATES 32
#define MAX_BLOCK_STATES 512
#define MAX_ITEMS 6

/* A helper's effect, as its callers in the file see it. */
struct pair_item {
	uint16_t rule;
	uint8_t acq;		/* enum acq, for an open */
	bool close;
	const char *key;	/* NULL: a counter; "$K..." relative to parameter K; else text */
	uint32_t open_off;	/* an open: where it is taken, */
	uint32_t exit_off;	/* ... and an exit that returns with it (0: none) */
	const char *file;	/* a callee of another file (the whole-tree pass): its path, */
	struct pos open_at, exit_at;	/* ... and open_off, exit_off there (line 0: none) */
};

struct pair_sum {
	bool known;
	uint8_t rets;		/* bit RC_*: what its returns give */
	uint8_t n;
	struct pair_item it[MAX_ITEMS];
	uint32_t partial;	/* bit per rule < 32: returns holding it on some path
				 * that no item tells (lock-release-unheld) */
};

/* Path steps (the driver adds DF_STEP_EDGE). */
enum { T_OPEN };

struct held {
	uint16_t rule;
	uint16_t key;		/* index into run.keys; 0: none */
	uint32_t off;		/* where it was opened */
	bool owed;		/* the caller's, released here: taking it again repays it */
	uint8_t count;		/* a switch without object opened this many times (nesting) */
	bool cskip;		/* still held only because the path skipped a release
				 * under a test (`if (m1) mutex_unlock(m1);`): the test
				 * tells, so no lock-unbalanced (check_pairs_flow.c) */
	uint16_t alias;		/* a local assigned the lock's holder (`locked =
				 * lruvec` with lruvec->lru_lock held), or 0 */
};

struct pend {
	uint16_t var;		/* 1 + index into run.keys of the variable, or PEND_COND */
	uint8_t acq;
	struct held h;		/* the item it concerns */
};
#define PEND_COND 0xffff

/* What the path knows of a variable the function returns (`ret = 0`). */
#define MAX_RVARS 4
struct vcl {
	uint8_t var;		/* index into run.rvars */
	uint8_t cls;		/* RC_NEG, RC_ZERO, RC_POS or RC_NZ */
};

struct pstate {
	struct df_head hd;		/* assumptions; path since the first open item */
	uint8_t nheld, npend, nvcl;
	bool mixed;			/* joined with a state that held other things (past
					 * the block's bound): its "held" may be another path's */
	struct held h[MAX_HELD];
	struct pend p[MAX_PEND];
	struct vcl vc[MAX_RVARS];
	const struct df_trace *free_trace;	/* the path from the entry (its tests and
						 * jumps, held or not), for
						 * lock-release-unheld; never compared */
	/* the lock (rule, key) the function took and released last on the
	 * path, at call drop_off, not taken again since (a second release
	 * is a double one); never compared, cleared by a join that differs */
	uint16_t drop_rule, drop_key;
	uint32_t drop_off;
};

/* The sign of a returned value (enum df_rc); bit RC_* in pair_sum.rets. */
enum { RC_UNK = DF_RC_UNK, RC_NEG = DF_RC_NEG, RC_ZERO = DF_RC_ZERO, RC_POS = DF_RC_POS };
/* pexit.pclass only: a value the path tested non-zero, sign unknown */
#define RC_NZ 7

struct pexit {
	uint32_t off;
	uint8_t rclass;
	uint8_t pclass;			/* rclass, or what the path knows of a returned
					 * variable (`if (ret) goto out;`): RC_ZERO,
					 * RC_NEG (IS_ERR), RC_NZ (non-zero) */
	bool returns_acq;		/* returns the result of a conditional acquire, */
	uint8_t ret_acq;		/* ... taken when it is (enum acq) */
	uint8_t nheld;
	struct held h[MAX_HELD];
	const struct df_trace *trace;
};

/* A release of a lock (how the paths that reach it hold it), or an
 * acquire reached with the same lock held (check_pairs_rel.c). */
struct rel_site {
	uint32_t off;			/* the call */
	uint16_t rule, key;
	bool held;			/* a path reaches it holding the lock */
	bool unheld;			/* ... and one holding nothing of its rule */
	uint32_t taken_off;		/* where the holding path took it (first seen) */
	uint32_t twice_off;		/* a path reaches it having released it already at
					 * this call (its own, not taken again), or 0 */
	bool never;			/* a path reaches it that never took it here (the
					 * caller's lock, btrfs_tree_read_unlock()) */
	const struct df_trace *trace;	/* the path that reaches it without it (release),
					 * or since the first acquire (acquire) */
};
typedef VEC(struct rel_site) rel_site_vec;

struct frun {
	const struct opts *o;
	const struct source *src;
	const char *text;
	const struct rule_set *rs;
	struct file_facts *ff;
	struct pair_sum *sums;		/* per function of the file */
	const TSNode *fns;
	uint32_t *by_hash;		/* name → 1 + fn index, open addressing */
	bool no_objtool;		/* objtool never validates it: another arch's code,
				 * x86 built only for 32-bit, or a kernel before
				 * 3.7 (no window sets AC; pairs_frun_index) */
	double deadline;		/* mono_seconds() to stop at (--time-budget), or 0 */
	size_t nslots;
	/* the whole-tree pass: the summaries of callees in other files */
	pairs_ext_fn ext;
	void *ext_ctx;
	/* the names of the function-like macros the file defines (offset <<
	 * 8 | length into src->raw), found at the first question */
	VEC(uint32_t) own_macros;
	bool own_done;
};

/* check_pairs_flow.c: a block's condition as flow_branch() reads it */
struct branch_memo {
	bool done;
	bool neg;		/* the `if` tests it under a `!` */
	TSNode body;		/* the loop it tests, with no jump in its body */
	TSNode cons, alt;	/* the `if`'s arms, when its test is of locals only */
};

struct run {
	struct frun *fr;
	const struct cfg *g;
	uint32_t fn;
	struct df d;			/* the walk; its arena holds traces and texts */
	struct df_walker w;		/* the expression walk of a statement */
	VEC(char *) keys;		/* keys[0] = "" */
	VEC(struct pexit) exits;
	VEC(struct pair_item) closes;	/* closes of things never seen opened */
	struct df_params params;
	bool report;
	bool in_cond;			/* walking a branch condition or a returned value */
	pair_cand_list cands;
	VEC(uint64_t) seen;		/* uaccess-call sites reported */
	VEC(uint32_t) retaken;		/* rule << 16 | key of objects opened again while
					 * held on some path (a semaphore waited on twice:
					 * the second down() waits for a completion's up()) */
	/* the branch the current block ends in (set by its branch hook) */
	int zo;				/* zero_on of the condition, for a pending acquire */
	int pend_at;			/* the pending acquire it decides, or -1 */
	int dead_zero;			/* the edge kind a helper's result rules out, or -1 */
	int null_item;			/* the held item a NULL test releases, or -1 */
	int null_zo;			/* ... zero_on of that test */
	int loop_truth;			/* a loop test the path decides, or -1 */
	int cskip_kind;			/* the edge that skips a release under a test, or -1 */
	uint8_t cskip_mask;		/* ... the held items (bits) it would release */
	uint16_t err_var;		/* the block tests IS_ERR(v): v's pend var, or 0 */
	bool err_true;			/* ... the test is true for an error */
	bool err_all;			/* ... and false for every non-error (IS_ERR) */
	/* the variables the function returns by name (`return ret;`) */
	const char *rvars[MAX_RVARS];
	uint8_t rvar_len[MAX_RVARS];
	uint8_t nrvars;
	bool registered;		/* the file registers the function as an entry point */
	/* lock-release-unheld and lock-double-acquire (check_pairs_rel.c) */
	const struct rel_hooks *hooks;
	rel_site_vec rel;		/* each release call of a lock: how paths reach it */
	rel_site_vec reacq;		/* each acquire reached with the lock held */
	uint32_t unsure_rules;		/* bit per rule < 32: the walk guessed at it (a
					 * conditional or non-owner acquire, a release by
					 * a callee's name) */
	uint32_t cond_rules;		/* bit per rule < 32: some acquire of it is conditional */
	uint32_t guessed_close;		/* bit per rule < 32: the walk closed a lock of it
					 * by a guessed alias, so this function may return
					 * holding it where its summary's items say not */
	VEC(uint32_t) unsure_keys;	/* rule << 16 | key: an item a release of another
					 * key closed as a guessed alias (the guess touches
					 * these two objects only) */
	struct branch_memo *bmemo;	/* per block of g, made on first use */
};

/* check_pairs.c: analyse function i of the file (walk, judge, sum up into
 * sum with its strings in sums_arena, candidates to out); 0, or 1 when the
 * state budget ran out, 2 when the file's time did. */
int pairs_run_fn(struct frun *fr, size_t i, bool report, struct pair_sum *sum,
		 pair_cand_list *out, struct arena *sums_arena);

/* check_pairs_token.c (--verify-token-locks): which of the file's
 * functions fns[0, n) the token check settles (the caller frees it); after
 * the file's rounds, print each of them the walk reports (per[i], before
 * any is dropped) or sums up (fr->sums[i]), or that a budget stopped
 * (bad[i]), or that it was not analysed though it names a rule call
 * (direct[i]), and count them in res. */
bool *token_settled(const struct source *src, const TSNode *fns, size_t n,
		    const struct file_facts *ff);
void token_compare(struct frun *fr, const bool *tok, const bool *direct,
		   const pair_cand_list *per, const uint8_t *bad, struct file_result *res);

/* check_pairs_sum.c: function i's summary, for callers in other files,
 * into its fact (ff->fns.v[i].px, in a). */
void pairs_export(struct frun *fr, size_t i, const struct pair_sum *sum, struct arena *a);
/* A fact's summary as the walk reads it; file: the callee's path when it is
 * another file's (keys are then put in the caller's terms), else NULL. */
void pairs_import(const struct fn_fact *f, const char *file, struct pair_sum *out,
		  struct arena *a);

/* check_pairs_rel.c: do calls a and b of rule name the same object by
 * the text of the argument the rule says names it, subscripts aside
 * (`&a[i].lock`, `&a[j].lock`)?  Yes when either is a helper's call, not
 * the rule's.  pairs_object_text(): that text (see there). */
bool pairs_same_object(struct run *r, uint16_t rule, TSNode a, TSNode b);
char *pairs_object_text(struct run *r, TSNode call, uint16_t rule, bool subscripts, bool *own);
/* check_pairs_proto.c: the call expression that starts at off in fn, or a
 * null node; the calls under n that release `rule` (its close calls, or a
 * helper of the file whose summary closes it), at most max into out;
 * whether the acquire at call acq is one step of a protocol (see there). */
TSNode pairs_call_at(TSNode fn, uint32_t off);
void pairs_releases_of(struct run *r, TSNode n, uint16_t rule, TSNode *out, int *nout, int max,
		       int depth);
bool pairs_protocol(struct run *r, TSNode acq, const TSNode *rel, int nrel, uint16_t rule);
/* check_pairs_rel.c: what the walk tells it (hooks, so that the walk
 * calls no function of the file that reads the walk's results). */
struct rel_hooks {
	/* before a direct release call (name[0, len), of rule and key) in
	 * state s: how the path holds it */
	void (*release)(struct run *r, const struct pstate *s, TSNode call, uint16_t rule,
			uint16_t key, const char *name, size_t len);
	/* before an acquire of rule and key at call (acq: enum acq; name NULL
	 * for a helper of the file that returns with it): a lock already held */
	void (*acquire)(struct run *r, const struct pstate *s, TSNode call, uint16_t rule,
			uint16_t key, uint8_t acq, const char *name, size_t len);
	/* before a call of name[0, len) that no rule knows */
	void (*call)(struct run *r, const char *name, size_t len);
};
extern const struct rel_hooks rel_hooks;
/* After a complete walk: report lock-release-unheld and lock-double-acquire. */
void rel_judge(struct run *r);

/* check_pairs_walk.c: walk function r->fn of the file from an empty state
 * with budget transfers until deadline (0: none); false when a budget ran
 * out (r->d tells which).  r->d stays set up until df_release. */
bool pairs_walk(struct run *r, size_t budget, double deadline);

/* check_pairs_window.c: why objtool would reject a call of name[0, len)
 * inside the window win (a message to free), or NULL when allowed;
 * depth: how many levels of inlined bodies to look through.  *need:
 * PC_ALWAYS, or PC_OUTLINE when the whole tree decides (*callee then the
 * function it asks about). */
char *window_reason(struct run *r, const struct rule *win, const char *name, size_t len,
		    int depth, uint8_t *need, const char **callee);


/* check_pairs_flow.c: what the walk knows beyond the open items.
 * Before the walk: the variables the function returns by name. */
void flow_init(struct run *r);
/* After `lhs = rhs` (or a declarator's value): what lhs now holds, when
 * the function returns it; and an out-parameter handed the lock
 * (`*bucket = get_hash_bucket(...)`, `*out = dev` with dev->lock held):
 * the caller has it now, it is not held here any more. */
void flow_assign(struct run *r, struct pstate *s, TSNode lhs, TSNode rhs, bool decl);
/* An lvalue changed in a way not followed (`ret++`, `&ret`). */
void flow_kill(struct run *r, struct pstate *s, TSNode lvalue);
/* What the path knows of a returned variable val: RC_*, or RC_UNK. */
uint8_t flow_class(const struct run *r, const struct pstate *s, TSNode val);
/* The branch hook's part: does the block end in the test of a release
 * that falls through (`if (C) unlock(L);`)?  The edge hook's part: mark
 * what such a skipped release leaves held. */
void flow_branch(struct run *r, const struct cfg_block *blk, const struct pstate *s);
void flow_edge(struct run *r, const struct cfg_edge *e, struct pstate *ns);
/* The edge hook's last part: `if (IS_ERR(b))` decides an acquire taken
 * when the result is no error (ACQ_NOTERR). */
void flow_edge_err(struct run *r, const struct cfg_edge *e, struct pstate *ns);
/* A lock of the non-owner kind (down_read_non_owner(): another context
 * releases it by design), taken by the call at off. */
bool flow_non_owner(const struct run *r, uint32_t off);
/* A lock is being taken at call: forget the path's tests of what it read
 * through a pointer before (another task may change it while this one
 * waits), except the tests the acquire sits inside. */
void flow_forget_shared(struct run *r, struct pstate *s, TSNode call);

/* What the path's tests (and assignments) say of a returned variable val:
 * RC_*, RC_NZ, or RC_UNK. */
uint8_t pairs_path_class(const struct run *r, const struct pstate *s, TSNode val);

/* The text of n without blanks and parentheses: an object's key. */
char *key_text(TSNode n, const char *text);
/* The rule of index i. */
/* check_pairs_sum.c: a header wrapper's recorded call "name(a,b)" at t:
 * the length of its argument at *at, up to its ',' or ')' at depth 0 (*at
 * moves past); and a[0, n) with each $K replaced by argv[K] (&(&x->y)->z is
 * &x->y.z), as a key: no blanks, no parentheses; NULL when a $K has no
 * argument. */
/* check_pairs_sum.c: does n start another context (a kthread, a work
 * item, a timer) after offset off?  Does another function of the file
 * than i release rule's object key without taking it (a hand-over)? */
bool starts_other_context(const struct run *r, TSNode n, uint32_t off, int depth);
bool handed_over(struct frun *fr, size_t i, uint16_t rule, const char *key, bool partner);
/* Does another function of the file take (take) or release rule's lock
 * key (the same field of some object, or the same global; key NULL: any
 * of the rule's)?  Read from the file's text, comments aside, so that a
 * body the elision left out counts (check_pairs_rel.c). */
bool pairs_file_calls(struct run *r, uint16_t rule, const char *key, bool take);
/* The identifier a lock key starts from ("dev" of "&dev->lock"): *root
 * and its length (0: none). */
size_t pairs_key_root(const char *k, const char **root);
/* Do keys a and b name the same field of some object ("->lock" of
 * "&a->lock" and "&b->lock"), or the same global?  (NULL matches all.) */
bool pairs_keys_match(const char *a, const char *b);
/* Does another function of the file leave rule's lock key held for its
 * caller?  (An entry point's release of what it never takes is excused.) */
bool opened_elsewhere(struct frun *fr, size_t i, uint16_t rule, const char *key);
bool caller_names(struct frun *fr, size_t i, const char *key);
/* check_pairs_rel.c: is n inside a for, while or do loop of its function? */
bool pairs_in_loop(TSNode n);
/* check_pairs_sum.c: does a declaration at file scope of the tree n is in,
 * not `extern`, name name[0, len) (the file defines that variable)? */
bool pairs_file_defines(struct frun *fr, TSNode n, const char *name, size_t len);
/* check_pairs_sum.c: does the file #define a function-like macro
 * name[0, len) (which then shadows a header's wrapper of that name)? */
bool pairs_own_macro(struct frun *fr, const char *name, size_t len);
/* check_pairs_flow.c: does the value v name a LOCKED constant
 * (VM_FAULT_LOCKED), telling the caller it gets the lock? */
bool pairs_says_locked(const char *text, TSNode v);

const struct rule *pairs_rule(const struct run *r, int i);
/* The same thing held (where it was taken only names it in the path). */
bool held_eq(const struct held *a, const struct held *b);
/* A state's hash (equal states share it) and kind (states holding the
 * same items share it), for the walk's dataflow driver. */
uint64_t pstate_hash(const void *s);
uint64_t pstate_kind(const void *s);
/* How branch condition c relates to a value: 1 when it is true exactly if
 * *core (the identifier or call tested) is zero, 0 when exactly if it is
 * non-zero, -1 unknown. */
int pairs_zero_on(struct run *r, TSNode c, TSNode *core, int depth);
/* "mutex '&dev->lock'": what h holds, for messages (caller frees). */
char *held_name(const struct run *r, const struct held *h);
/* The index of the file's function called name[0, len), or -1. */
int pairs_fn_index(struct frun *fr, const char *name, size_t len);
/* Fill fr's no_objtool and its name index (by_hash, nslots) for the file
 * at path, whose facts are fr->ff; the caller frees by_hash. */
void pairs_frun_index(struct frun *fr, const char *path);
/* A finding (or, as need says, a candidate the whole tree decides), with
 * the path tr and a last note. */
void pairs_cand(struct run *r, uint16_t rule, uint8_t need, enum check_id id, uint32_t off,
		const struct df_trace *tr, char *msg, char *held, char *callee, const char *final);

#endif
