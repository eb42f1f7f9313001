/* case: a signal-frame writer calls lite_frame_flags(), defined out of line in another file (flags.c), inside its user_access window: an extern call, never inlined, which objtool reports */
#include <linux/signal.h>
#include <linux/uaccess.h>

unsigned long lite_frame_flags(struct pt_regs *regs);

struct lite_frame {
	unsigned long flags;
	unsigned long ip;
};

int lite_setup_frame(struct lite_frame __user *f, struct pt_regs *regs)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_put_user(lite_frame_flags(regs), &f->flags, efault); /* expect: uaccess-call */
	unsafe_put_user(regs->ip, &f->ip, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
