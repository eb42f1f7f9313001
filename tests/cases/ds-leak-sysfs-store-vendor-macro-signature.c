/* case: a GPU driver registers its attributes with its own macro from a header that is not scanned (gc_sysfs_attr_rw(x) pastes show_##x and store_##x into __ATTR); the store is still known by its signature: a struct device_attribute * second parameter is only ever called through the attribute */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include "gc_hal_kernel_sysfs.h"

static struct file *db_fp;

static ssize_t show_mem_stats(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "ok\n");
}

static ssize_t store_mem_stats(struct device *dev, struct device_attribute *attr,
			       const char *buf, size_t count)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(db_fp, (const char __user *)buf, count, &pos) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return count;
}

gc_sysfs_attr_rw(mem_stats);
