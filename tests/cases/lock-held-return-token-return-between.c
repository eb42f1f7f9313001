/* case: the token check of locks (locktok.h) must not settle a return between the acquire and
 * the release, here inside a loop the lock was taken outside of (a break inside the loop stays
 * in the stretch and is settled in the twin) */
#include <linux/fs.h>
#include <linux/spinlock.h>

struct tr_dev {
	spinlock_t lock;
	int slots[8];
};

static long tr_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tr_dev *d = file->private_data;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&d->lock, flags);
	for (i = 0; i < 8; i++) {
		if (d->slots[i] == (int)arg)
			return i; /* expect: lock-held-return */
	}
	spin_unlock_irqrestore(&d->lock, flags);
	return -ENOENT;
}

static ssize_t tr_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	struct tr_dev *d = file->private_data;
	unsigned long flags;
	int i;

	spin_lock_irqsave(&d->lock, flags);
	for (i = 0; i < 8; i++) {
		if (d->slots[i] == (int)n)
			break;
	}
	spin_unlock_irqrestore(&d->lock, flags);
	return i;
}

static const struct file_operations tr_fops = {
	.unlocked_ioctl = tr_ioctl,
	.read = tr_read,
};
