#include <linux/kernel.h>
#include <linux/uaccess.h>

static void dump_instr(const char *lvl, struct pt_regs *regs)
{
	unsigned long addr = instruction_pointer(regs);
	mm_segment_t fs = get_fs();
	unsigned int val;
	int i;

	set_fs(KERNEL_DS);
	for (i = -4; i < 1; i++)
		if (!__get_user(val, &((u32 *)addr)[i]))
			printk("%s%08x\n", lvl, val);
	set_fs(fs);
}

asmlinkage void do_undefinstr(struct pt_regs *regs)
{
	dump_instr(KERN_INFO, regs);
}
