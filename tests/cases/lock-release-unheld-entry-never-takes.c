/* case: lock-release-unheld: a file_operations ->read handler unlocks a
 * mutex it takes nowhere (its mutex_lock() was commented out, the unlock of
 * an early-exit path left behind: dvb_dvr_read(), upstream fix eda9f7523b67
 * "core: fix potential mutex_unlock without mutex_lock in dvb_dvr_read").  A helper
 * may release its caller's lock; a handler called from user mode holds
 * nothing when it starts */
#include <linux/fs.h>
#include <linux/mutex.h>

struct dmxdev {
	struct mutex mutex;
	int exit;
};

ssize_t buffer_read(struct dmxdev *d, char __user *buf, size_t count);

static ssize_t dvr_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct dmxdev *dmxdev = file->private_data;

	if (dmxdev->exit) {
		mutex_unlock(&dmxdev->mutex); /* expect: lock-release-unheld */
		return -19;
	}
	return buffer_read(dmxdev, buf, count);
}

static ssize_t dvr_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	struct dmxdev *dmxdev = file->private_data;

	if (mutex_lock_interruptible(&dmxdev->mutex))
		return -512;
	if (dmxdev->exit) {
		mutex_unlock(&dmxdev->mutex);
		return -19;
	}
	mutex_unlock(&dmxdev->mutex);
	return count;
}

static const struct file_operations dvr_fops = {
	.read = dvr_read,
	.write = dvr_write,
};
