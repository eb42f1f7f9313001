/* case: probe_kernel_read() of kernel addresses (a kernel pointer that may be stale, the slot holding the user's pointer rather than the pointer itself), of a trap's saved pc to step the faulting instruction (mn10300's kgdb single-step: the registers are the rule of the register checks, for accesses under KERNEL_DS), and of a user pointer that access_ok() passed first under USER_DS: silent */
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

struct node_demo {
	struct node_demo *next;
	int v;
};

int peek_list_demo(struct node_demo *n)
{
	struct node_demo copy;

	if (probe_kernel_read(&copy, n, sizeof(copy)))
		return -EFAULT;
	return copy.v;
}

int read_slot_demo(const char __user **slot)
{
	const char __user *p;

	return probe_kernel_read(&p, slot, sizeof(p)) ? -EFAULT : 0;
}

int peek_checked_demo(const char __user *up)
{
	char c;

	if (!access_ok(VERIFY_READ, up, 1))
		return -EFAULT;
	return probe_kernel_read(&c, up, 1) ? -EFAULT : c;
}

int kgdb_step_demo(struct pt_regs *regs)
{
	u8 op, *pc = (u8 *)regs->pc;

	if (probe_kernel_read(&op, pc, 1))
		return -EFAULT;
	return probe_kernel_read(&op, pc + 1, 1) ? -EFAULT : op;
}
