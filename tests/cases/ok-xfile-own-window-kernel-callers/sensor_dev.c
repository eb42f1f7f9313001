/* case: the ioctl reads the registers into a kernel copy through sensor_read_regs() (a kernel object cast to __user) and copies that out itself, after the helper restored the limit */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct sensor_regs {
	u32 reg[32];
};

int sensor_read_regs(void __user *out, size_t len);

static long sensor_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct sensor_regs regs;
	int ret;

	if (cmd != 0x5301)
		return -ENOTTY;
	ret = sensor_read_regs((void __user *)&regs, sizeof(regs));
	if (ret)
		return ret;
	if (copy_to_user((void __user *)arg, &regs, sizeof(regs)))
		return -EFAULT;
	return 0;
}

static const struct file_operations sensor_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= sensor_ioctl,
};
