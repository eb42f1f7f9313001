/* case: do_exit() of a tree without the address limit (5.18+): nothing to reset */
#include <linux/sched.h>

void __noreturn do_exit(long code)
{
	struct task_struct *tsk = current;

	WARN_ON(irqs_disabled());
	synchronize_group_exit(tsk, code);
	exit_signals(tsk);
	tsk->exit_code = code;
	do_task_dead();
}
