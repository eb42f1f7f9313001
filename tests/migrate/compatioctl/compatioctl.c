// SPDX-License-Identifier: GPL-2.0
/*
 * compatioctl - misc device giving access to a bank of scratch registers
 *
 * Register blocks are read and written with ioctls taking a struct that
 * embeds a user pointer, so 32-bit callers on a 64-bit kernel need a
 * translated layout.  The compat path converts the 32-bit struct and
 * hands it to the native handler.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/fs.h>
#include <linux/ioctl.h>
#include <linux/compat.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define CIOC_NREGS		256

struct cioc_xfer {
	__u32 reg;		/* first register */
	__u32 count;		/* in: registers asked, out: registers done */
	__u32 __user *data;	/* user buffer of count values */
};

#define CIOC_IOC_MAGIC		'k'
#define CIOC_READ_REGS		_IOWR(CIOC_IOC_MAGIC, 1, struct cioc_xfer)
#define CIOC_WRITE_REGS		_IOWR(CIOC_IOC_MAGIC, 2, struct cioc_xfer)
#define CIOC_GET_NREGS		_IOR(CIOC_IOC_MAGIC, 3, __u32)

#ifdef CONFIG_COMPAT
struct cioc_xfer32 {
	__u32 reg;
	__u32 count;
	compat_uptr_t data;
};

#define CIOC_READ_REGS32	_IOWR(CIOC_IOC_MAGIC, 1, struct cioc_xfer32)
#define CIOC_WRITE_REGS32	_IOWR(CIOC_IOC_MAGIC, 2, struct cioc_xfer32)
#endif

struct cioc_dev {
	struct mutex lock;
	u32 regs[CIOC_NREGS];
};

static struct cioc_dev cioc = {
	.lock = __MUTEX_INITIALIZER(cioc.lock),
};

static long cioc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *argp = (void __user *)arg;
	struct cioc_xfer x;
	size_t bytes;
	long ret = 0;

	switch (cmd) {
	case CIOC_READ_REGS:
	case CIOC_WRITE_REGS:
		if (copy_from_user(&x, argp, sizeof(x)))
			return -EFAULT;
		if (x.reg >= CIOC_NREGS)
			return -EINVAL;
		if (x.count > CIOC_NREGS - x.reg)
			x.count = CIOC_NREGS - x.reg;
		bytes = x.count * sizeof(u32);

		mutex_lock(&cioc.lock);
		if (cmd == CIOC_READ_REGS) {
			if (copy_to_user(x.data, &cioc.regs[x.reg], bytes))
				ret = -EFAULT;
		} else {
			if (copy_from_user(&cioc.regs[x.reg], x.data, bytes))
				ret = -EFAULT;
		}
		mutex_unlock(&cioc.lock);
		if (ret)
			return ret;

		if (copy_to_user(argp, &x, sizeof(x)))
			return -EFAULT;
		return 0;

	case CIOC_GET_NREGS:
		return put_user(CIOC_NREGS, (__u32 __user *)argp);

	default:
		return -ENOTTY;
	}
}

#ifdef CONFIG_COMPAT
static long cioc_compat_ioctl(struct file *file, unsigned int cmd,
			      unsigned long arg)
{
	struct cioc_xfer32 __user *up = compat_ptr(arg);
	struct cioc_xfer32 x32;
	struct cioc_xfer x;
	mm_segment_t old_fs;
	unsigned int ncmd;
	long ret;

	switch (cmd) {
	case CIOC_READ_REGS32:
		ncmd = CIOC_READ_REGS;
		break;
	case CIOC_WRITE_REGS32:
		ncmd = CIOC_WRITE_REGS;
		break;
	default:
		return cioc_ioctl(file, cmd, (unsigned long)compat_ptr(arg));
	}

	if (copy_from_user(&x32, up, sizeof(x32)))
		return -EFAULT;

	x.reg = x32.reg;
	x.count = x32.count;
	x.data = compat_ptr(x32.data);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = cioc_ioctl(file, ncmd, (unsigned long)&x);
	set_fs(old_fs);
	if (ret)
		return ret;

	if (put_user(x.count, &up->count))
		return -EFAULT;

	return 0;
}
#endif

static const struct file_operations cioc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cioc_ioctl,
#ifdef CONFIG_COMPAT
	.compat_ioctl	= cioc_compat_ioctl,
#endif
	.llseek		= noop_llseek,
};

static struct miscdevice cioc_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "compatioctl",
	.fops	= &cioc_fops,
	.mode	= 0600,
};

static int __init cioc_init(void)
{
	int ret;

	ret = misc_register(&cioc_misc);
	if (ret)
		pr_err("misc_register failed: %d\n", ret);
	return ret;
}

static void __exit cioc_exit(void)
{
	misc_deregister(&cioc_misc);
}

module_init(cioc_init);
module_exit(cioc_exit);

MODULE_DESCRIPTION("Scratch register bank with 32-bit compat ioctls");
MODULE_LICENSE("GPL");
