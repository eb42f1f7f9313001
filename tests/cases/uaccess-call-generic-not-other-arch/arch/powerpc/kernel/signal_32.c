/* case: powerpc signal code calls memset() and its own helpers inside a user access window; only x86 forbids calls there (objtool), so files under arch/ other than x86 are not checked for uaccess-call (arch/powerpc/kernel/signal_32.c restore_user_regs) */
#include <linux/signal.h>
#include <linux/uaccess.h>

static long restore_user_regs(struct pt_regs *regs, struct mcontext __user *sr, int sig)
{
	unsigned int save_r2 = 0;

	if (!user_read_access_begin(sr, sizeof(*sr)))
		return 1;
	unsafe_get_user(save_r2, &sr->mc_gregs[PT_R2], failed);
	memset(&current->thread.vr_state, 0, ELF_NVRREG * sizeof(vector128));
	user_read_access_end();
	return 0;
failed:
	user_read_access_end();
	return 1;
}
