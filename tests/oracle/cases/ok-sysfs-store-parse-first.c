/* case: a sysfs store validates its input before the window and keeps the window free of early exits */
/* oracle: entry mode_store */
/* oracle: string "2\n" */
/* oracle: string "turbo\n" */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

#define FAN_MODE_PATH	"/sys/firmware/fan/mode_shadow"

static unsigned int fan_mode;

static ssize_t mode_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	unsigned int mode;
	char line[8];
	ssize_t n;
	int ret;

	ret = kstrtouint(buf, 0, &mode);
	if (ret)
		return ret;
	if (mode > 3)
		return -EINVAL;

	fp = filp_open(FAN_MODE_PATH, O_WRONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	snprintf(line, sizeof(line), "%u\n", mode);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)line, strlen(line), &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	if (n < 0)
		return n;
	fan_mode = mode;
	return count;
}
static DEVICE_ATTR(mode, 0200, NULL, mode_store);
