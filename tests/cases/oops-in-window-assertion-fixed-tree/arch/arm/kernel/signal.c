/* case: arm checks the limit in its work before returning to user mode (4.14) */
#include <linux/signal.h>
#include <linux/syscalls.h>

asmlinkage int do_work_pending(struct pt_regs *regs, unsigned int thread_flags, int syscall)
{
	addr_limit_user_check();
	do {
		if (likely(thread_flags & _TIF_NEED_RESCHED))
			schedule();
		thread_flags = current_thread_info()->flags;
	} while (thread_flags & _TIF_WORK_MASK);
	return 0;
}
