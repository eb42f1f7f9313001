#include <linux/signal.h>

void do_notify_resume(struct pt_regs *regs, unsigned int flags, int syscall)
{
	if (flags & _TIF_SIGPENDING)
		do_signal(regs, syscall);
}
