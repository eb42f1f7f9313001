/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside the address-limit check (check_limit.h): the state its walk
 * carries and the run of one function, shared by its four files —
 * check_limit.c (the limit: transfer, calls, exits, summaries),
 * check_limit_taint.c (user pointers reaching a uaccess routine under
 * KERNEL_DS), check_limit_errptr.c (error pointers dereferenced inside a
 * window) and check_limit_report.c (findings with their paths).
 * The walk itself is the dataflow driver's (dataflow.h).
 */
#ifndef ADDRLIMIT_CHECK_LIMIT_INT_H
#define ADDRLIMIT_CHECK_LIMIT_INT_H

#include "check_limit.h"
#include "dataflow.h"
#include "front.h"

#define MAX_VARS 8
#define MAX_STATES 24
#define MAX_BLOCK_STATES 384

/* Path steps (the driver adds DF_STEP_EDGE).  T_CAUSE follows the T_RAISE
 * of a call whose callee returned with the limit raised: its text is the
 * callee's name (no note of its own; the finding's cause). */
enum trace_kind { T_RAISE, T_SET, T_NOTE, T_CAUSE };

struct var {
	uint16_t key;			/* index into the lvalue table */
	lv_t val;			/* LV_* set */
};

struct state {
	struct df_head h;		/* assumptions; path since the window opened */
	lv_t limit;			/* LV_* set; 0: the path ended in a call that never returns */
	uint8_t nvars;
	uint32_t unsaved_raise;		/* 1 + offset of a raise without save, or 0 */
	uint32_t taint;			/* bit i: run.tainted[i] holds a user pointer now */
	uint32_t user_restore;		/* 1 + offset of a set_fs(USER_DS) while a saved limit waits, or 0 */
	const struct df_trace *ur_trace;	/* ... the path to it; not compared */
	uint16_t rc_key;		/* 1 + lvalue holding a callee's result whose sign decides */
	lv_t rc_neg, rc_zero, rc_pos;	/* ... the limit: when it is negative, zero, positive */
	const struct fn_summary *rc_sum;	/* ... the callee, when its exits return named
						 * constants, or NULL */
	lv_t rc_named[MAX_RNAMES];	/* ... the limit when it is rc_sum's rname[i] */
	lv_t rc_unnamed;		/* ... when it is none of them */
	uint32_t forced;		/* 1 + offset of a force_uaccess_begin() not yet ended, or 0 */
	const struct df_trace *f_trace;	/* ... the step to it; not compared */
	uint32_t errp;			/* bit i: run.errps[i] may hold an unchecked error pointer */
	uint32_t checked;		/* bit k: parameter k passed access_ok() under USER_DS on
					 * every path here (no user pointer to a window after) */
	struct var vars[MAX_VARS];	/* sorted by key */
};

/* The values a returned expression or a tested result may have, as a set:
 * zero and positive apart, for helpers that return FALSE with the limit
 * raised and TRUE without (RC_ANY: nothing known). */
enum { RC_NEG = 1, RC_ZERO = 2, RC_POS = 4, RC_NONNEG = RC_ZERO | RC_POS, RC_ANY = 7 };

struct exit_rec {
	uint32_t off;
	lv_t limit;
	uint8_t rclass;			/* RC_* set: the signs the value returned may have */
	const char *rname;		/* the named constant it returns (in the text), or NULL */
	uint8_t rname_len;
	uint32_t forced;		/* the state's forced */
	const struct df_trace *f_trace;	/* ... and its step */
	const struct df_trace *trace;
	uint32_t null_params;		/* parameters the path found NULL (a clean exit) */
	uint8_t nvars;
	struct var vars[MAX_VARS];
};

typedef VEC(const char *) name_list;

/* A field of a kernel object that holds a user pointer (check_limit_ufield.c):
 * `kp->edid = compat_ptr(tmp)`, here or in a conversion helper given &obj. */
struct ufield {
	const char *obj;		/* the object's identifier here ("karg") */
	const char *field;		/* the field below it ("v2edid.edid", "ptrs[]") */
	const char *how;		/* what made the pointer ("compat_ptr()") */
	const char *stored;		/* the lvalue written, as text there ("kp->edid") */
	bool alloc;			/* the pointer is compat_alloc_user_space()'s: user
					 * memory the kernel chose, which user space rewrites */
	uint32_t off;			/* where it was stored (this file) */
	uint32_t call;			/* 1 + offset of the helper call here that stored it, or 0 */
	const char *helper;		/* ... that helper's name */
	uint32_t blk_from, blk_to;	/* how NULL (a kernel value stored over the
					 * field): the block it is a statement of */
};

