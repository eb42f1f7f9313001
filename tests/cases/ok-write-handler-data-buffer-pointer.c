/* case: the pcm_oss shape: a ->write handler copies audio data into a buffer its device object points to, moves its own buffer pointer on (buf += n) and passes the device buffer or its own buffer to a helper that copies through its parameter; no pointer is read out of what user space wrote: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct oss_rt {
	char *buffer;
	size_t used, period;
};

static ssize_t oss_write2(struct oss_rt *rt, const char __user *buf, size_t n, int in_kernel)
{
	if (in_kernel) {
		memcpy(rt->buffer, (const char __force *)buf, n);
		return n;
	}
	if (copy_from_user(rt->buffer, buf, n))
		return -EFAULT;
	return n;
}

static ssize_t oss_write(struct file *file, const char __user *buf, size_t count, loff_t *off)
{
	struct oss_rt *rt = file->private_data;
	size_t xfer = 0, tmp;

	while (count > 0) {
		if (count < rt->period || rt->used > 0) {
			tmp = rt->period - rt->used;
			if (copy_from_user(rt->buffer + rt->used, buf, tmp))
				return -EFAULT;
			rt->used += tmp;
			buf += tmp;
			count -= tmp;
			xfer += tmp;
			if (rt->used == rt->period && oss_write2(rt, (const char __user *)rt->buffer, rt->used, 1) <= 0)
				break;
		} else {
			tmp = oss_write2(rt, buf, rt->period, 0);
			if (tmp <= 0)
				break;
			buf += tmp;
			count -= tmp;
			xfer += tmp;
		}
	}
	return xfer;
}

static const struct file_operations oss_fops = {
	.owner	= THIS_MODULE,
	.write	= oss_write,
};
