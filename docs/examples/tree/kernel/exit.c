#include <linux/sched.h>

void do_exit(long code)
{
	struct task_struct *tsk = current;

	exit_signals(tsk);
	exit_mm(tsk);
	tsk->exit_code = code;
	exit_notify(tsk, 0);
	schedule();
}
