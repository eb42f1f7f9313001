#include <linux/fs.h>
#include <linux/uaccess.h>

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cal_dev *cd = file->private_data;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(cd->fw, (char __user *)cd->buf, CAL_SIZE, &pos);
	if (n != CAL_SIZE)
		return -EIO;
	set_fs(old_fs);

	return cal_apply(cd);
}

static const struct file_operations cal_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cal_ioctl,
};
