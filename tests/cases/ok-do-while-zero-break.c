/* case: a do { } while (0) block breaks out on errors and the restore follows the block */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct imu_cal {
	struct file *fp;
	s16 bias[3];
	s16 scale[3];
	loff_t pos;
};

static int imu_cal_load(struct imu_cal *ic)
{
	mm_segment_t old_fs;
	ssize_t n;
	int ret = -EIO;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	do {
		n = vfs_read(ic->fp, (char __user *)ic->bias, sizeof(ic->bias), &ic->pos);
		if (n != sizeof(ic->bias))
			break;
		n = vfs_read(ic->fp, (char __user *)ic->scale, sizeof(ic->scale), &ic->pos);
		if (n != sizeof(ic->scale))
			break;
		ret = 0;
	} while (0);
	set_fs(old_fs);

	if (ret)
		pr_err("imu: calibration file truncated\n");
	return ret;
}
