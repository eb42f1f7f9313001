#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct gpio_dev {
	struct mutex lock;
	u32 mask;
};

static long gpio_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct gpio_dev *gd = file->private_data;
	u32 mask;

	if (mutex_lock_interruptible(&gd->lock))
		return -ERESTARTSYS;
	if (copy_from_user(&mask, (void __user *)arg, sizeof(mask)))
		return -EFAULT;
	gd->mask = mask;
	mutex_unlock(&gd->lock);
	return 0;
}

static const struct file_operations gpio_fops = {
	.unlocked_ioctl = gpio_ioctl,
};
