/* case: the twin of ok-unsigned-result-below-zero with signed values: an int result, a cast of an unsigned to int and a signed helper's result can be below zero, so the early returns inside the window leak KERNEL_DS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct cal_dev {
	struct file *fp;
	u8 table[64];
	loff_t pos;
};

int cal_table_check(const u8 *table, size_t len);
static long cal_entries(const struct cal_dev *cd);

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cal_dev *cd = file->private_data;
	mm_segment_t old_fs;
	unsigned int got;
	int ok;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	got = vfs_read(cd->fp, (char __user *)cd->table, sizeof(cd->table), &cd->pos);
	if ((int)got < 0)
		goto fail;
	ok = cal_table_check(cd->table, got);
	if (ok < 0)
		return -EINVAL; /* expect: ds-leak */
	if (cal_entries(cd) < 0)
		return -ERANGE; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
fail:
	return -EIO; /* expect: ds-leak */
}

static const struct file_operations cal_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cal_ioctl,
};
