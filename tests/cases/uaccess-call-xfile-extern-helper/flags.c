#include <linux/signal.h>

unsigned long lite_frame_flags(struct pt_regs *regs)
{
	return user_64bit_mode(regs) ? 0x6 : 0x2;
}
