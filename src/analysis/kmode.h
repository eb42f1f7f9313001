/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tests of a trap's mode: user_mode(regs) and the architectures' own
 * spellings of it (`regs->sr & PS_S`, `processor_mode(regs) == USR_MODE`,
 * kernel_mode(regs)), and the calls made only with kernel-mode registers
 * (`if (!user_mode(regs)) dump_instr(regs)`, after `if (!(fp->sr & PS_S))
 * return;`).  The register frame of a kernel-mode trap holds no address
 * user space chose, so the limit walk (check_limit_uregs.c) and the call
 * facts (facts.c: a callee whose every caller passes kernel-mode registers)
 * ask here.  The API table's A_USER_MODE_TEST, A_KMODE_MARK and
 * A_UMODE_MARK names say which is which.
 */
#ifndef ADDRLIMIT_KMODE_H
#define ADDRLIMIT_KMODE_H

#include "parse.h"

/* Is cond, when true, a user-mode test (1), a kernel-mode test (-1), or
 * neither (0)?  `!`, `== 0`, `!= 0` and `==`/`!=` against a mode value are
 * followed. */
int kmode_test(TSNode cond, const char *text);

/* Is cond, when true, only met with user-mode registers (want 1) or with
 * kernel-mode ones (want -1)?  `a && !user_mode(regs)` is a kernel-mode
 * one, `!user_mode(regs) || in_interrupt()` too. */
bool kmode_implies(TSNode cond, const char *text, int want);

/* Is the call made only with kernel-mode registers: inside `if
 * (!user_mode(regs))`, in the else of `if (user_mode(regs))`, or after
 * an `if (user_mode(regs)) return ...;` of a block around it? */
bool kmode_call_guarded(TSNode call, const char *text);

#endif
