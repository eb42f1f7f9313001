/* case: an ia32_setup_frame-style helper (not an entry point) ends the user_access window on success but its Efault label, reached from the unsafe_put_user faults, returns without user_access_end */
#include <linux/compat.h>
#include <linux/signal.h>
#include <linux/uaccess.h>
#include <asm/sigframe.h>

struct sigframe_lite32 {
	u32 pretcode;
	int sig;
	u32 extramask;
	u32 ip, sp, flags;
	char retcode[8];
};

void __user *get_sigframe(struct ksignal *ksig, struct pt_regs *regs,
			  size_t frame_size, void __user **fpstate);

static int lite32_setup_frame(struct ksignal *ksig, compat_sigset_t *set,
			      struct pt_regs *regs)
{
	struct sigframe_lite32 __user *frame;
	void __user *restorer;
	void __user *fp = NULL;

	frame = get_sigframe(ksig, regs, sizeof(*frame), &fp);
	if (ksig->ka.sa.sa_flags & SA_RESTORER)
		restorer = ksig->ka.sa.sa_restorer;
	else
		restorer = &frame->retcode;

	if (!user_access_begin(frame, sizeof(*frame)))
		return -EFAULT;

	unsafe_put_user(ksig->sig, &frame->sig, Efault);
	unsafe_put_user(set->sig[1], &frame->extramask, Efault);
	unsafe_put_user(ptr_to_compat(restorer), &frame->pretcode, Efault);
	unsafe_put_user((u32)regs->ip, &frame->ip, Efault);
	unsafe_put_user((u32)regs->sp, &frame->sp, Efault);
	unsafe_put_user((u32)regs->flags, &frame->flags, Efault);
	user_access_end();

	regs->sp = (unsigned long)frame;
	regs->ip = (unsigned long)ksig->ka.sa.sa_handler;
	regs->ax = ksig->sig;
	regs->dx = 0;
	regs->cx = 0;
	return 0;

Efault:
	return -EFAULT; /* expect: pair-unbalanced */
}
