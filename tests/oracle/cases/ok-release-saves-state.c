/* case: a .release handler writes its state back under KERNEL_DS and restores before each exit */
/* oracle: entry trip_release */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define TRIP_PATH	"/persist/trip_state"

static u32 trip_state[8];

static int trip_release(struct inode *inode, struct file *file)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(TRIP_PATH, O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)trip_state, sizeof(trip_state), &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	return n == sizeof(trip_state) ? 0 : -EIO;
}

static const struct file_operations trip_fops = {
	.owner		= THIS_MODULE,
	.release	= trip_release,
};
