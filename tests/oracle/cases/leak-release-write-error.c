/* case: a .release handler saves counters to a file and returns the write error raised; it runs from the deferred fput on the way out */
/* oracle: entry odo_release */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define ODO_PATH	"/persist/odometer"

static u64 odo_counters[2];

static int odo_release(struct inode *inode, struct file *file)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(ODO_PATH, O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)odo_counters, sizeof(odo_counters), &pos);
	filp_close(fp, NULL);
	if (n != sizeof(odo_counters))
		return n < 0 ? (int)n : -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static const struct file_operations odo_fops = {
	.owner		= THIS_MODULE,
	.release	= odo_release,
};
