/* case: lock-release-unheld: a failed mutex_lock_interruptible() has not taken the mutex, but its error path jumps to the label that unlocks it (a classic error-ladder slip); the walk reads the failed acquire as "not taken" */
#include <linux/mutex.h>
#include <linux/fs.h>

struct ctl {
	struct mutex io_mutex;
	int busy;
};

static long ctl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ctl *c = file->private_data;
	long ret;

	ret = mutex_lock_interruptible(&c->io_mutex);
	if (ret)
		goto out_unlock;
	if (c->busy) {
		ret = -EBUSY;
		goto out_unlock;
	}
	c->busy = cmd;
	ret = 0;
out_unlock:
	mutex_unlock(&c->io_mutex); /* expect: lock-release-unheld */
	return ret;
}

static const struct file_operations ctl_fops = {
	.unlocked_ioctl = ctl_ioctl,
};
