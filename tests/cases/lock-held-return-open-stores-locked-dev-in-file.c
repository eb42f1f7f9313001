/* case: an ->open locks the device, stores it into the file's
 * private_data and returns with the mutex still held on the path that
 * skips the error branch (usb-skeleton's skel_open() before its fix).
 * Storing the locked object into a field of the caller's object (a
 * parameter's) hands nothing over: the file is the caller's, the lock
 * reaches user mode.  (Storing it into an object the function made and
 * hands on does: lock-held-return-object-handed-over.c.) */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/usb.h>

struct toy_skel {
	struct mutex io_mutex;
	int open_count;
	struct usb_interface *interface;
};

struct toy_skel *toy_find(int minor);

static int toy_open(struct inode *inode, struct file *file)
{
	struct toy_skel *dev = toy_find(iminor(inode));
	int retval = 0;

	if (!dev)
		return -ENODEV;
	mutex_lock(&dev->io_mutex);
	if (!dev->open_count++) {
		retval = usb_autopm_get_interface(dev->interface);
		if (retval) {
			dev->open_count--;
			mutex_unlock(&dev->io_mutex);
			return retval;
		}
	}
	file->private_data = dev;
	return retval; /* expect: lock-held-return */
}

static const struct file_operations toy_fops = {
	.open = toy_open,
};
