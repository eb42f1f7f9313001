/* case: uaccess-call: x86 before 5.2 opened a stac()/clac() window with the bare macros get_user_try { ... } get_user_catch(err) and put_user_try { ... } put_user_catch(err); an out-of-line function of the file called inside runs with user access enabled (objtool: call to force_valid_ss() with UACCESS enabled, fixed by 06488a7510bc) */
#include <linux/uaccess.h>

static noinline void fixup_ss(struct pt_regs *regs)
{
	regs->ss = __USER_DS;
}

static unsigned long frame_flags(struct pt_regs *regs)
{
	return regs->flags & 0xff;
}

static int restore_frame(struct pt_regs *regs, struct sigcontext __user *sc)
{
	unsigned int err = 0;
	unsigned int flags;

	get_user_try {
		get_user_ex(regs->di, &sc->di);
		get_user_ex(regs->ss, &sc->ss);
		if (!(regs->ss & 3))
			fixup_ss(regs); /* expect: uaccess-call */
		get_user_ex(flags, &sc->flags);
	} get_user_catch(err);

	fixup_ss(regs);		/* the window is closed: fine */
	return err;
}

static int setup_frame(struct pt_regs *regs, struct sigcontext __user *sc)
{
	int err = 0;

	put_user_try {
		put_user_ex(regs->di, &sc->di);
		put_user_ex(frame_flags(regs), &sc->flags); /* expect: uaccess-call */
	} put_user_catch(err);
	return err;
}
