/* case: raise and restore are both guarded by dev->kernel_io, which is not assigned in between */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define BRIDGE_IOC_PUMP	_IO('B', 0x10)

struct bridge_dev {
	struct mutex lock;
	struct file *lower;
	bool kernel_io;
	char fifo[256];
	size_t fifo_len;
	loff_t pos;
};

static long bridge_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct bridge_dev *bd = file->private_data;
	mm_segment_t old_fs;
	ssize_t n;

	if (cmd != BRIDGE_IOC_PUMP)
		return -ENOTTY;

	mutex_lock(&bd->lock);
	if (bd->kernel_io) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}
	n = vfs_write(bd->lower, (const char __user *)bd->fifo, bd->fifo_len, &bd->pos);
	if (n > 0)
		bd->fifo_len -= n;
	if (bd->kernel_io)
		set_fs(old_fs);
	mutex_unlock(&bd->lock);

	return n < 0 ? n : 0;
}

static const struct file_operations bridge_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= bridge_ioctl,
};
