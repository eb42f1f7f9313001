/* case: only the success arm of an if/else restores the limit in a DEVICE_ATTR store */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

struct haptic_priv {
	struct file *effect_file;
	u32 gain;
};

static ssize_t haptic_gain_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct haptic_priv *hp = dev_get_drvdata(dev);

	return sprintf(buf, "%u\n", hp->gain);
}

static ssize_t haptic_gain_store(struct device *dev, struct device_attribute *attr,
				 const char *buf, size_t count)
{
	struct haptic_priv *hp = dev_get_drvdata(dev);
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;
	u32 gain;

	if (kstrtou32(buf, 0, &gain))
		return -EINVAL;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(hp->effect_file, (const char __user *)&gain, sizeof(gain), &pos);
	if (ret == sizeof(gain)) {
		set_fs(old_fs);
		hp->gain = gain;
	} else {
		dev_err(dev, "gain update failed: %zd\n", ret);
		ret = -EIO;
	}
	return ret < 0 ? ret : count; /* expect: ds-leak */
}
static DEVICE_ATTR(gain, 0644, haptic_gain_show, haptic_gain_store);
