/* case: an ioctl handler (an entry point) that returns with its mutex held on one path and releases it on the others: lock-held-return reports that exit, lock-unbalanced does not report it a second time */
/* args: -Wlock-unbalanced */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

static DEFINE_MUTEX(led_lock);
static u32 led_state;

static long led_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	u32 v;

	mutex_lock(&led_lock);
	if (copy_from_user(&v, (void __user *)arg, sizeof(v)))
		return -EFAULT; /* expect: lock-held-return */
	led_state = v;
	mutex_unlock(&led_lock);
	return 0;
}

static const struct file_operations led_fops = {
	.unlocked_ioctl = led_ioctl,
};
