/* case: die_if_kernel() returns zero for a user-mode frame, and that value
 * is a path: a return taken when it returned zero keeps the raised limit */
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

extern int die_if_kernel(char *str, struct pt_regs *regs, long err);
int emulate_store(struct pt_regs *regs, unsigned long ifa);

void handle_store(unsigned long ifa, struct pt_regs *regs)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (emulate_store(regs, ifa)) {
		if (!die_if_kernel("store fault\n", regs, 0))
			return; /* expect: ds-unbalanced */
	}
	set_fs(old_fs);
}
