/* case: an rt signal frame setup calls two out-of-line helpers of this file inside the user_access window: frame_uc_flags() as an unsafe_put_user argument and lite_save_fpstate_sig() directly (x86 computes uc_flags before user_access_begin for this reason) */
#include <linux/signal.h>
#include <linux/uaccess.h>
#include <asm/sigframe.h>
#include <asm/fpu/signal.h>

void __user *get_sigframe(struct ksignal *ksig, struct pt_regs *regs,
			  size_t frame_size, void __user **fpstate);

static unsigned long frame_uc_flags(struct pt_regs *regs)
{
	unsigned long flags = UC_SIGCONTEXT_SS;

	if (likely(user_64bit_mode(regs)))
		flags |= UC_STRICT_RESTORE_SS;
	return flags;
}

static int lite_save_fpstate_sig(void __user *fp)
{
	return fp ? 0 : -EFAULT;
}

int lite_setup_rt_frame(struct ksignal *ksig, sigset_t *set, struct pt_regs *regs)
{
	struct rt_sigframe __user *frame;
	void __user *fp = NULL;

	frame = get_sigframe(ksig, regs, sizeof(*frame), &fp);
	if (!user_access_begin(frame, sizeof(*frame)))
		return -EFAULT;

	unsafe_put_user(frame_uc_flags(regs), &frame->uc.uc_flags, Efault); /* expect: uaccess-call */
	unsafe_put_user(0, &frame->uc.uc_link, Efault);
	unsafe_put_user(ksig->ka.sa.sa_restorer, &frame->pretcode, Efault);
	if (lite_save_fpstate_sig(fp)) /* expect: uaccess-call */
		goto Efault;
	unsafe_put_user(set->sig[0], &frame->uc.uc_sigmask.sig[0], Efault);
	user_access_end();

	regs->di = ksig->sig;
	regs->si = (unsigned long)&frame->info;
	regs->dx = (unsigned long)&frame->uc;
	regs->ip = (unsigned long)ksig->ka.sa.sa_handler;
	regs->sp = (unsigned long)frame;
	return 0;

Efault:
	user_access_end();
	return -EFAULT;
}
