/* case: lock-unbalanced must not fire: per-channel locks taken in one loop and released by an unwinding loop (the walk cannot count the iterations); a name that says it locks (lock_all_channels()) */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct dma_chan_x {
	spinlock_t desc_lock;
	bool idle;
	int state;
};

struct dma_dev_x {
	struct dma_chan_x *chan[8];
};

int dma_suspend_late(struct dma_dev_x *d)
{
	struct dma_chan_x *c;
	int i;

	for (i = 0; i < 8; i++) {
		c = d->chan[i];
		spin_lock_bh(&c->desc_lock);
		if (!c->idle)
			goto out;
		c->state = 1;
		spin_unlock_bh(&c->desc_lock);
	}
	return 0;
out:
	for (; i >= 0; i--) {
		c = d->chan[i];
		c->state = 0;
		spin_unlock_bh(&c->desc_lock);
	}
	return -EBUSY;
}

void lock_all_channels(struct dma_dev_x *d, int n)
{
	if (n > 8)
		return;
	spin_lock(&d->chan[0]->desc_lock);
	if (n == 0) {
		spin_unlock(&d->chan[0]->desc_lock);
		return;
	}
}
