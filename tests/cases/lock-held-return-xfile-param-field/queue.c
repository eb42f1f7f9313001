/* the helper: takes q->lock (its parameter's field) and returns with it held when the queue is full, without when it is empty */
#include <linux/mutex.h>

struct xq {
	struct mutex lock;
	int len, max;
};

int xq_reserve(struct xq *q)
{
	mutex_lock(&q->lock);
	if (q->len >= q->max)
		return -ENOSPC;
	q->len++;
	return 0;
}
