/* case: the generic exit to user mode checks the limit (kernel/entry/common.c, 5.9) */
#include <linux/entry-common.h>
#include <linux/syscalls.h>

static void exit_to_user_mode_prepare(struct pt_regs *regs)
{
	unsigned long ti_work = READ_ONCE(current_thread_info()->flags);

	if (unlikely(ti_work & EXIT_TO_USER_MODE_WORK))
		ti_work = exit_to_user_mode_loop(regs, ti_work);
	addr_limit_user_check();
}
