/* case: `#define CAL_DEBUG` then `#undef CAL_DEBUG` above the function: `#ifdef CAL_DEBUG` is dead, `#ifndef CAL_DEBUG` live */
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CAL_DEBUG
#undef CAL_DEBUG

struct cal_dev {
	struct file *filp;
	char buf[64];
};

static struct cal_dev *cal_the_dev;

static ssize_t cal_read(struct file *file, char __user *ubuf, size_t len, loff_t *ppos)
{
	struct cal_dev *cd = cal_the_dev;
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_read(cd->filp, (char __user *)cd->buf, sizeof(cd->buf), &pos);
#ifdef CAL_DEBUG
	if (n < 0)
		return n;
#endif
#ifndef CAL_DEBUG
	set_fs(old_fs);
#endif
	return n;
}

static const struct file_operations cal_fops = {
	.read	= cal_read,
};
