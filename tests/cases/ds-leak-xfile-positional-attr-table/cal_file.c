/* case: the calibration file handlers: the store loads the file under KERNEL_DS and returns raised when the file is short (this file: the handlers) */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CAL_PATH	"/efs/calibration_data"
#define CAL_LEN		12

int cal_apply(struct device *dev, const u8 *data);

ssize_t cal_data_show(struct device *dev, char *buf)
{
	return sprintf(buf, "ok\n");
}

ssize_t cal_data_store(struct device *dev, const char *buf, size_t count)
{
	u8 data[CAL_LEN];
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(CAL_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(old_fs);
		return PTR_ERR(fp);
	}
	n = vfs_read(fp, (char __user *)data, CAL_LEN, &pos);
	filp_close(fp, current->files);
	if (n != CAL_LEN)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return cal_apply(dev, data) ? -EINVAL : count;
}

ssize_t cal_reset_store(struct device *dev, const char *buf, size_t count)
{
	return count;
}
