/* case: lock-held-return: an ioctl takes the device semaphore with down_interruptible() and returns -EFAULT with it held; it gives it back with up() on its other paths, so the semaphore is a lock here */
#include <linux/fs.h>
#include <linux/semaphore.h>
#include <linux/uaccess.h>

struct ctl_dev {
	struct semaphore sem;
	u32 reg;
};

static long ctl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ctl_dev *cd = file->private_data;
	u32 v;

	if (down_interruptible(&cd->sem))
		return -ERESTARTSYS;
	if (copy_from_user(&v, (void __user *)arg, sizeof(v)))
		return -EFAULT; /* expect: lock-held-return */
	cd->reg = v;
	up(&cd->sem);
	return 0;
}

static const struct file_operations ctl_fops = {
	.unlocked_ioctl = ctl_ioctl,
};
