/* case: lock-unbalanced must not fire: the caller says with a flag whether to lock; the lock and the unlock are tested on the same flag, so no path takes one without the other */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct pll {
	struct mutex lock;
	unsigned long rate;
};

static int pll_set_rate(struct pll *p, unsigned long rate, bool lock)
{
	int ret = 0;

	if (lock)
		mutex_lock(&p->lock);
	if (rate > 1000000000UL) {
		ret = -ERANGE;
		goto out;
	}
	p->rate = rate;
out:
	if (lock)
		mutex_unlock(&p->lock);
	return ret;
}

int pll_reprogram(struct pll *p, unsigned long rate)
{
	return pll_set_rate(p, rate, true);
}
