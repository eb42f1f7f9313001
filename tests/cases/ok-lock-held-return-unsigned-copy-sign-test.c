/* case: copy_from_user() returns unsigned long (the bytes not copied), so a
 * test of it for `< 0` is never true: `if (err = copy_from_user(...) < 0)`
 * (`<` binds first: err is the test) and `n = copy_to_user(...); if (n < 0)`
 * never take their early return, which would keep the mutex
 * (telechips qb_common.c) */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

static DEFINE_MUTEX(demo_mutex);

static ssize_t demo_write(struct file *filp, const char __user *ubuf, size_t count, loff_t *offp)
{
	char *buff;
	int err;

	mutex_lock(&demo_mutex);
	buff = kmalloc(count, GFP_KERNEL);
	if (err = copy_from_user(buff, ubuf, count) < 0)
		return err;
	kfree(buff);
	mutex_unlock(&demo_mutex);
	return count;
}

static ssize_t demo_read(struct file *filp, char __user *ubuf, size_t count, loff_t *offp)
{
	static char msg[16] = "hello";
	long n;

	mutex_lock(&demo_mutex);
	n = copy_to_user(ubuf, msg, count < sizeof(msg) ? count : sizeof(msg));
	if (n < 0)
		return n;
	mutex_unlock(&demo_mutex);
	return count;
}

static const struct file_operations demo_fops = {
	.write = demo_write,
	.read = demo_read,
};
