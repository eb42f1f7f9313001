/* case: foo_prepare(), in another file, takes dev->lock and returns -ENODEV with it still held when the device is not ready; the ioctl here returns that error as it is, so it returns to user mode with the mutex held (the helper's summary crosses files) */
#include <linux/fs.h>
#include <linux/mutex.h>

struct foo_dev {
	struct mutex lock;
	int ready;
	long value;
};

int foo_prepare(struct foo_dev *dev);

static long foo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct foo_dev *dev = file->private_data;
	int ret;

	ret = foo_prepare(dev);
	if (ret)
		return ret; /* expect: lock-held-return */
	dev->value = arg;
	mutex_unlock(&dev->lock);
	return 0;
}

static const struct file_operations foo_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = foo_ioctl,
};