/* What the callee of a call site may write through the pointers it is
 * given (check_limit_fwrite.c): anything, or the fields named. */
#define MAX_FW_FIELDS 16
struct fw_memo {
	uint32_t off;			/* the call */
	bool any;
	uint8_t nf;
	const char *f[MAX_FW_FIELDS];	/* in the walk's arena */
};

struct run {
	struct limit_ctx *ctx;
	const char *text;
	struct df d;			/* the walk; its arena holds traces and texts */
	struct df_walker w;		/* the expression walk of a statement */
	VEC(char *) lvals;		/* interned lvalue keys */
	VEC(struct exit_rec) exits;
	VEC(struct fw_memo) fw;		/* callees read, by call site */
	/* de-duplication of reports at one site */
	VEC(uint64_t) reported;
	/* the branch the current block ends in (set by its branch hook) */
	int tested;			/* LV_* a limit test is true for, or 0 */
	int null_bit;			/* taint bit a NULL test decides, or -1 */
	bool null_on_true;		/* ... NULL on the true edge */
	int range_param;		/* parameter an access_ok() test passes, or -1 */
	int range_taint;		/* ... its tainted entry (r->tainted), or -1 */
	bool range_on_true;		/* ... it passes on the true edge */
	bool signed_test;		/* a sign test of rc_key's value */
	bool named_test;		/* a test of rc_key's value against a named constant */
	bool macro_sign;		/* a statement macro's jump on rc_key's sign (edge sign) */
	lv_t named_true, named_false;	/* ... the limit on each edge */
	uint8_t sign_true, sign_false;	/* ... RC_* set on each edge (RC_ANY: no news) */
	/* for the summary */
	struct df_params params;
	lv_t ret;
	int field_param;		/* LV_FIELD source: param index, or -1 */
	const char *field_suffix;
	uint32_t raise_off;		/* 1 + offset of the first raise here, or 0 */
	const char *raise_text;
	const char *raise_path;		/* ... or of a callee's raise */
	struct pos raise_at;
	uint8_t nwsink;
	struct wsink wsink[MAX_WSINKS];
	/* user-pointer taint: identifiers that hold user pointers, and
	 * identifiers of objects filled from user memory */
	name_list tainted;
	name_list filled;
	name_list loaded;		/* `x` of copy_from_user(&x, ...): x itself is user data */
	name_list errps;		/* lvalues given an opener's result (state.errp bits) */
	name_list errp_from;		/* ... the opener, for the message */
	const uint32_t *taint_now;	/* the state's taint bits while judging, or NULL: any */
	uint32_t taint_init;		/* the sources' bits */
	const char *name;		/* the function's name, as long as summaries live */
	bool param_values;		/* value_of: a parameter stands for what the caller passed */
	/* kernel objects whose fields hold user pointers, found on the first
	 * call made under KERNEL_DS (check_limit_ufield.c) */
	VEC(struct ufield) ufields;
	bool ufields_done;
	node_list tu_fns;		/* the file's function definitions, for helpers */
	/* register frames of a trap (check_limit_uregs.c): their taint bits,
	 * and the bits of what was read out of them */
	uint32_t ureg_bits, ureg_derived;
	int umode_test;			/* the branch: user_mode() (1), !user_mode() (-1), none (0) */
};

/* The variable of lvalue key in s, or NULL. */
static inline struct var *limit_var(struct state *s, int key)
{
	for (int i = 0; i < s->nvars; i++)
		if (s->vars[i].key == key)
			return &s->vars[i];
	return NULL;
}

/* check_limit.c: the index of an lvalue's text (k, freed) in r->lvals,
 * made when new and create; -1 when none.  lval_key: of the lvalue n. */
int lval_key_str(struct run *r, char *k, bool create);
int lval_key(struct run *r, TSNode n, bool create);

/* check_limit_report.c: a finding at `at` in file `path` (collected in
 * out), with the path tr and a last note; once per site. */
