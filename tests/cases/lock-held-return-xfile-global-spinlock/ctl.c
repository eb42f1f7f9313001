/* case: stats_begin(), in another file, takes the global spinlock stats_lock (not static: the same object in every file) and returns -EBUSY with it held; the write handler here returns that error and leaves the spinlock held, though it releases the same lock by name on its other path */
#include <linux/fs.h>
#include <linux/spinlock.h>

extern spinlock_t stats_lock;
extern int stats_busy;
int stats_begin(void);

static ssize_t stats_write(struct file *file, const char __user *buf, size_t len, loff_t *off)
{
	int err = stats_begin();

	if (err < 0)
		return err; /* expect: lock-held-return */
	stats_busy = 0;
	spin_unlock(&stats_lock);
	return len;
}

static const struct file_operations stats_fops = {
	.write = stats_write,
};
