/* case: raise and restore sit in two separate `#if LINUX_VERSION_CODE < KERNEL_VERSION(5,10,0)` blocks of a sysfs store */
#include <linux/version.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

struct memdump {
	struct file *out;
	void *base;
	size_t size;
	loff_t pos;
};

static ssize_t dump_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct memdump *md = dev_get_drvdata(dev);
#if LINUX_VERSION_CODE < KERNEL_VERSION(5,10,0)
	mm_segment_t fs;
#endif
	ssize_t n;

	if (!md->out)
		return -ENODEV;

#if LINUX_VERSION_CODE < KERNEL_VERSION(5,10,0)
	fs = get_fs();
	set_fs(KERNEL_DS);
#endif
	n = vfs_write(md->out, (const char __user *)md->base, md->size, &md->pos);
#if LINUX_VERSION_CODE < KERNEL_VERSION(5,10,0)
	set_fs(fs);
#endif

	if (n != md->size)
		dev_warn(dev, "short dump: %zd of %zu\n", n, md->size);
	return count;
}
static DEVICE_ATTR_WO(dump);
