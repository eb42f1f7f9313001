/* case: lock-release-unheld must not fire: a second release after the first that a flag or the first release's own test decides (the walk does not follow flags), a release after the lock was taken again (directly or by a helper of the file), and two locks of one rule released one after the other */
#include <linux/mutex.h>

struct dev {
	struct mutex a, b;
	int state;
};

int dev_read(struct dev *d);

static void dev_relock(struct dev *d)
{
	mutex_lock(&d->a);
}

void dev_flagged(struct dev *d)
{
	bool locked;

	mutex_lock(&d->a);
	locked = true;
	if (dev_read(d)) {
		mutex_unlock(&d->a);
		locked = false;
	}
	d->state = 1;
	if (locked)
		mutex_unlock(&d->a);
}

void dev_retaken(struct dev *d)
{
	mutex_lock(&d->a);
	if (dev_read(d)) {
		mutex_unlock(&d->a);
		d->state = 0;
		mutex_lock(&d->a);
	}
	mutex_unlock(&d->a);
}

void dev_retaken_by_helper(struct dev *d)
{
	mutex_lock(&d->a);
	if (dev_read(d)) {
		mutex_unlock(&d->a);
		d->state = 0;
		dev_relock(d);
	}
	mutex_unlock(&d->a);
}

void dev_two(struct dev *d)
{
	mutex_lock(&d->a);
	mutex_lock(&d->b);
	d->state = 2;
	mutex_unlock(&d->b);
	mutex_unlock(&d->a);
}
