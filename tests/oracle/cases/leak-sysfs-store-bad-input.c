/* case: a sysfs store raises to log the request, then parses the input and returns -EINVAL on bad input still raised */
/* oracle: entry brightness_store */
/* oracle: string "128\n" */
/* oracle: string "bright\n" */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

#define BL_LOG_PATH	"/data/vendor/backlight.log"

struct bl_state {
	unsigned long level;
};

static struct bl_state bl;

static ssize_t brightness_store(struct device *dev, struct device_attribute *attr,
				const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	unsigned long level;
	int ret;

	fp = filp_open(BL_LOG_PATH, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	vfs_write(fp, (const char __user *)buf, count, &pos);
	filp_close(fp, NULL);

	ret = kstrtoul(buf, 10, &level);
	if (ret)
		return ret; /* expect: ds-leak */
	set_fs(old_fs);

	if (level > 255)
		return -ERANGE;
	bl.level = level;
	return count;
}

static ssize_t brightness_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%lu\n", bl.level);
}
static DEVICE_ATTR_RW(brightness);
