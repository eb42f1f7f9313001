/* case: lock-held-return: an ioctl handler checks that the device is still
 * attached, takes its lock and checks again (the device may go away while
 * the handler waits for the lock), and that second check returns -ENODEV
 * with the mutex held.  The first test's outcome does not carry across the
 * acquire: the second return is a path the handler can take. */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct gadget_dev {
	struct mutex lock;
	void *port;
	int count;
};

static long gadget_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct gadget_dev *dev = f->private_data;
	int n;

	if (!dev->port)
		return -ENODEV;
	mutex_lock(&dev->lock);
	if (!dev->port)
		return -ENODEV; /* expect: lock-held-return */
	n = dev->count;
	mutex_unlock(&dev->lock);
	return put_user(n, (int __user *)arg);
}

static const struct file_operations gadget_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = gadget_ioctl,
};
