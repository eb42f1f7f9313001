// SPDX-License-Identifier: GPL-2.0
/*
 * The returns of one function after one raise are one finding: a sysfs
 * store raises at the top and three early returns forget the restore (one
 * missing restore, listed as "same cause" notes under the first), and an
 * ioctl returns twice from one case with its mutex held.  A function that
 * raises twice, each raise with its own faulty return, keeps two findings;
 * so do two functions of the same shape.
 */
struct device;
struct device_attribute;
struct mutex { int v; };
struct stats { unsigned int n; };
struct aud { struct mutex lock; struct stats st; };
int kstrtoul(const char *s, unsigned int base, unsigned long *res);
int cal_read(int axis, unsigned char *v);
long cal_write(const char *path, const unsigned char *v, int n);

#define AUD_GET_STATS 0x4001

static ssize_t cal_store(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count)
{
	mm_segment_t old_fs = get_fs();
	unsigned long on;
	unsigned char v[2];

	set_fs(KERNEL_DS);
	if (kstrtoul(buf, 10, &on))
		return -EINVAL; /* expect: ds-leak */
	if (on != 1)
		return -EINVAL; /* expect: ds-leak */
	if (cal_read(0, &v[0]) < 0 || cal_read(1, &v[1]) < 0)
		return -EIO; /* expect: ds-leak */
	cal_write("/persist/cal", v, 2);
	set_fs(old_fs);
	return count;
}
static DEVICE_ATTR(cal, 0200, NULL, cal_store);

static ssize_t cal2_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	mm_segment_t old_fs = get_fs();
	unsigned char v[2];

	set_fs(KERNEL_DS);
	if (cal_read(0, &v[0]) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	cal_write("/persist/cal0", v, 1);
	set_fs(KERNEL_DS);
	if (cal_read(1, &v[1]) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return count;
}
static DEVICE_ATTR(cal2, 0200, NULL, cal2_store);

static ssize_t cal3_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	mm_segment_t old_fs = get_fs();
	unsigned char v;

	set_fs(KERNEL_DS);
	if (cal_read(2, &v) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return count;
}
static DEVICE_ATTR(cal3, 0200, NULL, cal3_store);

static long aud_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct aud *a = file->private_data;
	int rc = 0;

	mutex_lock(&a->lock);
	switch (cmd) {
	case AUD_GET_STATS:
		if (copy_to_user((void __user *)arg, &a->st, sizeof(a->st)))
			return -EFAULT; /* expect: lock-held-return */
		return 0; /* expect: lock-held-return */
	default:
		rc = -EINVAL;
	}
	mutex_unlock(&a->lock);
	return rc;
}
static const struct file_operations aud_fops = { .unlocked_ioctl = aud_ioctl };
