/* case: arm's dump_instr before the 2017 fix: it reads the code around instruction_pointer(regs) with __get_user under KERNEL_DS, and the undefined-instruction and bad-syscall paths call it with the registers of a user-mode trap, so user space picks the address and the dump leaks kernel memory; the stack dump that reads regs->ARM_sp only for kernel-mode traps and the helper whose only call is under !user_mode() stay silent */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

static void dump_instr(const char *lvl, struct pt_regs *regs)
{
	unsigned long addr = instruction_pointer(regs);
	const int thumb = thumb_mode(regs);
	const int width = thumb ? 4 : 8;
	mm_segment_t fs;
	char str[sizeof("00000000 ") * 5 + 2 + 1], *p = str;
	int i;

	fs = get_fs();
	set_fs(KERNEL_DS);

	for (i = -4; i < 1 + !!thumb; i++) {
		unsigned int val, bad;

		if (thumb)
			bad = __get_user(val, &((u16 *)addr)[i]); /* expect: user-ptr-kernel-ds */
		else
			bad = __get_user(val, &((u32 *)addr)[i]); /* expect: user-ptr-kernel-ds */

		if (!bad)
			p += sprintf(p, i == 0 ? "(%0*x) " : "%0*x ", width, val);
		else {
			p += sprintf(p, "bad PC value");
			break;
		}
	}
	printk("%sCode: %s\n", lvl, str);

	set_fs(fs);
}

static void dump_stack_words(const char *lvl, struct pt_regs *regs)
{
	unsigned long sp = regs->ARM_sp;
	mm_segment_t fs;
	unsigned int val;
	int i;

	fs = get_fs();
	set_fs(KERNEL_DS);
	for (i = 0; i < 8; i++) {
		if (__get_user(val, (unsigned int *)sp + i))
			break;
		printk("%s%08x\n", lvl, val);
	}
	set_fs(fs);
}

void show_trap(struct pt_regs *regs, const char *str)
{
	if (!user_mode(regs))
		dump_stack_words(KERN_EMERG, regs);
	dump_instr(KERN_EMERG, regs);
}

asmlinkage void do_undefinstr(struct pt_regs *regs)
{
	printk(KERN_INFO "%s (%d): undefined instruction: pc=%p\n",
	       current->comm, task_pid_nr(current), (void *)instruction_pointer(regs));
	dump_instr(KERN_INFO, regs);
}
