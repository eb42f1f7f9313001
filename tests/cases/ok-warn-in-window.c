/* case: only WARN_ON / WARN_ON_ONCE sit inside the window, and the WARN_ON error path restores */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct charger_log {
	struct file *fp;
	u32 samples[64];
	unsigned int count;
	loff_t pos;
};

static int charger_log_flush(struct charger_log *cl)
{
	mm_segment_t old_fs;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (WARN_ON(cl->count > ARRAY_SIZE(cl->samples))) {
		set_fs(old_fs);
		return -EINVAL;
	}
	n = vfs_write(cl->fp, (const char __user *)cl->samples,
		      cl->count * sizeof(u32), &cl->pos);
	WARN_ON_ONCE(n == 0);
	set_fs(old_fs);

	cl->count = 0;
	return n < 0 ? n : 0;
}
