/* case: x64_setup_rt_frame: a failed user_access_begin returns having opened nothing, every unsafe_* fault jumps to Efault which ends the window, and the siginfo copy happens after user_access_end */
#include <linux/signal.h>
#include <linux/uaccess.h>
#include <asm/sigframe.h>
#include <asm/sighandling.h>

void __user *get_sigframe(struct ksignal *ksig, struct pt_regs *regs,
			  size_t frame_size, void __user **fpstate);

static unsigned long frame_uc_flags(struct pt_regs *regs)
{
	return UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS;
}

int lite_x64_setup_rt_frame(struct ksignal *ksig, struct pt_regs *regs)
{
	sigset_t *set = sigmask_to_save();
	struct rt_sigframe __user *frame;
	void __user *fp = NULL;
	unsigned long uc_flags;

	/* x86-64 should always use SA_RESTORER. */
	if (!(ksig->ka.sa.sa_flags & SA_RESTORER))
		return -EFAULT;

	frame = get_sigframe(ksig, regs, sizeof(struct rt_sigframe), &fp);
	uc_flags = frame_uc_flags(regs);

	if (!user_access_begin(frame, sizeof(*frame)))
		return -EFAULT;

	/* Create the ucontext.  */
	unsafe_put_user(uc_flags, &frame->uc.uc_flags, Efault);
	unsafe_put_user(0, &frame->uc.uc_link, Efault);
	unsafe_save_altstack(&frame->uc.uc_stack, regs->sp, Efault);

	/* Set up to return from userspace. */
	unsafe_put_user(ksig->ka.sa.sa_restorer, &frame->pretcode, Efault);
	unsafe_put_sigcontext(&frame->uc.uc_mcontext, fp, regs, set, Efault);
	unsafe_put_sigmask(set, frame, Efault);
	user_access_end();

	if (ksig->ka.sa.sa_flags & SA_SIGINFO) {
		if (copy_siginfo_to_user(&frame->info, &ksig->info))
			return -EFAULT;
	}

	regs->di = ksig->sig;
	regs->ax = 0;
	regs->si = (unsigned long)&frame->info;
	regs->dx = (unsigned long)&frame->uc;
	regs->ip = (unsigned long)ksig->ka.sa.sa_handler;
	regs->sp = (unsigned long)frame;
	regs->cs = __USER_CS;
	return 0;

Efault:
	user_access_end();
	return -EFAULT;
}
