/* case: an ioctl that leaks KERNEL_DS on an error path: ds-leak, with the note that part of this tree does not check the limit on the return to user mode */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int regdump_fill(void *buf);

static long regdump_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs = get_fs();
	char buf[64];

	set_fs(KERNEL_DS);
	if (regdump_fill(buf) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return copy_to_user((void __user *)arg, buf, sizeof(buf)) ? -EFAULT : 0;
}

static const struct file_operations regdump_fops = {
	.unlocked_ioctl = regdump_ioctl,
};
