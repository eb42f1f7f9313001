/* case: the token check of locks (locktok.h) must not settle a body with a goto between the
 * acquire and the release: the ioctl jumps past the mutex_unlock to a label that returns with
 * the mutex held; the twin read handler's stretch is a straight line and is settled */
#include <linux/fs.h>
#include <linux/mutex.h>

struct tk_dev {
	struct mutex lock;
	int val;
};

static long tk_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tk_dev *d = file->private_data;
	int ret = 0;

	mutex_lock(&d->lock);
	if (arg > 16) {
		ret = -EINVAL;
		goto out;
	}
	d->val = (int)arg;
	mutex_unlock(&d->lock);
out:
	return ret; /* expect: lock-held-return */
}

static ssize_t tk_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	struct tk_dev *d = file->private_data;
	int v;

	mutex_lock(&d->lock);
	v = d->val;
	mutex_unlock(&d->lock);
	return v;
}

static const struct file_operations tk_fops = {
	.unlocked_ioctl = tk_ioctl,
	.read = tk_read,
};
