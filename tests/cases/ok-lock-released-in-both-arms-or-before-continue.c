/* case: shapes the token check settles without a parse (locktok_rel.c), each one the pair walk finds balanced too: a lock released in both arms of an `if`, released before a `continue` or a `break` out of the loop it was taken in, and a body whose only lock call is in the comment above it. Must stay silent, with lock-unbalanced on; the same shapes parsed (--full) must agree (tests/relevance.sh runs --verify-token-locks over the lock cases) */
/* args: -Wlock-unbalanced */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct arms_dev {
	struct mutex m;
	spinlock_t l;
	int n, stop, k[8];
	void *p[8];
};

static struct arms_dev arms;

static long arms_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct arms_dev *d = &arms;
	long ret;

	mutex_lock(&d->m);
	if (d->n) {
		d->n = 0;
		mutex_unlock(&d->m);
		ret = -EBUSY;
	} else {
		ret = d->k[0];
		mutex_unlock(&d->m);
	}
	return ret;
}

static ssize_t arms_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct arms_dev *d = &arms;
	int i, found = 0;

	for (i = 0; i < 8; i++) {
		mutex_lock(&d->m);
		if (!d->p[i]) {
			mutex_unlock(&d->m);
			continue;
		}
		found++;
		mutex_unlock(&d->m);
	}
	while (found) {
		spin_lock(&d->l);
		if (d->stop) {
			spin_unlock(&d->l);
			break;
		}
		found--;
		spin_unlock(&d->l);
	}
	return found;
}

/*
 * Called with spin_lock(&d->l) held by the caller: LOCKING as libata
 * writes it in its comments.
 */
static int arms_count(struct arms_dev *d)
{
	return d->n + d->stop;
}

static ssize_t arms_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	struct arms_dev *d = &arms;
	int n;

	spin_lock(&d->l);
	n = arms_count(d);
	spin_unlock(&d->l);
	return n ? len : -EIO;
}

static const struct file_operations arms_fops = {
	.unlocked_ioctl = arms_ioctl,
	.read = arms_read,
	.write = arms_write,
};
