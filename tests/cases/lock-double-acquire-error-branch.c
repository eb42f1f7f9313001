/* case: lock-double-acquire: an error branch takes the spinlock that the function (through its locking helper of the same file) already holds, instead of releasing it; and a read hold of an rw_semaphore "upgraded" with down_write(), which waits for the reader that is the task itself */
#include <linux/spinlock.h>
#include <linux/rwsem.h>

struct ring {
	spinlock_t lock;
	struct rw_semaphore resize_sem;
	unsigned int head, tail, size;
	int err;
};

static void ring_lock(struct ring *r)
{
	spin_lock(&r->lock);
}

int ring_push(struct ring *r, unsigned int n)
{
	ring_lock(r);
	if (r->head + n > r->size) {
		spin_lock(&r->lock); /* expect: lock-double-acquire */
		r->err = -ENOSPC;
		spin_unlock(&r->lock);
		return -ENOSPC;
	}
	r->head += n;
	spin_unlock(&r->lock);
	return 0;
}

int ring_grow(struct ring *r, unsigned int size)
{
	down_read(&r->resize_sem);
	if (r->size >= size) {
		up_read(&r->resize_sem);
		return 0;
	}
	down_write(&r->resize_sem); /* expect: lock-double-acquire */
	r->size = size;
	up_write(&r->resize_sem);
	up_read(&r->resize_sem);
	return 0;
}
