/* case: one finding per root cause.  A calibration loader leaves the limit
 * raised on its error path; a middle helper that calls it does nothing
 * wrong itself, and two ioctls reach it.  The loader's return is reported
 * once (an error: entry points return to user mode through it) with the
 * middle helper and the two ioctls listed as "reached from here" notes.
 * A setter whose job is to raise is not a root cause: the ioctl that
 * forgets to restore after it is.  A caller that raises by itself as well
 * keeps its own finding. */
#include <linux/fs.h>
#include <linux/uaccess.h>

static char cal[64];

static int cal_load(struct file *fp)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	if (vfs_read(fp, (char __user *)cal, sizeof(cal), &pos) != sizeof(cal))
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old);
	return 0;
}

static int cal_refresh(struct file *fp)
{
	int ret = cal_load(fp);

	if (ret)
		return ret; /* expect: ds-unbalanced */
	return 0;
}

static long cal_ioctl(struct file *fp, unsigned int cmd, unsigned long arg)
{
	if (cal_refresh(fp))
		return -EIO; /* expect: ds-leak */
	return 0;
}

static long cal_compat_ioctl(struct file *fp, unsigned int cmd, unsigned long arg)
{
	return cal_refresh(fp); /* expect: ds-leak */
}

static mm_segment_t saved_fs;

static void kio_begin(void)
{
	saved_fs = get_fs();
	set_fs(KERNEL_DS);
}

static void kio_end(void)
{
	set_fs(saved_fs);
}

static ssize_t cal_read(struct file *fp, char __user *buf, size_t n, loff_t *off)
{
	loff_t pos = 0;

	kio_begin();
	if (vfs_read(fp, (char __user *)cal, sizeof(cal), &pos) < 0)
		return -EIO; /* expect: ds-leak */
	kio_end();
	return 0;
}

static ssize_t cal_write(struct file *fp, const char __user *buf, size_t n, loff_t *off)
{
	mm_segment_t old = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = cal_load(fp);
	if (ret)
		return ret; /* expect: ds-leak */
	set_fs(old);
	return n;
}

static const struct file_operations cal_fops = {
	.unlocked_ioctl = cal_ioctl,
	.compat_ioctl = cal_compat_ioctl,
	.read = cal_read,
	.write = cal_write,
};
