#include <linux/signal.h>

static unsigned long lite_frame_flags(struct pt_regs *regs)
{
	return regs->flags & 0x3;
}

unsigned long lite_other_flags(struct pt_regs *regs)
{
	return lite_frame_flags(regs);
}
