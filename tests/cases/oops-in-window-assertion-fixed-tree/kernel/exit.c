/* case: do_exit() with the CVE-2010-4258 reset (kernel/exit.c, 2.6.37 to 5.9) */
#include <linux/sched.h>
#include <linux/uaccess.h>

void __noreturn do_exit(long code)
{
	struct task_struct *tsk = current;

	profile_task_exit(tsk);
	if (unlikely(in_interrupt()))
		panic("Aiee, killing interrupt handler!");
	/*
	 * If do_exit is called because this processes oopsed, it's possible
	 * that get_fs() was left as KERNEL_DS, so reset it to USER_DS before
	 * continuing.
	 */
	set_fs(USER_DS);
	exit_signals(tsk);
	tsk->exit_code = code;
	do_task_dead();
}
