/* case: a DEVICE_ATTR_WO store raises without saving (ds-no-save) and one error return skips USER_DS (ds-leak) */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

#define CHG_LIMIT_NODE	"/sys/class/power_supply/battery/input_current_limit"

static ssize_t chg_limit_store(struct device *dev, struct device_attribute *attr,
			       const char *buf, size_t count)
{
	struct file *fp;
	loff_t pos = 0;
	ssize_t ret;
	u32 ma;

	if (kstrtou32(buf, 10, &ma) || ma > 3000)
		return -EINVAL;

	set_fs(KERNEL_DS); /* expect: ds-no-save */
	fp = filp_open(CHG_LIMIT_NODE, O_WRONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp); /* expect: ds-leak */
	ret = vfs_write(fp, (const char __user *)buf, count, &pos);
	filp_close(fp, NULL);
	set_fs(USER_DS);

	return ret < 0 ? ret : count;
}
static DEVICE_ATTR_WO(chg_limit);
