// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests for what the control-macro scan (src/front/macros.c) reads
 * besides the jumps: the sign test that guards a jump, through aliases
 * that move the argument; the constant a hidden return gives; the
 * one-parameter sign tests; the named constants with a negative value
 * (enumerators, explicit or counted on, and object-like #defines); the
 * object-like aliases of routines that raise the limit themselves.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "macros.h"
#include "relevance.h"
#include "rules.h"
#include "util.h"

static int failures;

static void check(bool cond, const char *what)
{
	printf("%s - %s\n", cond ? "ok" : "not ok", what);
	failures += !cond;
}

static int goto_sign(const struct ctl_macros *t, const char *name, int *arg)
{
	*arg = -1;
	return macros_goto_sign(t, name, strlen(name), arg);
}

static bool neg(const struct ctl_macros *t, const char *name)
{
	return macros_const_sign(t, name, strlen(name)) == CS_NEG;
}

static void put_name(void *ctx, const char *name)
{
	name_set_put(ctx, scan_name_hash(name, strlen(name)));
}

int main(void)
{
	struct rule_set rs = {0};
	rules_builtin(&rs);
	rules_set(&rs);

	struct ctl_macros ctl;
	ctl_macros_init(&ctl);
	struct arena a;
	arena_init(&a);
	ctl_macro_list l = {0};
	const char defs[] =
		"#define xIS_ERROR(status) ((status) < 0)\n"
		"#define xIS_OK(s) (s >= 0)\n"
		"#define xTWO(a, b) (a < b)\n"
		"#define _xONERROR(prefix, func) do { status = func; \\\n"
		"	if (xIS_ERROR(status)) { prefix##TRACE(); goto OnError; } } while (0)\n"
		"#define xONERROR(func) _xONERROR(x, func)\n"
		"#define xOK_OR_OUT(func) do { int r_ = (func); if (!xIS_OK(r_)) goto out; } while (0)\n"
		"#define xLT(v) do { if ((v) < 0) goto fail; } while (0)\n"
		"#define xNE(v) do { if (v != STATUS_OK) goto fail; } while (0)\n"
		"#define xCHECK(c) do { if (!(c)) return xERR_ARG; } while (0)\n"
		"#define xCHECK2(c) do { if (!(c)) { pr_err(\"bad\"); return ret + 1; } } while (0)\n"
		"#define xCHECK3(c, ret) do { if (!(c)) return ret; } while (0)\n"
		"enum x_status {\n"
		"	xOK = 0, /* fine */\n"
		"	xERR_ARG = -1,\n"
		"#ifdef X_MORE\n"
		"	xERR_MEM,\n"
		"#endif\n"
		"	xERR_IO = (-20),\n"
		"	xERR_NEXT,\n"
		"	xWARN = 3,\n"
		"	xCAST = ((int)-7),\n"
		"};\n"
		"enum { yA = -2, yB, yC, yD };\n"
		"#define E_FAIL (-1)\n"
		"#define E_ERRNO -EINVAL\n"
		"#define E_POS 5\n"
		"#define E_EXPR (A - 1)\n"
		"#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 3, 0)\n"
		"#define k_read_nofault strncpy_from_user_nofault\n"
		"#else\n"
		"#define k_read_nofault probe_kernel_read /* before 5.3 */\n"
		"#endif\n"
		"#define k_copy copy_from_user\n"
		"#define k_twice probe_kernel_read(a, b, 2)\n"
		"#define k_expr probe_kernel_read + 1\n"
		"#define ATTRIB_NORET __attribute__((noreturn))\n"
		"#define NORET_TYPE /**/\n"
		"extern NORET_TYPE void n_die(const char *, struct pt_regs *) ATTRIB_NORET;\n"
		"void __noreturn n_exit(long code);\n"
		"__printf(1, 2) void n_panic(const char *fmt, ...) __attribute__((__noreturn__, cold));\n"
		"void n_halt(void) __attribute__ ((noreturn));\n"
		"_Noreturn void n_c11(void);\n"
		"int n_ok(int x) { return x; }\n"
		"/* n_soft() is not noreturn */ void n_soft(void);\n"
		"void n_cold(void) __attribute__((cold));\n"
		"static int n_noreturn_count = 0;\n"
		"#define VOID_VALIDATE(s) do { if (!(s) || (s)->magic != N_MAGIC) return; } while (0)\n"
		"#define VALIDATE_STATE(s) ({ if (!(s) || (s)->magic != CS4297a_MAGIC) return -ENXIO; })\n"
		"#define VALIDATE_OTHER(s, m) ({ if ((s)->magic != m) return -ENXIO; })\n";
	macros_scan(defs, sizeof(defs) - 1, true, &a, &l);
	ctl_macros_add(&ctl, &l);
	ctl_macros_seal(&ctl);

	int arg;
	check(goto_sign(&ctl, "_xONERROR", &arg) == CS_NEG && arg == 1,
	      "a jump on `status = func; if (IS_ERROR(status))` is taken on a negative argument 1");
	check(goto_sign(&ctl, "xONERROR", &arg) == CS_NEG && arg == 0,
	      "... through the alias that passes its own parameter 0 there");
	check(goto_sign(&ctl, "xOK_OR_OUT", &arg) == CS_NEG && arg == 0,
	      "`!IS_OK(r_)` of `int r_ = (func);`: a negative value jumps");
	check(goto_sign(&ctl, "xLT", &arg) == CS_NEG && arg == 0, "`(v) < 0` spelled out");
	check(goto_sign(&ctl, "xNE", &arg) == 0, "a test against a named status is no sign test");
	check(goto_sign(&ctl, "xCHECK", &arg) == 0, "a macro that returns has no jump sign");
	check(goto_sign(&ctl, "xTWO", &arg) == 0, "a two-parameter comparison is no sign macro");
	const char *label = NULL;
	int param = -1;
	check(macros_lookup(&ctl, "xCHECK", 6, &label, &param) == CM_RETURN && label &&
	      !strcmp(label, "xERR_ARG"), "a hidden return gives its constant");
	check(macros_lookup(&ctl, "xCHECK2", 7, &label, &param) == CM_RETURN && !label,
	      "... and nothing when it returns an expression");
	check(macros_lookup(&ctl, "xCHECK3", 7, &label, &param) == CM_RETURN && !label,
	      "... or its own parameter");
	check(macros_lookup(&ctl, "xIS_ERROR", 9, &label, &param) == CM_NONE,
	      "a sign test is no jump");
	check(neg(&ctl, "xERR_ARG") && neg(&ctl, "xERR_IO") && neg(&ctl, "xERR_NEXT") &&
	      neg(&ctl, "xCAST"), "negative enumerators: explicit, parenthesised, counted on, cast");
	check(!neg(&ctl, "xOK") && !neg(&ctl, "xWARN") && !neg(&ctl, "xERR_MEM"),
	      "zero, positive and one after a conditional line are not negative... ");
	check(neg(&ctl, "yA") && neg(&ctl, "yB") && !neg(&ctl, "yC") && !neg(&ctl, "yD"),
	      "an anonymous enum counts up through zero");
	check(neg(&ctl, "E_FAIL") && neg(&ctl, "E_ERRNO") && !neg(&ctl, "E_POS") &&
	      !neg(&ctl, "E_EXPR"), "object-like #defines: a literal or an errno, not an expression");

	const char *to = macros_api_alias(&ctl, "k_read_nofault", 14);
	check(to && !strcmp(to, "probe_kernel_read"),
	      "an object-like #define of a routine that raises the limit itself, in any arm, is its alias");
	check(!macros_api_alias(&ctl, "k_copy", 6) && !macros_api_alias(&ctl, "k_twice", 7) &&
	      !macros_api_alias(&ctl, "k_expr", 6) && !macros_api_alias(&ctl, "E_POS", 5),
	      "... not one of another routine, a call or an expression");

	check(macros_noreturn(&ctl, "n_die", 5) && macros_noreturn(&ctl, "n_exit", 6) &&
	      macros_noreturn(&ctl, "n_panic", 7) && macros_noreturn(&ctl, "n_halt", 6) &&
	      macros_noreturn(&ctl, "n_c11", 5),
	      "functions declared noreturn: ATTRIB_NORET, __noreturn, after an attribute macro, "
	      "the attribute spelled out, C11");
	check(!macros_noreturn(&ctl, "n_ok", 4) && !macros_noreturn(&ctl, "n_soft", 6) &&
	      !macros_noreturn(&ctl, "n_cold", 6) && !macros_noreturn(&ctl, "__attribute__", 13) &&
	      !macros_noreturn(&ctl, "__printf", 8),
	      "... not a comment's word, another attribute, nor the attribute or marker itself");
	check(macros_lookup(&ctl, "VOID_VALIDATE", 13, &label, &param) == CM_NONE &&
	      macros_lookup(&ctl, "VALIDATE_STATE", 14, &label, &param) == CM_NONE,
	      "a return only on a failed magic-number test of the argument is no jump");
	check(macros_lookup(&ctl, "VALIDATE_OTHER", 14, &label, &param) == CM_RETURN,
	      "... but one against a value the caller passes is");

	/* wrappers: one that does nothing when replayed is inert */
	struct ctl_macros w;
	ctl_macros_init(&w);
	ctl_macro_list wl = {0};
	const char wdefs[] =
		"#define zdelay(n) __zdelay(n)\n"
		"#define zmemcpy(d, s, n) __zmemcpy(d, s, n)\n"
		"#define zdrop(l) do { spin_unlock(l); } while (0)\n"
		"#define zlock(d) __zlock(d)\n"
		"#define zputc(s) zseq_putc(s, '\\n')\n"
		"#define zput_user(x, p) z__put_user_check(x, p)\n"
		"#define z__put_user_check(x, p) z__put_user_chk(x, p)\n"
		"#define zput_lock(d) __zput_lock(d)\n"
		"#define __zput_lock(d) zdrop_put(d)\n"
		"#define zdrop_put(l) do { spin_unlock(l); } while (0)\n"
		"#define Z(l) do { spin_unlock(l); } while (0)\n"
		"static inline void __zlock(struct zd *d)\n{\n\tmutex_lock(&d->m);\n}\n";
	macros_scan(wdefs, sizeof(wdefs) - 1, true, &a, &wl);
	wrappers_scan(wdefs, sizeof(wdefs) - 1, &a, &wl);
	ctl_macros_add(&w, &wl);
	ctl_macros_seal(&w);
	check(macros_wrapper(&w, "zdelay", 6) && !macros_wrapper_live(&w, "zdelay", 6) &&
	      !macros_wrapper_live(&w, "zmemcpy", 7),
	      "a macro that only calls its own __NAME() is a wrapper to the walk, inert to relevance");
	check(macros_wrapper_live(&w, "zdrop", 5) != NULL, "a macro that releases is live");
	check(macros_wrapper_live(&w, "__zlock", 7) && macros_wrapper_live(&w, "zlock", 5),
	      "a macro whose __NAME() is a lock wrapper is live");
	check(macros_wrapper(&w, "zputc", 5) && !macros_wrapper_live(&w, "zputc", 5),
	      "a macro calling a release-named function that is no rule and no wrapper is inert");
	check(macros_wrapper(&w, "zput_user", 9) && !macros_wrapper_live(&w, "zput_user", 9),
	      "... and one calling such a macro, through the chain");
	check(macros_wrapper_live(&w, "zput_lock", 9) && macros_wrapper_live(&w, "__zput_lock", 11),
	      "a chain of macros that ends in a release is live all along");
	check(macros_wrapper_live(&w, "Z", 1) && !macros_wrapper_live(&w, "Zx", 2) &&
	      !macros_wrapper_live(&w, "zdropx", 6) && !macros_wrapper_live(&w, "q", 1),
	      "a one-letter live wrapper is found; names that only start like one are not");
	struct name_set names = {0};
	macros_wrapper_names(&w, true, put_name, &names);
	check(names.n == 7 && !name_set_has(&names, scan_name_hash("zdelay", 6)) &&
	      !name_set_has(&names, scan_name_hash("zput_user", 9)),
	      "the relevance pass asks for the live wrappers only");
	name_set_release(&names);
	ctl_macros_release(&w);
	VEC_FREE(wl);

	ctl_macros_release(&ctl);
	VEC_FREE(l);
	arena_release(&a);
	rules_set(NULL);
	rules_release(&rs);
	return failures != 0;
}
