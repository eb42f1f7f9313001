/* case: arm's alignment fixup (3.x): it reads the faulting instruction at instruction_pointer(regs), masked with ~1 for Thumb, with __get_user under KERNEL_DS before asking user_mode(regs); for a user-mode trap the pc is the user's, so the fixup reads kernel memory the user names; each read is reported, the handling after the user_mode() test is not */
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

	fs = get_fs();
	set_fs(KERNEL_DS);
	if (thumb_mode(regs)) {
		fault = __get_user(tinstr, (u16 *)(instrptr & ~1)); /* expect: user-ptr-kernel-ds */
		instr = tinstr;
	} else {
		fault = __get_user(instr, (u32 *)instrptr); /* expect: user-ptr-kernel-ds */
	}
	set_fs(fs);
	if (fault)
		return 1;
	if (user_mode(regs))
		return 0;
	return do_alignment_fixup(addr, instr, regs);
}

static struct fsr_info { int (*fn)(unsigned long, unsigned int, struct pt_regs *); } align_hook = {
	.fn = do_alignment,
};
