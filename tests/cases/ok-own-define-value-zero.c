/* case: `#define CAL_FROM_FILE 0` then `#if CAL_FROM_FILE`: the arm that leaves KERNEL_DS raised is not compiled; `#if CAL_MODE == 2` picks the arm that restores */
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CAL_FROM_FILE	0
#define CAL_MODE	(CAL_BASE + 1)
#define CAL_BASE	1

struct cal_dev {
	struct file *filp;
	char buf[64];
};

static struct cal_dev *cal_the_dev;

static ssize_t cal_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	struct cal_dev *cd = cal_the_dev;
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_write(cd->filp, (const char __user *)cd->buf, sizeof(cd->buf), &pos);
#if CAL_FROM_FILE
	if (n < 0)
		return n;
#endif
#if CAL_MODE == 2
	set_fs(old_fs);
#elif CAL_MODE == 3
	n = 0;
#endif
	return n;
}

static const struct file_operations cal_fops = {
	.write	= cal_write,
};
