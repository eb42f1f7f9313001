/* expect: tree-no-limit-check */
/* case: kernel/exit.c of a tree from before the CVE-2010-4258 fix: do_exit() never resets the address limit (a call of do_exit elsewhere and its declaration are not its definition) */
#include <linux/sched.h>
#include <linux/uaccess.h>

NORET_TYPE void do_exit(long code);

static void exit_mm(struct task_struct *tsk)
{
	struct mm_struct *mm = tsk->mm;
	if (!mm)
		return;
	mm_release(tsk, mm);
}

NORET_TYPE void do_exit(long code) /* expect: tree-no-exit-reset */
{
	struct task_struct *tsk = current;

	profile_task_exit(tsk);
	if (unlikely(in_interrupt()))
		panic("Aiee, killing interrupt handler!");
	exit_signals(tsk);
	exit_mm(tsk);
	tsk->exit_code = code;
	exit_notify(tsk, 0);
	schedule();
	BUG();
	for (;;)
		cpu_relax();
}

void complete_and_exit(struct completion *comp, long code)
{
	if (comp)
		complete(comp);
	do_exit(code);
}
