/* case: lock-release-unheld must not fire: functions annotated __releases() or __must_hold() run with the caller's lock on some paths, so a release on a path that did not take it is their contract */
#include <linux/spinlock.h>

struct chan {
	spinlock_t lock;
	int state;
	bool irq_locked;
};

/* releases the lock; takes it first when the caller did not */
static void chan_stop(struct chan *c, bool locked)
	__releases(&c->lock)
{
	if (locked)
		goto drop;
	spin_lock(&c->lock);
	c->state = 0;
drop:
	spin_unlock(&c->lock);
}

static int chan_kick(struct chan *c)
	__must_hold(&c->lock)
{
	int ret = 0;

	if (c->state)
		goto out;
	spin_lock(&c->lock);
	c->state = 1;
out:
	spin_unlock(&c->lock);
	return ret;
}

void chan_reset(struct chan *c)
{
	spin_lock(&c->lock);
	chan_kick(c);
	chan_stop(c, false);
}
