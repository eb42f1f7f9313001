/* case: bodies the token check of locks (locktok.h) settles: every acquire released on the same
 * object at the same depth with no way out in between (a loop with a break, a switch with its
 * cases, nested locks of two kinds, the RCU read lock, a block of its own); in a tree this file
 * is not parsed at all, and nothing may be reported either way */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

struct ts_dev {
	struct mutex lock;
	spinlock_t slock;
	int mode;
	int vals[4];
};

static long ts_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ts_dev *d = file->private_data;
	int i, found = -1;

	if (!d)
		return -ENODEV;
	mutex_lock(&d->lock);
	for (i = 0; i < 4; i++) {
		if (d->vals[i] == (int)arg) {
			found = i;
			break;
		}
	}
	switch (cmd) {
	case 1:
		d->mode = found;
		break;
	default:
		d->mode = 0;
		break;
	}
	spin_lock(&d->slock);
	d->vals[0] = found;
	spin_unlock(&d->slock);
	mutex_unlock(&d->lock);
	return found < 0 ? -ENOENT : 0;
}

static ssize_t ts_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	struct ts_dev *d = file->private_data;
	int m;

	rcu_read_lock();
	m = d->mode;
	rcu_read_unlock();
	if (m) {
		unsigned long flags;

		spin_lock_irqsave(&d->slock, flags);
		d->mode = 0;
		spin_unlock_irqrestore(&d->slock, flags);
	}
	return m;
}

static const struct file_operations ts_fops = {
	.unlocked_ioctl = ts_ioctl,
	.read = ts_read,
};
