/* case: the ioctl passes (void __user *)arg to sensor_read_regs() of another file, which copies to it under its own KERNEL_DS window */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int sensor_read_regs(void __user *out, size_t len);

static long sensor_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd != 0x5301)
		return -ENOTTY;
	return sensor_read_regs((void __user *)arg, 128);
}

static const struct file_operations sensor_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= sensor_ioctl,
};
