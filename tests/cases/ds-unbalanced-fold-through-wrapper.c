/* case: folding sees through what only hands a raise on, and a wrapper's
 * callers tell its limits apart as they would the loader's.  The firmware
 * loader leaves the limit raised when its buffer cannot be allocated: on
 * `return 0` only.  fw_fetch() returns its result (its exits go with the
 * loader's signs, so the ioctl's success return stays silent); fw_prime()
 * drops it (one merged exit, no finding of its own: folding looks behind
 * it).  fw_log() saves and restores around its own window: it neither
 * raises nor forgets which sign of the loader's result was which, so the
 * store handler's success return stays silent.  The reset handler calls
 * the loader twice on one path.  Every caller's finding is folded into the
 * loader's, which counts four entry points: the compat ioctl's two returns
 * are one of them (tests/fold.sh). */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/device.h>

static int fw_load(struct file *fp, char **out)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;
	char *buf;

	set_fs(KERNEL_DS);
	buf = kmalloc(4096, GFP_KERNEL);
	if (!buf)
		return 0; /* expect: ds-unbalanced */
	vfs_read(fp, (char __user *)buf, 4096, &pos);
	set_fs(old);
	*out = buf;
	return 4096;
}

static int fw_fetch(struct file *fp, char **out)
{
	return fw_load(fp, out); /* expect: ds-unbalanced */
}

static void fw_prime(struct file *fp)
{
	char *buf = NULL;

	fw_load(fp, &buf);
	kfree(buf);
}

static void fw_log(struct file *fp, const char *msg, size_t n)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	vfs_write(fp, (const char __user *)msg, n, &pos);
	set_fs(old);
}

static struct file *fw_file;

static long fw_ioctl(struct file *fp, unsigned int cmd, unsigned long arg)
{
	char *buf;

	if (fw_fetch(fp, &buf) <= 0)
		return -ENOMEM; /* expect: ds-leak */
	kfree(buf);
	return 0;
}

static long fw_compat_ioctl(struct file *fp, unsigned int cmd, unsigned long arg)
{
	fw_prime(fp);
	if (cmd == 1)
		return -EINVAL; /* expect: ds-leak */
	return 0; /* expect: ds-leak */
}

static ssize_t fw_store(struct device *dev, struct device_attribute *attr,
			const char *b, size_t n)
{
	char *buf;
	int len = fw_load(fw_file, &buf);

	fw_log(fw_file, "loaded", 6);
	if (len <= 0)
		return -ENOMEM; /* expect: ds-leak */
	kfree(buf);
	return n;
}

static ssize_t fw_reset_store(struct device *dev, struct device_attribute *attr,
			      const char *b, size_t n)
{
	char *one, *two;

	fw_load(fw_file, &one);
	fw_load(fw_file, &two);
	return n; /* expect: ds-leak */
}

static DEVICE_ATTR(fw, 0200, NULL, fw_store);
static DEVICE_ATTR(fw_reset, 0200, NULL, fw_reset_store);

static const struct file_operations fw_fops = {
	.unlocked_ioctl = fw_ioctl,
	.compat_ioctl = fw_compat_ioctl,
};
