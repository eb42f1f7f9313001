/* case: lock-release-unheld must not fire: a release of a lock the function never takes is its caller's (a helper that unlocks for its caller, one that drops the caller's lock to sleep and takes it back), whatever path reaches it */
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/delay.h>

struct q {
	struct mutex lock;
	spinlock_t slock;
	int busy, pending;
};

/* called with q->lock held; releases it */
static void q_finish(struct q *q, int err)
{
	if (err)
		goto out;
	q->busy = 0;
out:
	mutex_unlock(&q->lock);
}

/* called with q->slock held; drops it while it waits */
static int q_wait_idle(struct q *q)
{
	int tries = 5;

	if (!q->busy)
		goto out;
	while (q->busy && tries--) {
		spin_unlock(&q->slock);
		msleep(1);
		spin_lock(&q->slock);
	}
out:
	return q->busy ? -EBUSY : 0;
}

int q_run(struct q *q)
{
	int err;

	mutex_lock(&q->lock);
	spin_lock(&q->slock);
	err = q_wait_idle(q);
	spin_unlock(&q->slock);
	q_finish(q, err);
	return err;
}
