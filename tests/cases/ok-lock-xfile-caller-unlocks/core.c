/* case: bar_lock_dev(), in another file, returns with dev->lock held by contract; the ioctl here unlocks on every path, the error path too: nothing is left held */
#include <linux/fs.h>
#include <linux/mutex.h>

struct bar_dev {
	struct mutex lock;
	int ready;
	long value;
};

int bar_lock_dev(struct bar_dev *dev);

static long bar_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct bar_dev *dev = file->private_data;
	int ret;

	ret = bar_lock_dev(dev);
	if (ret) {
		mutex_unlock(&dev->lock);
		return ret;
	}
	dev->value = arg;
	mutex_unlock(&dev->lock);
	return 0;
}

static const struct file_operations bar_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = bar_ioctl,
};
