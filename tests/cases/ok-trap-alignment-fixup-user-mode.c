/* case: the twin of user-ptr-kernel-ds-trap-alignment-fixup, as fixed upstream: a user-mode trap reads its instruction with get_user and USER_DS in force, only a kernel-mode one raises the limit to read at its own pc: silent */
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

int do_alignment_fixup(unsigned long addr, unsigned long instr, struct pt_regs *regs);

static int do_alignment(unsigned long addr, unsigned int fsr, struct pt_regs *regs)
{
	unsigned long instr = 0, instrptr;
	mm_segment_t fs;
	unsigned int fault;
	u16 tinstr = 0;

	instrptr = instruction_pointer(regs);

	if (user_mode(regs)) {
		if (thumb_mode(regs))
			fault = get_user(tinstr, (u16 __user *)(instrptr & ~1));
		else
			fault = get_user(instr, (u32 __user *)instrptr);
		if (!fault && thumb_mode(regs))
			instr = tinstr;
	} else {
		fs = get_fs();
		set_fs(KERNEL_DS);
		if (thumb_mode(regs)) {
			fault = __get_user(tinstr, (u16 *)(instrptr & ~1));
			instr = tinstr;
		} else {
			fault = __get_user(instr, (u32 *)instrptr);
		}
		set_fs(fs);
	}
	if (fault)
		return 1;
	if (user_mode(regs))
		return 0;
	return do_alignment_fixup(addr, instr, regs);
}

static struct fsr_info { int (*fn)(unsigned long, unsigned int, struct pt_regs *); } align_hook = {
	.fn = do_alignment,
};
