/* case: a control macro whose goto target is a macro parameter jumps to the
 * label the caller passes, not to a label that happens to share the
 * parameter's name.  xq_ioctl passes `out`, which returns with the mutex held
 * (must fire); xq_compat_ioctl passes `out_unlock` (silent).  xq_read calls
 * xqPUT, which jumps through xq_op_wrap to its caller's `e` (`done`, which
 * unlocks); its function also has a label named `err`, left over from an
 * older error path and reached by no goto, that returns with the mutex held:
 * the macro must not be read as jumping there (silent). */
#include <linux/fs.h>
#include <linux/mutex.h>
#include "inc/xq_err.h"

struct xq_dev {
	struct mutex lock;
	int val;
};

static int xq_apply(struct xq_dev *d, unsigned long arg);
static int xq_put(int x, int __user *p);

static long xq_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct xq_dev *d = file->private_data;
	int ret;

	mutex_lock(&d->lock);
	ret = xq_apply(d, arg);
	xqCHECK(ret < 0, out);
	mutex_unlock(&d->lock);
	return 0;
out:
	return ret; /* expect: lock-held-return */
}

static long xq_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct xq_dev *d = file->private_data;
	int ret;

	mutex_lock(&d->lock);
	ret = xq_apply(d, arg);
	xqCHECK(ret < 0, out_unlock);
	ret = 0;
out_unlock:
	mutex_unlock(&d->lock);
	return ret;
}

static ssize_t xq_read(struct file *file, char __user *buf, size_t len, loff_t *pos)
{
	struct xq_dev *d = file->private_data;
	int ret = 0;

	mutex_lock(&d->lock);
	xqPUT(d->val, (int __user *)buf, done);
	ret = sizeof(int);
done:
	mutex_unlock(&d->lock);
	return ret;
err:
	return -EIO;
}

static const struct file_operations xq_fops = {
	.unlocked_ioctl = xq_ioctl,
	.compat_ioctl = xq_compat_ioctl,
	.read = xq_read,
};
