/* case: a helper with a store-like name and buffer but no struct device_attribute * parameter, called by the driver itself, is not an entry point */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static struct file *db_fp;

static ssize_t store_mem_stats(struct device *dev, const char *buf, size_t count)
{
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(db_fp, (const char __user *)buf, count, &pos) < 0)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return count;
}

void gc_dump_stats(struct device *dev)
{
	store_mem_stats(dev, "database", 8);
}
