/* case: no uaccess-call: the fixed x86 signal code (06488a7510bc) computes what needs a call before put_user_try and only moves data inside the window; get_user_ex()/put_user_ex() are the window's own accessors, and a call after put_user_catch() is outside it */
#include <linux/uaccess.h>

static unsigned long frame_flags(struct pt_regs *regs)
{
	return regs->flags & 0xff;
}

static int setup_frame(struct pt_regs *regs, struct sigcontext __user *sc)
{
	unsigned long flags = frame_flags(regs);
	int err = 0;

	put_user_try {
		put_user_ex(regs->di, &sc->di);
		put_user_ex(flags, &sc->flags);
	} put_user_catch(err);

	if (!err)
		err = frame_flags(regs) ? 0 : -EFAULT;
	return err;
}

static int restore_frame(struct pt_regs *regs, struct sigcontext __user *sc)
{
	unsigned int err = 0;

	get_user_try {
		get_user_ex(regs->di, &sc->di);
		get_user_ex(regs->si, &sc->si);
	} get_user_catch(err);
	return err;
}
