/* case: the token check of locks (locktok.h) must not settle a conditional acquire: the
 * trylock's stretch is released only inside the branch that took it, and a return inside
 * that branch leaves the spinlock held; the twin takes the lock unconditionally */
#include <linux/fs.h>
#include <linux/spinlock.h>

struct tt_dev {
	spinlock_t lock;
	int val;
};

static long tt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tt_dev *d = file->private_data;

	if (spin_trylock(&d->lock)) {
		if (d->val < 0)
			return -EIO; /* expect: lock-held-return */
		d->val = (int)arg;
		spin_unlock(&d->lock);
	}
	return 0;
}

static ssize_t tt_write(struct file *file, const char __user *buf, size_t n, loff_t *pos)
{
	struct tt_dev *d = file->private_data;

	spin_lock(&d->lock);
	d->val = (int)n;
	spin_unlock(&d->lock);
	return n;
}

static const struct file_operations tt_fops = {
	.unlocked_ioctl = tt_ioctl,
	.write = tt_write,
};
