/* case: hwmon-style attributes: SENSOR_DEVICE_ATTR(name, mode, show, store, index) names its show/store, SENSOR_DEVICE_ATTR_RW(name, func, index) names func_show/func_store (after the second argument, not the first) */
#include <linux/hwmon-sysfs.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *cal_fp;

static ssize_t temp_offset_store(struct device *dev, struct device_attribute *da,
				 const char *buf, size_t count)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(cal_fp, (const char __user *)buf, count, &pos) != count)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return count;
}

static ssize_t fan_min_show(struct device *dev, struct device_attribute *da, char *buf)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(cal_fp, (char __user *)buf, 8, &pos) != 8)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 8;
}

static ssize_t fan_min_store(struct device *dev, struct device_attribute *da,
			     const char *buf, size_t count)
{
	return count;
}

static SENSOR_DEVICE_ATTR(temp1_offset, 0644, NULL, temp_offset_store, 0);
static SENSOR_DEVICE_ATTR_RW(fan1_min, fan_min, 0);
