/* case: lock-held-return: refcount_dec_and_lock() takes the spinlock (its second argument) when the last user goes; the ioctl that drops a user returns -EBUSY on that path with the lock still held, where the other path returns without it */
#include <linux/fs.h>
#include <linux/refcount.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct chan {
	refcount_t users;
	int busy;
};

static struct chan the_chan;
static DEFINE_SPINLOCK(chan_lock);

static long chan_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct chan *c = &the_chan;

	if (refcount_dec_and_lock(&c->users, &chan_lock)) {
		if (c->busy)
			return -EBUSY; /* expect: lock-held-return */
		c->busy = 1;
		spin_unlock(&chan_lock);
	}
	return 0;
}

static const struct file_operations chan_fops = {
	.unlocked_ioctl = chan_ioctl,
};
