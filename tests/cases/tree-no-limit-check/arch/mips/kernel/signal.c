/* case: mips's work on the way back to user mode, without a check of the limit */
#include <linux/signal.h>

asmlinkage void do_notify_resume(struct pt_regs *regs, void *unused, __u32 thread_info_flags)
{
	local_irq_enable();
	if (thread_info_flags & _TIF_SIGPENDING)
		do_signal(regs);
}