void limit_report_in(struct run *r, enum check_id id, struct findings *out, const char *path,
		     struct pos at, const char *func, const struct df_trace *tr, char *msg,
		     const char *final_note);
/* ... in this function, at offset off. */
void limit_report(struct run *r, enum check_id id, uint32_t off, const struct df_trace *tr,
		  char *msg, const char *final_note);

/* check_limit_report.c: is call the first statement of a `default:` in a
 * switch with other cases (an assertion that the cases are exhaustive)? */
bool limit_default_assert(struct run *r, TSNode call);

/* check_limit_handover.c: does the raised exit e hand the limit over to
 * the caller (a begin helper of a pair): the caller's limit is kept where
 * it outlives the call (a global, a field through a pointer) and the value
 * returned there is never one a restoring exit returns (by its sign, or
 * the named constant each returns)? */
bool limit_exit_handed_over(struct run *r, const struct exit_rec *e);
/* The signs exit e's value may have as its callers read them: e's own,
 * but non-zero for a begin helper's raised `return buf;` told apart from
 * its NULL returns (its callers' `if (!buf)` is the restored path). */
uint8_t limit_exit_rclass(struct run *r, const struct exit_rec *e);

/* check_limit_fwrite.c: the call was given arg (an identifier or a field
 * expression): forget the tests the path made of what the callee may
 * write through it: anything (*arg) unless the callee is defined in the
 * file and writes only some fields (arg->f for those). */
void limit_call_kills(struct run *r, struct state *s, TSNode call, TSNode arg);

/* check_limit_handover.c: is the lvalue key a file-scope variable (not a
 * static local: each function's own), or a field of one (`xx_old_fs`,
 * `update_info.old_fs`): a slot that a begin helper saves the caller's
 * limit into and an end helper restores it from?  Summaries name it whole
 * (STORE_GLOBAL). */
bool limit_global_key(struct run *r, const char *key);
/* ... read where the function does not know what it holds: LV_FIELD with
 * field_param STORE_GLOBAL (what it held when the function was called), or
 * -1 when the function's one field slot is taken or n is not a global */
int limit_field_global(struct run *r, const char *key);
int limit_global_value(struct run *r, TSNode n);
/* A callee's exits as seen from state s: an end helper that restores from
 * a global slot this path saved into restores (check_limit_handover.c). */
lv_t limit_restorer_exit(struct run *r, const struct state *s, const struct fn_summary *t);
/* The summary of an exec whose body is not in view (api.def's A_EXEC):
 * USER_DS where it succeeds (returns 0), the caller's limit where it fails
 * (check_limit_const.c). */
const struct fn_summary *limit_exec_summary(void);

/* check_limit_handover.c: is n a named constant (an identifier in
 * capitals: a macro or an enumerator by the kernel's naming; not TRUE,
 * FALSE or NULL)? */
bool limit_const_name(struct run *r, TSNode n);

/* check_limit_const.c: callees t[0..nt) of call replaced by their
 * summaries for the constants the call passes (env->special). */
void limit_specialize(struct run *r, TSNode call, const struct fn_summary **t, size_t nt);
/* ... and in the callee analysed for them (ctx->seed): the conditions on
 * those parameters its entry decides, assumed in as. */
void limit_seed(struct run *r, struct cfg_assumes *as);

/* check_limit_const.c: the RC_* signs a returned constant's text has
 * (`-1`, `-EINVAL`, an enumerator the scanned files define negative), or
 * RC_ANY. */
uint8_t limit_const_class(struct run *r, const char *v, size_t len);
/* check_limit_sign.c: is n a test of the sign of s->rc_key's value (`ret <
 * 0`, `ret`, `f() != sizeof(x)`)?  The RC_* set each arm implies into
 * *on_true and *on_false; false when it is no such test. */
bool limit_sign_test(struct run *r, const struct state *s, TSNode n, uint8_t *on_true,
		     uint8_t *on_false);
/* ... the signs a returned variable may have on this path, from the tests
 * the path took on it (RC_ANY: none). */
uint8_t limit_ret_class(struct run *r, const struct state *s, TSNode val);
/* ... the exit of a statement macro's hidden return (`gcmkVERIFY_ARGUMENT`
 * returns gcvSTATUS_INVALID_ARGUMENT): its signs, and the constant it
 * returns in *rname, *rlen (NULL when none). */
