/* the helper: takes dev->lock and returns with it held on every path */
#include <linux/mutex.h>

struct bar_dev {
	struct mutex lock;
	int ready;
	long value;
};

int bar_lock_dev(struct bar_dev *dev)
{
	mutex_lock(&dev->lock);
	if (!dev->ready)
		return -EAGAIN;
	return 0;
}
