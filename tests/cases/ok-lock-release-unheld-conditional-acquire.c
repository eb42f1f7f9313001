/* case: lock-release-unheld must not fire: a failed trylock or _interruptible acquire is "not taken", and code that leaves on that path before the unlock label (or keeps the result in a flag and tests it) releases only what it took */
#include <linux/mutex.h>
#include <linux/spinlock.h>

struct dev {
	struct mutex lock;
	spinlock_t slock;
	int state;
};

int dev_try_update(struct dev *d, int v)
{
	int ret = 0;

	if (!mutex_trylock(&d->lock))
		return -EBUSY;
	if (v < 0) {
		ret = -EINVAL;
		goto out_unlock;
	}
	d->state = v;
out_unlock:
	mutex_unlock(&d->lock);
	return ret;
}

int dev_wait_update(struct dev *d, int v)
{
	int ret;

	ret = mutex_lock_interruptible(&d->lock);
	if (ret)
		goto out;
	if (v < 0) {
		ret = -EINVAL;
		goto out_unlock;
	}
	d->state = v;
out_unlock:
	mutex_unlock(&d->lock);
out:
	return ret;
}

void dev_poll(struct dev *d)
{
	int locked = spin_trylock(&d->slock);

	if (!locked)
		goto out;
	d->state++;
	spin_unlock(&d->slock);
out:
	return;
}
