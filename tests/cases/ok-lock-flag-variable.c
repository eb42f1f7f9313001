/* case: a flag variable remembers whether the rwsem is still held (`attach_locked = true` ... `attach_locked = false` after an early up_read) and the exit releases under `if (attach_locked)` (drivers/comedi/comedi_fops.c comedi_write) */
#include <linux/fs.h>
#include <linux/rwsem.h>

static ssize_t cdev_write(struct file *file, const char __user *buf, size_t nbytes, loff_t *off)
{
	struct cdev_dev *dev = file->private_data;
	bool attach_locked;
	ssize_t count = 0;
	int retval = 0;

	down_read(&dev->attach_lock);
	attach_locked = true;
	if (!dev->attached) {
		retval = -ENODEV;
		goto out;
	}
	while (count < nbytes) {
		if (need_wait(dev)) {
			up_read(&dev->attach_lock);
			attach_locked = false;
			retval = wait_for_room(dev);
			break;
		}
		count += push_bytes(dev, buf + count, nbytes - count);
	}
out:
	if (attach_locked)
		up_read(&dev->attach_lock);
	return count ? count : retval;
}

static const struct file_operations cdev_fops = {
	.write = cdev_write,
};
