/* case: `#define CAL_SKIP_CHECK` sits under `#ifdef CONFIG_CAL_FAST`, which is not known: `#ifdef CAL_SKIP_CHECK` stays undecided and the arm that leaks is walked */
#include <linux/fs.h>
#include <linux/uaccess.h>

#ifdef CONFIG_CAL_FAST
#define CAL_SKIP_CHECK 1
#endif

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
#ifdef CAL_SKIP_CHECK
	n = 0;
#else
	if (n < 0)
		return n; /* expect: ds-leak */
#endif
	set_fs(old_fs);
	return n;
}

static const struct file_operations cal_fops = {
	.read	= cal_read,
};
