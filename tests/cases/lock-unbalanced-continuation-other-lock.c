/* case: lock-unbalanced: releasing the caller's lock on one path (one step of a protocol across calls) excuses only that lock — the function's own, different lock is still leaked by the error return */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct cq_dev { struct mutex state_lock; struct mutex io_lock; int stopped; int pending; };
int cq_submit(struct cq_dev *d);

static int cq_kick(struct cq_dev *d, int last)
{
	int ret;

	if (last) {
		d->pending = 0;
		mutex_unlock(&d->state_lock);
		return 0;
	}
	mutex_lock(&d->io_lock);
	if (d->stopped)
		return -ENODEV; /* expect: lock-unbalanced */
	ret = cq_submit(d);
	mutex_unlock(&d->io_lock);
	return ret;
}

int cq_run(struct cq_dev *d)
{
	return cq_kick(d, 0);
}
