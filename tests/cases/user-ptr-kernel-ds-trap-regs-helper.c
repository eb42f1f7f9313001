/* case: arm64-style dumps before the fix: dump_instr raises for any registers and hands them to __dump_instr, which reads around instruction_pointer(regs) with __get_user; dump_frame follows regs->regs[29] under KERNEL_DS and do_undefinstr calls it for user-mode traps; both reported; the stack dump whose only caller passes kernel-mode registers stays silent */
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
	mm_segment_t fs = get_fs();

	set_fs(KERNEL_DS);
	__dump_instr(lvl, regs); /* expect: user-ptr-kernel-ds */
	set_fs(fs);
}

static void dump_frame(const char *lvl, struct pt_regs *regs)
{
	unsigned long fp = regs->regs[29];
	mm_segment_t fs;
	unsigned long val;

	fs = get_fs();
	set_fs(KERNEL_DS);
	if (!__get_user(val, (unsigned long *)fp)) /* expect: user-ptr-kernel-ds */
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
