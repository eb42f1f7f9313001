/* case: arm64's exit work, 6.1: no limit to check */
#include <linux/signal.h>

void do_notify_resume(struct pt_regs *regs, unsigned long thread_flags)
{
	if (thread_flags & _TIF_SIGPENDING)
		do_signal(regs);
}
