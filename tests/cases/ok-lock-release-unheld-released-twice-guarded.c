/* case: lock-release-unheld must not fire: a second release after the first that a flag or the first release's own test decides (the walk does not follow flags), a release after the lock was taken again (directly or by a helper of the file), two locks of one rule released one after the other, a first release whose block ends in a statement macro or a call that does not come back (`RCV_SKB_FAIL(-EBUSY);`, a panic), and a last release of the caller's lock that other paths reach without having taken it here (btrfs_tree_read_unlock()) */
#include <linux/mutex.h>

struct dev {
	struct mutex a, b;
	int state;
};

int dev_read(struct dev *d);
void dev_panic(struct dev *d, const char *why);

#define DEV_FAIL(e) do { d->state = (e); return; } while (0)

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

void dev_macro_exit(struct dev *d, int pid)
{
	mutex_lock(&d->a);
	if (d->state != pid) {
		mutex_unlock(&d->a);
		DEV_FAIL(-EBUSY);
	}
	d->state = 0;
	mutex_unlock(&d->a);
}

void dev_panics(struct dev *d)
{
	mutex_lock(&d->a);
	if (d->state < 0) {
		mutex_unlock(&d->a);
		dev_panic(d, "negative state");
	}
	d->state--;
	mutex_unlock(&d->a);
}

/* called with d->a held; the nested case takes it once more */
void dev_read_unlock(struct dev *d)
{
	if (d->state > 1) {
		mutex_lock(&d->a);
		if (d->state > 1) {
			d->state = 1;
			mutex_unlock(&d->a);
			return;
		}
		mutex_unlock(&d->a);
	}
	d->state = 0;
	mutex_unlock(&d->a);
}
