/* case: file-scope attribute macros with no ';' whose argument is a name with a pasted suffix (`FW_ATTR(rev1, REV.1)`) used to stay as written; `REV .1` is no expression and the grammar lost the whole file (0% understood, skipped), hiding the ioctl handler below that keeps its mutex on an error return */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

static ssize_t fw_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", attr->attr.name);
}

#define FW_ATTR(_var, _name)					\
	static struct device_attribute dev_attr_##_var =	\
		__ATTR(_name, 0444, fw_show, NULL);

FW_ATTR(rev0, REV.0)
FW_ATTR(rev1, REV.1)
FW_ATTR(boot, BOOT)
FW_ATTR(slot2, SLOT.2)

static struct attribute *fw_attrs[] = {
	&dev_attr_rev0.attr,
	&dev_attr_rev1.attr,
	&dev_attr_boot.attr,
	&dev_attr_slot2.attr,
	NULL
};

static DEFINE_MUTEX(fw_lock);
static int fw_mode;

static long fw_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	int v;

	mutex_lock(&fw_lock);
	if (get_user(v, (int __user *)arg))
		return -EFAULT; /* expect: lock-held-return */
	fw_mode = v;
	mutex_unlock(&fw_lock);
	return fw_attrs[0] ? 0 : -ENODEV;
}

static const struct file_operations fw_fops = {
	.unlocked_ioctl = fw_ioctl,
};
