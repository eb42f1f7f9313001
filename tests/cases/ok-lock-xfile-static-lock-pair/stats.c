/* the helpers: stats_hold() takes this file's static stats_lock and returns with it held, stats_drop() releases it */
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(stats_lock);
static int stats_busy;

int stats_hold(void)
{
	spin_lock(&stats_lock);
	if (stats_busy)
		return -EBUSY;
	stats_busy = 1;
	return 0;
}

void stats_drop(void)
{
	stats_busy = 0;
	spin_unlock(&stats_lock);
}
