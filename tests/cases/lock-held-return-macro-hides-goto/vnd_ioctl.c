/* case: an ioctl handler in file_operations takes the mutex; vndONERROR (inc/vnd_os.h) hides a
 * goto OnError that skips the mutex_unlock, and OnError returns with the mutex held; the twin
 * handler's OnError unlocks first.  vndVERIFY (this file) hides a return: the read handler
 * returns through it with the mutex held, its twin only before taking it (this file: the driver) */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include "inc/vnd_os.h"

#define vndVERIFY(expr) \
	do { \
		if (!(expr)) \
			return -EINVAL; \
	} while (0)

struct vnd_dev {
	struct mutex lock;
	int state;
};

static int vnd_commit(struct vnd_dev *vd, unsigned long arg);

static long vnd_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct vnd_dev *vd = file->private_data;
	int status;

	mutex_lock(&vd->lock);
	vndONERROR(vnd_commit(vd, arg));
	mutex_unlock(&vd->lock);
	return 0;

OnError:
	return status; /* expect: lock-held-return */
}

static long vnd_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct vnd_dev *vd = file->private_data;
	int status;

	mutex_lock(&vd->lock);
	vndONERROR(vnd_commit(vd, arg));
	mutex_unlock(&vd->lock);
	return 0;

OnError:
	mutex_unlock(&vd->lock);
	return status;
}

static ssize_t vnd_read(struct file *file, char __user *buf, size_t len, loff_t *pos)
{
	struct vnd_dev *vd = file->private_data;

	mutex_lock(&vd->lock);
	vndVERIFY(vd->state > 0); /* expect: lock-held-return */
	vd->state--;
	mutex_unlock(&vd->lock);
	return 0;
}

static ssize_t vnd_write(struct file *file, const char __user *buf, size_t len, loff_t *pos)
{
	struct vnd_dev *vd = file->private_data;

	vndVERIFY(len > 0);
	mutex_lock(&vd->lock);
	vd->state++;
	mutex_unlock(&vd->lock);
	return len;
}

static const struct file_operations vnd_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = vnd_ioctl,
	.compat_ioctl = vnd_compat_ioctl,
	.read = vnd_read,
	.write = vnd_write,
};
