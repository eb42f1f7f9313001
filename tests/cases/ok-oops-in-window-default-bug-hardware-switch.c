/* case: `default: BUG()` of a trap handler's switch on the global frame's
 * trap number asserts the cases are exhaustive (frv's atomic_operation: the
 * trap table installs it for exactly the traps it has cases for); no caller
 * passes the value, so the default is not a path to report */
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>

#define TBR_TT		0xff0
#define TT_XCHG		(0xf8 << 4)
#define TT_ADD		(0xf9 << 4)

register struct pt_regs *__frame asm("gr28");

asmlinkage void atomic_operation(unsigned long esfr1, unsigned long epcr0)
{
	unsigned long __user *p = (unsigned long __user *)__frame->gr8;
	unsigned long z = 0;
	mm_segment_t oldfs = get_fs();

	if (!user_mode(__frame))
		set_fs(KERNEL_DS);

	switch (__frame->tbr & TBR_TT) {
	case TT_XCHG:
		if (__get_user(z, p))
			goto done;
		break;
	case TT_ADD:
		if (__put_user(z + 1, p))
			goto done;
		break;
	default:
		BUG();
	}
done:
	if (!user_mode(__frame))
		set_fs(oldfs);
}
