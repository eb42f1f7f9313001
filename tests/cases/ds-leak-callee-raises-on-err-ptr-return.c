/* case: helpers raise and return an error built as `-status(...)` or ERR_PTR(...) without
 * restoring, and restore before returning 0 or NULL; both are negative returns (as for the
 * pair rules), so a caller that hands the error back leaks on its error path only */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/uaccess.h>

static int fw_status(struct file *fp);

static int load_fw(const char *path)
{
	mm_segment_t fs = get_fs();
	struct file *fp;

	set_fs(KERNEL_DS);
	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		return -fw_status(fp); /* expect: ds-unbalanced */
	filp_close(fp, NULL);
	set_fs(fs);
	return 0;
}

static void *map_fw(const char *path)
{
	mm_segment_t fs = get_fs();
	struct file *fp;

	set_fs(KERNEL_DS);
	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		return ERR_PTR(-ENOENT); /* expect: ds-unbalanced */
	filp_close(fp, NULL);
	set_fs(fs);
	return NULL;
}

static ssize_t fw_store(struct device *dev, struct device_attribute *attr,
			const char *buf, size_t size)
{
	int ret = load_fw("/data/fw.bin");

	if (ret < 0)
		return ret; /* expect: ds-leak */
	return size;
}

static ssize_t fw2_store(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t size)
{
	long err = (long)map_fw("/data/fw2.bin");

	if (err < 0)
		return err; /* expect: ds-leak */
	return size;
}

static DEVICE_ATTR(fw, 0200, NULL, fw_store);
static DEVICE_ATTR(fw2, 0200, NULL, fw2_store);
