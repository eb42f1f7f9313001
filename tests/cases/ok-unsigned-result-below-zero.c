/* case: inside the window a bool result is tested `< 0` and an unsigned length `< 0` (also through a typedef and an unsigned helper's result): those arms can never be taken, so the early returns that skip the restore are no paths */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

typedef unsigned int cal_len_t;

struct cal_dev {
	struct file *fp;
	u8 table[64];
	loff_t pos;
};

bool cal_table_valid(const u8 *table, size_t len);
static unsigned int cal_entries(const struct cal_dev *cd);

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cal_dev *cd = file->private_data;
	mm_segment_t old_fs;
	unsigned int got;
	cal_len_t want = sizeof(cd->table);
	bool ok;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	got = vfs_read(cd->fp, (char __user *)cd->table, sizeof(cd->table), &cd->pos);
	if (got < 0)
		goto fail;
	ok = cal_table_valid(cd->table, got);
	if (ok < 0)
		return -EINVAL;
	if (want >= 0 && cal_entries(cd) < 0)
		return -ERANGE;
	if (0 > want)
		goto fail;
	set_fs(old_fs);
	return ok ? 0 : -EIO;
fail:
	return -EIO;
}

static const struct file_operations cal_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cal_ioctl,
};
