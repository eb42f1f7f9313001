/* case: a test of copy_from_user()'s result for non-zero is a path (it
 * returns the bytes it could not copy): returning there keeps the mutex */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

static DEFINE_MUTEX(cfg_mutex);
static char cfg[64];

static ssize_t cfg_write(struct file *filp, const char __user *ubuf, size_t count, loff_t *offp)
{
	unsigned long left;

	mutex_lock(&cfg_mutex);
	if (count > sizeof(cfg))
		count = sizeof(cfg);
	if ((left = copy_from_user(cfg, ubuf, count)) != 0)
		return -EFAULT; /* expect: lock-held-return */
	mutex_unlock(&cfg_mutex);
	return count;
}

static const struct file_operations cfg_fops = { .write = cfg_write };
