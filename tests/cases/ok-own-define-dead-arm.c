/* case: `#define USE_CAL_FILE 1` in the file: the `#else` arm that returns with KERNEL_DS is never compiled */
#include <linux/fs.h>
#include <linux/uaccess.h>

#define USE_CAL_FILE 1

struct cal_dev {
	struct file *filp;
	char buf[64];
	int ready;
};

static struct cal_dev *cal_the_dev;

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cal_dev *cd = cal_the_dev;
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
#ifdef USE_CAL_FILE
	n = vfs_read(cd->filp, (char __user *)cd->buf, sizeof(cd->buf), &pos);
#else
	if (!cd->ready)
		return -EAGAIN;
	n = sizeof(cd->buf);
#endif
	set_fs(old_fs);
	return n;
}

static const struct file_operations cal_fops = {
	.unlocked_ioctl	= cal_ioctl,
};
