#include <linux/fs.h>
#include "cal.h"

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cal_dev *cd = file->private_data;
	loff_t pos = 0;
	ssize_t n;

	cal_kernel_ds_begin(cd);
	n = vfs_read(cd->fw, (char __user *)cd->buf, CAL_SIZE, &pos);
	if (n != CAL_SIZE)
		return -EIO;
	cal_kernel_ds_end(cd);
	return cal_apply(cd);
}

static const struct file_operations cal_fops = { .unlocked_ioctl = cal_ioctl };
