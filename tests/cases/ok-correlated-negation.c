/* case: after `if (kmode)` raises, `if (!kmode) return` leaves only on the unraised path and the rest restores */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct ringfs {
	struct file *fp;
	loff_t pos;
};

static ssize_t ringfs_append(struct ringfs *rf, const char *data, size_t len, bool kmode)
{
	mm_segment_t old_fs;
	ssize_t ret;

	if (kmode) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}
	ret = vfs_write(rf->fp, (const char __user *)data, len, &rf->pos);
	if (!kmode)
		return ret;

	set_fs(old_fs);
	return ret;
}
