/* case: the twins of ok-trap-kernel-mode-callers with one caller that passes user-mode registers: m68k's show_registers also called by a trap handler that tests nothing, the dump also called on the branch where the supervisor bit is clear, and a dump called under `user_mode(regs) || in_interrupt()` (user mode is not ruled out): the saved pc is user space's choice and is read under KERNEL_DS */
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
		if (get_user(c, cp + i) && i >= 0) /* expect: user-ptr-kernel-ds */
			break;
		pr_cont(" %04x", c);
	}
	set_fs(old_fs);
}

void die_if_kernel(char *str, struct pt_regs *fp, int nr)
{
	if (!(fp->sr & PS_S))
		return;
	show_registers(fp);
	do_exit(SIGSEGV);
}

void bad_super_trap(struct pt_regs *fp)
{
	show_registers(fp);
}

static void dump_word(struct pt_regs *regs)
{
	mm_segment_t fs = get_fs();
	unsigned long val;

	set_fs(KERNEL_DS);
	if (!__get_user(val, (unsigned long *)regs->sp)) /* expect: user-ptr-kernel-ds */
		printk("sp: %08lx\n", val);
	set_fs(fs);
}

void trap_word(struct pt_regs *regs)
{
	if (regs->sr & PS_S)
		printk("kernel trap\n");
	else
		dump_word(regs);
}

static void dump_pc(struct pt_regs *regs)
{
	mm_segment_t fs = get_fs();
	unsigned long val;

	set_fs(KERNEL_DS);
	if (!__get_user(val, (unsigned long *)regs->pc)) /* expect: user-ptr-kernel-ds */
		printk("pc: %08lx\n", val);
	set_fs(fs);
}

void trap_pc(struct pt_regs *regs)
{
	if (user_mode(regs) || in_interrupt())
		dump_pc(regs);
}
