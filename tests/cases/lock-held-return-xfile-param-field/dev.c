/* case: xq_reserve(&dev->q), in another file, takes $0->lock = dev->q.lock in the caller's terms and returns -ENOSPC with it held; the write handler returns that error with the mutex held */
#include <linux/fs.h>
#include <linux/mutex.h>

struct xq {
	struct mutex lock;
	int len, max;
};

struct xdev {
	struct xq q;
};

int xq_reserve(struct xq *q);

static ssize_t xdev_write(struct file *file, const char __user *buf, size_t len, loff_t *off)
{
	struct xdev *dev = file->private_data;
	int ret = xq_reserve(&dev->q);

	if (ret)
		return ret; /* expect: lock-held-return */
	mutex_unlock(&dev->q.lock);
	return len;
}

static const struct file_operations xdev_fops = {
	.write = xdev_write,
};
