/* case: an interruptible acquire whose result is compared with -EINTR, the one value it returns when it fails (dt3155v4l's `if (mutex_lock_interruptible(&pd->mux) == -EINTR) return -ERESTARTSYS;`): the lock is held on the other edge only, released there; `!= -EINTR` the same way round: silent */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/semaphore.h>

struct dt_dev_demo {
	struct mutex mux;
	struct semaphore sem;
	int users;
};

static int dt_open_demo(struct inode *inode, struct file *filp)
{
	struct dt_dev_demo *pd = filp->private_data;

	if (mutex_lock_interruptible(&pd->mux) == -EINTR)
		return -ERESTARTSYS;
	pd->users++;
	mutex_unlock(&pd->mux);
	return 0;
}

static int dt_release_demo(struct inode *inode, struct file *filp)
{
	struct dt_dev_demo *pd = filp->private_data;

	if (-EINTR != down_interruptible(&pd->sem)) {
		pd->users--;
		up(&pd->sem);
	}
	return 0;
}

static const struct file_operations dt_fops_demo = {
	.open = dt_open_demo,
	.release = dt_release_demo,
};
