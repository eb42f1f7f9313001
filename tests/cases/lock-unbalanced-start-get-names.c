/* case: lock-unbalanced: a name ending in _start (a device's start op) or _get (a lookup that takes a reference) does not say the function hands a lock to its caller: an early return inside the lock is a missed unlock */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/rcupdate.h>

struct radio {
	struct mutex mutex;
	int state;
	void *sta;
};

int radio_wakeup(struct radio *w);
void *sta_lookup(struct radio *w, int id);
unsigned int sta_metric(void *sta);

static int radio_op_start(struct radio *w)
{
	int ret = 0;

	mutex_lock(&w->mutex);
	if (w->state) {
		ret = -EBUSY;
		goto out;
	}
	ret = radio_wakeup(w);
	if (ret < 0)
		return ret; /* expect: lock-unbalanced */
	w->state = 1;
out:
	mutex_unlock(&w->mutex);
	return ret;
}

static unsigned int route_metric_get(struct radio *w, int id)
{
	void *sta;
	unsigned int m;

	rcu_read_lock();
	sta = sta_lookup(w, id);
	if (!sta)
		return 0; /* expect: lock-unbalanced */
	m = sta_metric(sta);
	rcu_read_unlock();
	return m;
}

int radio_start_all(struct radio *w)
{
	return radio_op_start(w) + route_metric_get(w, 0);
}
