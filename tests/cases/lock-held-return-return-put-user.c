/* case: a watchdog ioctl returns put_user()'s result straight from a case of its switch while the device mutex is held (drivers/watchdog/ts72xx_wdt.c in a vendor 3.4 tree); the other cases break to the unlock */
#include <linux/fs.h>
#include <linux/watchdog.h>

static long ts_wdt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct ts_wdt *wdt = file->private_data;
	void __user *argp = (void __user *)arg;
	int __user *p = argp;
	int error = 0;

	if (mutex_lock_interruptible(&wdt->lock))
		return -ERESTARTSYS;

	switch (cmd) {
	case WDIOC_GETSUPPORT:
		error = copy_to_user(argp, &winfo, sizeof(winfo));
		break;
	case WDIOC_GETSTATUS:
	case WDIOC_GETBOOTSTATUS:
		return put_user(0, p); /* expect: lock-held-return */
	case WDIOC_KEEPALIVE:
		ts_wdt_kick(wdt);
		break;
	default:
		error = -ENOTTY;
		break;
	}
	mutex_unlock(&wdt->lock);
	return error;
}

static const struct file_operations ts_wdt_fops = {
	.unlocked_ioctl = ts_wdt_ioctl,
};
