/* case: the edge where an interruptible acquire did not return -EINTR holds the lock: an open handler that compares the result with -EINTR and then returns on an error path without the unlock is reported there */
#include <linux/fs.h>
#include <linux/mutex.h>

struct dt_dev_demo2 {
	struct mutex mux;
	int users;
};

static int dt_open_leak_demo(struct inode *inode, struct file *filp)
{
	struct dt_dev_demo2 *pd = filp->private_data;

	if (mutex_lock_interruptible(&pd->mux) == -EINTR)
		return -ERESTARTSYS;
	if (pd->users > 4)
		return -EBUSY; /* expect: lock-held-return */
	pd->users++;
	mutex_unlock(&pd->mux);
	return 0;
}

static const struct file_operations dt_fops_demo2 = {
	.open = dt_open_leak_demo,
};
