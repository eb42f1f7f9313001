/* case: the twin of user-ptr-kernel-ds-trap-dump-instr, as fixed upstream: the window is opened only for kernel-mode registers (!user_mode(regs)), user-mode registers are read with USER_DS in force; a dump that returns early for user-mode traps, and one whose only caller passes kernel-mode registers, and one that asserts WARN_ON(user_mode(regs)), read the saved pc/sp under KERNEL_DS safely: silent */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>
#include <asm/traps.h>

static void __dump_instr(const char *lvl, struct pt_regs *regs)
{
	unsigned long addr = instruction_pointer(regs);
	char str[sizeof("00000000 ") * 5 + 2 + 1], *p = str;
	int i;

	for (i = -4; i < 1; i++) {
		unsigned int val, bad;

		bad = __get_user(val, &((u32 *)addr)[i]);
		if (!bad)
			p += sprintf(p, i == 0 ? "(%08x) " : "%08x ", val);
		else {
			p += sprintf(p, "bad PC value");
			break;
		}
	}
	printk("%sCode: %s\n", lvl, str);
}

static void dump_instr(const char *lvl, struct pt_regs *regs)
{
	if (!user_mode(regs)) {
		mm_segment_t fs = get_fs();

		set_fs(KERNEL_DS);
		__dump_instr(lvl, regs);
		set_fs(fs);
	} else {
		__dump_instr(lvl, regs);
	}
}

static void dump_frame(const char *lvl, struct pt_regs *regs)
{
	unsigned long fp = regs->regs[29];
	mm_segment_t fs;
	unsigned long val;

	if (user_mode(regs))
		return;
	fs = get_fs();
	set_fs(KERNEL_DS);
	if (!__get_user(val, (unsigned long *)fp))
		printk("%sframe: %016lx\n", lvl, val);
	set_fs(fs);
}

static void dump_stack_words(const char *lvl, struct pt_regs *regs)
{
	unsigned long sp = regs->sp;
	mm_segment_t fs;
	unsigned long val;
	int i;

	fs = get_fs();
	set_fs(KERNEL_DS);
	for (i = 0; i < 8; i++) {
		if (__get_user(val, (unsigned long *)sp + i))
			break;
		printk("%s%016lx\n", lvl, val);
	}
	set_fs(fs);
}

void show_trap(struct pt_regs *regs, const char *str)
{
	if (!user_mode(regs)) {
		dump_stack_words(KERN_EMERG, regs);
		dump_frame(KERN_EMERG, regs);
	}
	dump_instr(KERN_EMERG, regs);
}

asmlinkage void do_undefinstr(struct pt_regs *regs)
{
	dump_frame(KERN_INFO, regs);
	dump_instr(KERN_INFO, regs);
}

/* sh's trapped I/O: the author asserts kernel-mode registers */
int handle_trapped_io(struct pt_regs *regs, unsigned long address)
{
	mm_segment_t oldfs;
	u16 instruction;

	WARN_ON(user_mode(regs));

	oldfs = get_fs();
	set_fs(KERNEL_DS);
	if (copy_from_user(&instruction, (void *)(regs->pc), sizeof(instruction))) {
		set_fs(oldfs);
		return 0;
	}
	set_fs(oldfs);
	return instruction;
}
