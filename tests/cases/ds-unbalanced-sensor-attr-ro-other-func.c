/* case: SENSOR_DEVICE_ATTR_RO(temp1_input, temp, 0) names temp_show (from its second argument); temp1_input_show, a helper with a show-like name, is not an entry point */
#include <linux/hwmon-sysfs.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *cal_fp;

static ssize_t temp1_input_show(struct device *dev, char *buf)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(cal_fp, (char __user *)buf, 8, &pos) != 8)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 8;
}

static ssize_t temp_show(struct device *dev, struct device_attribute *da, char *buf)
{
	return sprintf(buf, "0\n");
}

void temp_log(struct device *dev, char *buf)
{
	temp1_input_show(dev, buf);
}

static SENSOR_DEVICE_ATTR_RO(temp1_input, temp, 0);
