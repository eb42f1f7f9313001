/* the helper: returns 0 with dev->lock held, an error without it */
#include <linux/mutex.h>

struct foo_dev {
	struct mutex lock;
	int ready;
	long value;
};

int foo_prepare(struct foo_dev *dev)
{
	mutex_lock(&dev->lock);
	if (!dev->ready) {
		mutex_unlock(&dev->lock);
		return -ENODEV;
	}
	dev->value = 0;
	return 0;
}
