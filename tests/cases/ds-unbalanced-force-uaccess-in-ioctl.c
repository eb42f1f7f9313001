/* case: an ioctl handler leaves force_uaccess_begin() in force on one error path: unbalanced, but not a ds-leak (it lowers the limit to USER_DS, which is what an entry point runs with anyway) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int ring_fetch(void __user *dst, unsigned int n);

static long ring_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	mm_segment_t fs = force_uaccess_begin();
	int ret = ring_fetch((void __user *)arg, cmd & 0xff);

	if (ret < 0)
		return ret; /* expect: ds-unbalanced */
	force_uaccess_end(fs);
	return 0;
}

static const struct file_operations ring_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = ring_ioctl,
};
