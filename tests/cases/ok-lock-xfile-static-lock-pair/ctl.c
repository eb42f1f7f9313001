/* case: stats_hold() and stats_drop(), in another file, take and release that file's static stats_lock; the write handler calls both on every path, so the lock the one leaves held the other releases (the static lock is named the same way in both summaries) */
#include <linux/fs.h>

int stats_hold(void);
void stats_drop(void);

static ssize_t stats_write(struct file *file, const char __user *buf, size_t len, loff_t *off)
{
	int err = stats_hold();

	stats_drop();
	if (err < 0)
		return err;
	return len;
}

static const struct file_operations stats_fops = {
	.write = stats_write,
};
