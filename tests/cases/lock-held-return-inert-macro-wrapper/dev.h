/* a header's macros that call their own __NAME(): dev_delay() does
 * nothing a lock rule sees (inert), dev_unlock() releases through a
 * static inline wrapper */
#include <linux/mutex.h>

struct dev {
	struct mutex m;
	int busy;
	long val;
};

static inline void __dev_unlock(struct dev *d)
{
	mutex_unlock(&d->m);
}

#define dev_delay(n) __dev_delay(n)
#define dev_unlock(d) __dev_unlock(d)
