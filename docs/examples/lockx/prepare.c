/* the helper: returns with dev->lock held on every path, the error path too */
#include <linux/mutex.h>

struct foo_dev {
	struct mutex lock;
	int ready;
	long value;
};

int foo_prepare(struct foo_dev *dev)
{
	mutex_lock(&dev->lock);
	if (!dev->ready)
		return -ENODEV;
	dev->value = 0;
	return 0;
}
