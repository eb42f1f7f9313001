#include <linux/fs.h>
#include <linux/uaccess.h>

void cal_enter_kernel_ds(struct cal_dev *cd);
void cal_leave_kernel_ds(struct cal_dev *cd);

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cal_dev *cd = file->private_data;
	loff_t pos = 0;
	ssize_t n;

	cal_enter_kernel_ds(cd);
	n = vfs_read(cd->fw, (char __user *)cd->buf, CAL_SIZE, &pos);
	if (n != CAL_SIZE)
		return -EIO;
	cal_leave_kernel_ds(cd);

	return cal_apply(cd);
}

static struct file_operations cal_fops;

static int __init cal_init(void)
{
	cal_fops.unlocked_ioctl = cal_ioctl;
	return misc_register(&cal_misc);
}
