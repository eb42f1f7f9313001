/* case: an ioctl switch raises in several cases and restores before each break and return */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define PRX_IOC_CALIB_SAVE	_IO('P', 1)
#define PRX_IOC_CALIB_LOAD	_IO('P', 2)
#define PRX_IOC_ENABLE		_IOW('P', 3, int)

struct prx_dev {
	struct file *calib;
	u16 offset[4];
	bool enabled;
};

static long prx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct prx_dev *prx = file->private_data;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;
	int en;

	switch (cmd) {
	case PRX_IOC_CALIB_SAVE:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_write(prx->calib, (const char __user *)prx->offset, sizeof(prx->offset), &pos);
		set_fs(old_fs);
		break;
	case PRX_IOC_CALIB_LOAD:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_read(prx->calib, (char __user *)prx->offset, sizeof(prx->offset), &pos);
		if (n != sizeof(prx->offset)) {
			set_fs(old_fs);
			return -EIO;
		}
		set_fs(old_fs);
		break;
	case PRX_IOC_ENABLE:
		if (get_user(en, (int __user *)arg))
			return -EFAULT;
		prx->enabled = !!en;
		return 0;
	default:
		return -ENOTTY;
	}
	return n < 0 ? n : 0;
}

static const struct file_operations prx_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= prx_ioctl,
	.compat_ioctl	= prx_ioctl,
};
