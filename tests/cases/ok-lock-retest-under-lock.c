/* case: twin of lock-unbalanced-retest-under-lock.c: the test made again
 * under the lock unlocks before it returns; and a lock taken only when a
 * field says so is released under the same test of that field (taking the
 * lock forgets earlier tests through a pointer, but not the test the
 * acquire sits in: it was taken because of it). */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>
#include <linux/mutex.h>

struct oops_ctx {
	int ready;
	spinlock_t count_lock;
	size_t count;
};

struct port {
	int shared;
	struct mutex lock;
	int users;
};

void oops_add(struct oops_ctx *cx, unsigned int n)
{
	unsigned long flags;

	if (!cx->ready)
		return;
	spin_lock_irqsave(&cx->count_lock, flags);
	if (!cx->ready) {
		spin_unlock_irqrestore(&cx->count_lock, flags);
		return;
	}
	cx->count += n;
	spin_unlock_irqrestore(&cx->count_lock, flags);
}

int port_get(struct port *p)
{
	if (p->shared)
		mutex_lock(&p->lock);
	p->users++;
	if (p->shared)
		mutex_unlock(&p->lock);
	return 0;
}

int port_put(struct port *p)
{
	if (p->shared) {
		mutex_lock(&p->lock);
		p->users--;
	}
	if (p->shared)
		mutex_unlock(&p->lock);
	return 0;
}

/* the same in a handler that returns to user space */
#include <linux/fs.h>

static long port_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct port *p = f->private_data;

	if (p->shared)
		mutex_lock(&p->lock);
	p->users += cmd;
	if (p->shared)
		mutex_unlock(&p->lock);
	return 0;
}

static const struct file_operations port_fops = {
	.unlocked_ioctl = port_ioctl,
};
