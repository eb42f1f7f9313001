/* case: a firmware dump raises, opens a file, and restores under "if (fp)" after an IS_ERR
 * check: filp_open never returns NULL, so the restore is on every path that raised */
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/uaccess.h>

static ssize_t fwdump_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open("/data/fwdump.bin", O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp)) {
		set_fs(old_fs);
		return PTR_ERR(fp);
	}
	vfs_write(fp, (const char __user *)buf, count, &pos);
	if (fp) {
		filp_close(fp, NULL);
		set_fs(old_fs);
	}
	return count;
}

static DEVICE_ATTR(fwdump, 0200, NULL, fwdump_store);
