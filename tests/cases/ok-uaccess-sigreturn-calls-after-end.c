/* case: a restore_sigcontext-style function reads the frame in a user_access window with unsafe_get_user only and calls the out-of-line lite_restore_fpstate() and force_valid_ss() of this file after user_access_end */
#include <linux/signal.h>
#include <linux/uaccess.h>
#include <asm/sigcontext.h>

struct lite_sc {
	unsigned long ip, sp, flags;
	u16 cs, ss;
	void __user *fpstate;
};

static int lite_restore_fpstate(void __user *buf)
{
	return buf ? 0 : -EINVAL;
}

static void force_valid_ss(struct pt_regs *regs)
{
	if (!(regs->ss & 3))
		regs->ss = __USER_DS;
}

int lite_restore_sigcontext(struct pt_regs *regs, struct lite_sc __user *usc,
			    unsigned long uc_flags)
{
	struct lite_sc sc;

	if (!user_access_begin(usc, sizeof(*usc)))
		return -EFAULT;
	unsafe_get_user(sc.ip, &usc->ip, Efault);
	unsafe_get_user(sc.sp, &usc->sp, Efault);
	unsafe_get_user(sc.flags, &usc->flags, Efault);
	unsafe_get_user(sc.cs, &usc->cs, Efault);
	unsafe_get_user(sc.ss, &usc->ss, Efault);
	unsafe_get_user(sc.fpstate, &usc->fpstate, Efault);
	user_access_end();

	regs->ip = sc.ip;
	regs->sp = sc.sp;
	regs->flags = (regs->flags & ~FIX_EFLAGS) | (sc.flags & FIX_EFLAGS);
	regs->cs = sc.cs | 0x03;
	regs->ss = sc.ss | 0x03;
	if (unlikely(!(uc_flags & UC_STRICT_RESTORE_SS)))
		force_valid_ss(regs);
	return lite_restore_fpstate(sc.fpstate);

Efault:
	user_access_end();
	return -EFAULT;
}