uint8_t limit_macro_return(struct run *r, TSNode call, const char **rname, uint8_t *rlen);
/* ... does blk end in a statement macro that jumps on the sign of the
 * value s->rc_key holds (`gcmkONERROR(f())`)?  Its edges' sign says then
 * which of the callee's exits each one continues. */
bool limit_macro_sign(struct run *r, const struct state *s, const struct cfg_block *blk);

/* check_limit_handover.c: the named constant a returned expression is
 * (`WLAN_STATUS_FAILURE`, `(u32)STATUS_ERR`; not TRUE, FALSE, NULL), its
 * length in *len; NULL when none. */
const char *limit_ret_name(struct run *r, TSNode val, uint8_t *len);
/* Fill sum's named exits from r's exits (strings in the arena). */
void limit_sum_names(struct run *r, struct fn_summary *sum, struct arena *strings);
/* A test of s->rc_key's value against one of rc_sum's names (`ret !=
 * WLAN_STATUS_SUCCESS`, `f() == FAIL`): sets r->named_*; false when n is
 * no such test. */
bool limit_named_test(struct run *r, const struct state *s, TSNode n, int key);

/* check_limit_taint.c: the sources (ctx->user_params), spread through the
 * function flow-insensitively. */
void taint_init(struct run *r);
/* `lhs = rhs` for the state's taint bits. */
void taint_assign(struct run *r, struct state *s, TSNode lhs, TSNode rhs);
/* A NULL test of a tracked pointer: its taint bit, *on_true when the true
 * arm means NULL; -1 when n is none. */
int taint_null_test(struct run *r, TSNode n, bool *on_true);
/* An access_ok() test of a parameter while the limit cannot be KERNEL_DS:
 * sets run.range_* (which parameter, on which edge it passed). */
void taint_range_test(struct run *r, const struct state *s, TSNode n);
/* User pointers given to a uaccess routine at call, here or in the windows
 * of the callees t[0..nt). */
void taint_check_call(struct run *r, struct state *s, TSNode call, const struct call_fact *cf,
		      const struct fn_summary **t, size_t nt);

/* check_limit_errptr.c: error pointers (A_ERR_PTR openers) dereferenced
 * before a test.  Is rhs a call of an opener? */
bool errp_opener(struct run *r, TSNode rhs);
/* `lhs = rhs` (plain: `=`, not `+=`) for the state's errp bits. */
void errp_assign(struct run *r, struct state *s, TSNode lhs, TSNode rhs, bool plain);
/* lvalue gets a value we do not follow (`x++`, `&x` given away, `T x;`). */
void errp_forget(struct run *r, struct state *s, TSNode lvalue);
/* One statement or condition (after the limit's walk of it): tests clear,
 * dereferences inside a window are reported. */
void errp_elem(struct run *r, struct state *s, TSNode n, bool is_cond);

/* check_limit_ufield.c: a call under KERNEL_DS given a kernel object one of
 * whose fields holds a user pointer (a compat handler's converted struct
 * handed to the native handler). */
void ufield_check_call(struct run *r, struct state *s, TSNode call,
		       const struct fn_summary **t, size_t nt);
void ufield_release(struct run *r);

/* check_limit_uregs.c: the register frames of a trap handler as sources
 * (their pc/sp are user-chosen when the trap came from user mode): added to
 * r->tainted with their bits in r->ureg_bits; false when there is none (or
 * every caller in the file passes kernel-mode registers). */
bool uregs_add_frames(struct run *r);
/* Is n a frame field or accessor (regs->ARM_pc, instruction_pointer(regs))
 * whose frame may be user mode now?  -1: n is none of them. */
int uregs_carries(struct run *r, TSNode n);
/* Is identifier n a register frame (no pointer user space chose itself)? */
bool uregs_is_frame(struct run *r, TSNode n);
/* A user_mode() test: 1 when the true edge is user mode, else 0. */
int uregs_mode_test(struct run *r, TSNode cond);
/* A register frame handed to a callee that reads through it, under KERNEL_DS. */
void uregs_check_call(struct run *r, struct state *s, TSNode call,
		      const struct fn_summary **t, size_t nt);

#endif
