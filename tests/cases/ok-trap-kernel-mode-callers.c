/* case: dumps whose every caller passes a trap's kernel-mode registers, tested the way the architectures spell it: m68k's show_registers (extern, called only by die_if_kernel after `if (!(fp->sr & PS_S)) return;`, the supervisor bit of the saved status register), unicore32's dump_instr (called only under `!user_mode(regs) || in_interrupt()`: a trap taken in interrupt context came from kernel mode), and arm's `processor_mode(regs) == SVC_MODE`: the saved pc is the kernel's, reading it under KERNEL_DS is safe: silent */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

void show_registers(struct pt_regs *regs)
{
	mm_segment_t old_fs = get_fs();
	u16 c, *cp;
	int i;

	set_fs(KERNEL_DS);
	cp = (u16 *)regs->pc;
	for (i = -8; i < 16; i++) {
		if (get_user(c, cp + i) && i >= 0)
			break;
		pr_cont(" %04x", c);
	}
	set_fs(old_fs);
}

void die_if_kernel(char *str, struct pt_regs *fp, int nr)
{
	if (!(fp->sr & PS_S))
		return;
	pr_crit("%s: %08x\n", str, nr);
	show_registers(fp);
	do_exit(SIGSEGV);
}

static void dump_instr(const char *lvl, struct pt_regs *regs)
{
	unsigned long addr = instruction_pointer(regs);
	mm_segment_t fs;
	int i;

	fs = get_fs();
	set_fs(KERNEL_DS);
	for (i = -4; i < 1; i++) {
		unsigned int val;

		if (__get_user(val, &((u32 *)addr)[i]))
			break;
		printk("%s%08x\n", lvl, val);
	}
	set_fs(fs);
}

static int __die(const char *str, int err, struct pt_regs *regs)
{
	printk(KERN_EMERG "Internal error: %s: %x\n", str, err);
	if (!user_mode(regs) || in_interrupt())
		dump_instr(KERN_EMERG, regs);
	return 0;
}

void die(const char *str, struct pt_regs *regs, int err)
{
	__die(str, err, regs);
	do_exit(SIGSEGV);
}

static void dump_lr(struct pt_regs *regs)
{
	mm_segment_t fs = get_fs();
	unsigned long val;

	set_fs(KERNEL_DS);
	if (!__get_user(val, (unsigned long *)regs->ARM_lr))
		printk("lr: %08lx\n", val);
	set_fs(fs);
}

void bad_mode(struct pt_regs *regs, int reason)
{
	if (processor_mode(regs) == SVC_MODE)
		dump_lr(regs);
	else
		printk("bad mode %d\n", reason);
}
