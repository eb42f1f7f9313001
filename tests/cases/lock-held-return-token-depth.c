/* case: the token check of locks (locktok.h) must not settle a release at another block depth
 * than its acquire: the mutex is released only under a test, and the path that skips the test
 * returns with it held; the twin releases at the depth it took the lock */
#include <linux/fs.h>
#include <linux/mutex.h>

struct td_dev {
	struct mutex lock;
	int busy;
};

static long td_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct td_dev *d = file->private_data;

	mutex_lock(&d->lock);
	d->busy = (int)arg;
	if (arg) {
		mutex_unlock(&d->lock);
	}
	return 0; /* expect: lock-held-return */
}

static ssize_t td_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	struct td_dev *d = file->private_data;
	int b;

	if (n) {
		mutex_lock(&d->lock);
		b = d->busy;
		mutex_unlock(&d->lock);
		return b;
	}
	return 0;
}

static const struct file_operations td_fops = {
	.unlocked_ioctl = td_ioctl,
	.read = td_read,
};
