/* case: a trap handler raises only for faults from kernel mode and restores under the same
 * user_mode(regs) test: the macro-like predicate correlates */
#include <linux/sched.h>
#include <linux/ptrace.h>
#include <linux/uaccess.h>

asmlinkage void sys_demo_trap(struct pt_regs *regs, unsigned long addr)
{
	mm_segment_t old_fs = get_fs();

	if (!user_mode(regs))
		set_fs(KERNEL_DS);
	pr_info("demo trap at %lx\n", addr);
	if (!user_mode(regs))
		set_fs(old_fs);
}
