/* case: a DEVICE_ATTR store raises without saving the caller's limit and lowers with USER_DS */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

#define LED_PATTERN_FILE	"/sys/class/leds/rgb/pattern"

static ssize_t led_pattern_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "write a pattern string\n");
}

static ssize_t led_pattern_store(struct device *dev, struct device_attribute *attr,
				 const char *buf, size_t count)
{
	struct file *fp;
	loff_t pos = 0;
	ssize_t ret;

	set_fs(KERNEL_DS); /* expect: ds-no-save */
	fp = filp_open(LED_PATTERN_FILE, O_WRONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(USER_DS);
		return PTR_ERR(fp);
	}
	ret = vfs_write(fp, (const char __user *)buf, count, &pos);
	filp_close(fp, NULL);
	set_fs(USER_DS);

	return ret < 0 ? ret : count;
}
static DEVICE_ATTR(led_pattern, S_IRUGO | S_IWUSR, led_pattern_show, led_pattern_store);
