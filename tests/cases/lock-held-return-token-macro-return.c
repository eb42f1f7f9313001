/* case: the token check of locks (locktok.h) must not settle a body whose stretch calls a
 * statement macro that hides a return (tm_CHECK, a control macro of this file): the ioctl
 * returns through it with the rwsem held; the twin calls it before taking the lock (settled) */
#include <linux/fs.h>
#include <linux/rwsem.h>

#define tm_CHECK(x) \
	do { \
		if (!(x)) \
			return -EINVAL; \
	} while (0)

struct tm_dev {
	struct rw_semaphore sem;
	int val;
};

static long tm_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tm_dev *d = file->private_data;

	down_write(&d->sem);
	tm_CHECK(arg < 64); /* expect: lock-held-return */
	d->val = (int)arg;
	up_write(&d->sem);
	return 0;
}

static ssize_t tm_write(struct file *file, const char __user *buf, size_t n, loff_t *pos)
{
	struct tm_dev *d = file->private_data;

	tm_CHECK(n < 64);
	down_write(&d->sem);
	d->val = (int)n;
	up_write(&d->sem);
	return n;
}

static const struct file_operations tm_fops = {
	.unlocked_ioctl = tm_ioctl,
	.write = tm_write,
};
