/* case: a counter bumped under its lock with a debug print in a conditional group inside the stretch: whichever arm is compiled, the group does nothing to the lock, so the token check settles the body and the file is not parsed; nothing to report */
#include <linux/spinlock.h>
#include <linux/printk.h>

struct ctr {
	spinlock_t lock;
	unsigned long n;
};

unsigned long ctr_bump(struct ctr *c)
{
	unsigned long n;

	spin_lock(&c->lock);
	n = ++c->n;
#ifdef CTR_DEBUG
	pr_debug("ctr %lu\n", n);
#else
	(void)0;
#endif
	spin_unlock(&c->lock);
	return n;
}
