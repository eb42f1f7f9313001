/* case: lock-unbalanced: a local the path gave a value does not excuse an exit whose value is also returned where the lock was released — `ret` is 0 on the early unlocked return and 0 again on the return that forgets the unlock, so the caller cannot tell */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>

struct led_dev { struct mutex lock; int busy; int level; };
int led_hw_set(struct led_dev *d, int level);

static int led_update(struct led_dev *d, int level)
{
	int ret = 0;

	mutex_lock(&d->lock);
	if (d->level == level) {
		mutex_unlock(&d->lock);
		return ret;
	}
	if (d->busy)
		return ret; /* expect: lock-unbalanced */
	ret = led_hw_set(d, level);
	mutex_unlock(&d->lock);
	return ret;
}

int led_set(struct led_dev *d, int level)
{
	return led_update(d, level);
}
