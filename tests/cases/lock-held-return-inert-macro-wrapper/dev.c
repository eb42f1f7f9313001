/* case: lock-held-return must fire: a body that names only an inert macro wrapper (dev_delay(), which calls its own __dev_delay()) still takes part through its own lock calls; the busy path returns holding the mutex, the balanced handler and the one released by the live wrapper stay silent */
#include <linux/fs.h>
#include "dev.h"

static long dev_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dev *d = file->private_data;
	long v;

	mutex_lock(&d->m);
	dev_delay(10);
	if (d->busy)
		return -EBUSY; /* expect: lock-held-return */
	v = d->val;
	mutex_unlock(&d->m);
	return v;
}

static ssize_t dev_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	struct dev *d = file->private_data;

	mutex_lock(&d->m);
	dev_delay(10);
	if (d->busy) {
		mutex_unlock(&d->m);
		return -EBUSY;
	}
	d->val++;
	mutex_unlock(&d->m);
	return 0;
}

static ssize_t dev_write(struct file *file, const char __user *buf, size_t n, loff_t *pos)
{
	struct dev *d = file->private_data;

	mutex_lock(&d->m);
	dev_delay(1);
	if (d->busy)
		goto out;
	d->val = 0;
out:
	dev_unlock(d);
	return n;
}

static const struct file_operations dev_fops = {
	.unlocked_ioctl = dev_ioctl,
	.read = dev_read,
	.write = dev_write,
};
