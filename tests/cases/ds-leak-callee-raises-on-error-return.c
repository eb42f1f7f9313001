/* case: a tuning loader raises and returns -1 raised on every error, restoring only before its
 * positive return; a store that tests "> 0" is fine, a store that ignores the result leaks */
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/uaccess.h>

static u8 tune_buf[512];

static int load_tuning(const char *path)
{
	struct file *fp;
	mm_segment_t fs;
	loff_t pos = 0;
	int n;

	fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		return -1; /* expect: ds-unbalanced */
	n = vfs_read(fp, (char __user *)tune_buf, sizeof(tune_buf), &pos);
	filp_close(fp, NULL);
	if (n <= 0)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(fs);
	return n;
}

static ssize_t tuning_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t size)
{
	if (load_tuning("/data/tune.bin") > 0)
		return size;
	return -EINVAL; /* expect: ds-leak */
}

static ssize_t tuning2_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t size)
{
	int ret = load_tuning("/data/tune2.bin");

	if (ret < 0)
		pr_err("tuning: load failed %d\n", ret);
	else
		pr_info("tuning: %d bytes\n", ret);
	if (ret >= 0)
		return size;
	return 0; /* expect: ds-leak */
}

static ssize_t tuning3_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t size)
{
	int ret;

	ret = load_tuning("/data/tune3.bin");
	if (ret < 0)
		return ret; /* expect: ds-leak */
	return size;
}

static DEVICE_ATTR(tuning, 0200, NULL, tuning_store);
static DEVICE_ATTR(tuning2, 0200, NULL, tuning2_store);
static DEVICE_ATTR(tuning3, 0200, NULL, tuning3_store);
