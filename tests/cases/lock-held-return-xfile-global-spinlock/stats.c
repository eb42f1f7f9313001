/* the helper: takes the extern global stats_lock and returns with it held, -EBUSY included */
#include <linux/spinlock.h>

DEFINE_SPINLOCK(stats_lock);
int stats_busy;

int stats_begin(void)
{
	spin_lock(&stats_lock);
	if (stats_busy)
		return -EBUSY;
	stats_busy = 1;
	return 0;
}
