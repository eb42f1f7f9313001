/* case: lite_frame_flags() called in the window comes from a header (a static inline this tree's headers define); another file has a static function of the same name, which cannot be the one called: not reported */
#include <linux/signal.h>
#include <linux/uaccess.h>
#include <asm/lite_frame.h>

struct lite_frame {
	unsigned long flags;
	unsigned long ip;
};

int lite_setup_frame(struct lite_frame __user *f, struct pt_regs *regs)
{
	if (!user_access_begin(f, sizeof(*f)))
		return -EFAULT;
	unsafe_put_user(lite_frame_flags(regs), &f->flags, efault);
	unsafe_put_user(regs->ip, &f->ip, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
