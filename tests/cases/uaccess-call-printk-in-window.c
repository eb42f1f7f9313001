/* case: a sigreturn-style restore reads the frame in a user_read_access window and logs a bad magic and a bad flags word with pr_err/printk before ending the window */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/signal.h>
#include <linux/uaccess.h>

#define LITE_SC_MAGIC	0x53494743

struct lite_sigcontext {
	u32 magic;
	u32 flags;
	unsigned long ip;
	unsigned long sp;
};

int lite_restore_sigcontext(struct pt_regs *regs, const struct lite_sigcontext __user *usc)
{
	u32 magic, flags;
	unsigned long ip, sp;

	if (!user_read_access_begin(usc, sizeof(*usc)))
		return -EFAULT;

	unsafe_get_user(magic, &usc->magic, Efault);
	if (magic != LITE_SC_MAGIC) {
		pr_err("sigreturn: bad magic %#x in frame at %px\n", magic, usc); /* expect: uaccess-call */
		goto Efault;
	}
	unsafe_get_user(flags, &usc->flags, Efault);
	if (flags & ~0xffUL)
		printk(KERN_WARNING "sigreturn: ignoring flags %#x\n", flags); /* expect: uaccess-call */
	unsafe_get_user(ip, &usc->ip, Efault);
	unsafe_get_user(sp, &usc->sp, Efault);
	user_read_access_end();

	regs->ip = ip;
	regs->sp = sp;
	regs->flags = (regs->flags & ~0xffUL) | (flags & 0xff);
	return 0;

Efault:
	user_read_access_end();
	return -EFAULT;
}
