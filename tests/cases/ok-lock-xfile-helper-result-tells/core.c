/* case: twin of lock-held-return-xfile-helper-error-path: foo_prepare(), in another file, drops dev->lock before it returns an error, so its result tells whether it holds the lock; the ioctl tests it (`if (ret) return ret;`) and unlocks on the other path */
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
		return ret;
	dev->value = arg;
	mutex_unlock(&dev->lock);
	return 0;
}

static const struct file_operations foo_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = foo_ioctl,
};
