/* expect: tree-no-limit-check */
/* case: do_exit() resets the limit with force_uaccess_begin() (5.10); the tree audit's return-to-user finding lands on this file's first line */
#include <linux/sched.h>
#include <linux/uaccess.h>

void __noreturn do_exit(long code)
{
	struct task_struct *tsk = current;

	WARN_ON(blk_needs_flush_plug(tsk));
	force_uaccess_begin();
	exit_signals(tsk);
	tsk->exit_code = code;
	do_task_dead();
}
