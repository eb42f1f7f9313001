/* case: a retry loop in an ioctl restores before continue, before the error return and before success */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/delay.h>
#include <linux/uaccess.h>

#define SIM_IOC_SYNC	_IO('s', 3)

struct sim_priv {
	struct file *nv;
	u8 image[1024];
	loff_t pos;
};

static long sim_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct sim_priv *sp = file->private_data;
	mm_segment_t old_fs = get_fs();
	int tries = 3;
	ssize_t n;

	if (cmd != SIM_IOC_SYNC)
		return -ENOTTY;

	while (tries--) {
		set_fs(KERNEL_DS);
		n = vfs_write(sp->nv, (const char __user *)sp->image, sizeof(sp->image), &sp->pos);
		set_fs(old_fs);
		if (n == -EAGAIN || n == -EINTR) {
			msleep(10);
			continue;
		}
		if (n < 0)
			return n;
		return 0;
	}
	return -ETIMEDOUT;
}

static const struct file_operations sim_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= sim_ioctl,
};
