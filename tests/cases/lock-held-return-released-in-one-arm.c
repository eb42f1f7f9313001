/* case: near misses of the shapes the token check settles: the lock released in the `if` arm and in an `else if` arm but not after the first arm, and released before a `break` out of a loop it was taken before (the loop that ends without the break returns with it). Neither may be settled from the tokens, and the parse finds both */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct one_dev {
	struct mutex m;
	int n, busy;
	void *p[8];
};

static struct one_dev one;

static long one_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct one_dev *d = &one;
	long ret = 0;

	mutex_lock(&d->m);
	if (cmd == 1) {
		d->busy = 1;
	} else if (d->n) {
		mutex_unlock(&d->m);
		ret = -EBUSY;
	} else {
		mutex_unlock(&d->m);
	}
	return ret; /* expect: lock-held-return */
}

static ssize_t one_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct one_dev *d = &one;
	int i;

	mutex_lock(&d->m);
	for (i = 0; i < 8; i++) {
		if (!d->p[i]) {
			mutex_unlock(&d->m);
			break;
		}
		d->n++;
	}
	return d->n; /* expect: lock-held-return */
}

static const struct file_operations one_fops = {
	.unlocked_ioctl = one_ioctl,
	.read = one_read,
};
