/* case: ia64's unaligned-access handler raises the limit for a kernel-mode
 * fault and `if (die_if_kernel(...)) return;` on failure: die() returns
 * non-zero only when a debugger's die notifier stopped the oops, so that
 * return is no path (the source marks the spot NOT_REACHED) */
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

extern int die_if_kernel(char *str, struct pt_regs *regs, long err);
int emulate_load(struct pt_regs *regs, unsigned long ifa);
void force_sigbus(unsigned long ifa);

void handle_unaligned(unsigned long ifa, struct pt_regs *regs)
{
	mm_segment_t old_fs = get_fs();
	int ret;

	if (!user_mode(regs))
		set_fs(KERNEL_DS);
	ret = emulate_load(regs, ifa);
	if (ret)
		goto failure;
done:
	set_fs(old_fs);
	return;

failure:
	if (!user_mode(regs)) {
		if (die_if_kernel("error during unaligned kernel access\n", regs, ret))
			return;
		/* NOT_REACHED */
	}
	force_sigbus(ifa);
	goto done;
}
