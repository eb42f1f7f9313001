/* case: a retry loop in an ioctl handler restores on success and -EAGAIN but returns other errors raised */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/delay.h>
#include <linux/uaccess.h>

#define MODEM_IOC_FLUSH_NV	_IO('M', 7)
#define MODEM_NV_RETRIES	5

struct modem_priv {
	struct file *nv;
	u8 nv_cache[2048];
	loff_t nv_pos;
};

static long modem_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct modem_priv *mp = file->private_data;
	mm_segment_t old_fs = get_fs();
	int tries = MODEM_NV_RETRIES;
	ssize_t ret;

	if (cmd != MODEM_IOC_FLUSH_NV)
		return -ENOTTY;

	while (tries--) {
		set_fs(KERNEL_DS);
		ret = vfs_write(mp->nv, (const char __user *)mp->nv_cache,
				sizeof(mp->nv_cache), &mp->nv_pos);
		if (ret == -EAGAIN) {
			set_fs(old_fs);
			msleep(20);
			continue;
		}
		if (ret < 0)
			return ret; /* expect: ds-leak */
		set_fs(old_fs);
		return 0;
	}
	return -ETIMEDOUT;
}

static const struct file_operations modem_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= modem_ioctl,
};
