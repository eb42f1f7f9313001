/* case: raise and restore under the same #ifdef; the other arm never touches the limit */
/* oracle: entry haptic_release */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define HAPTIC_STATS_PATH	"/data/vendor/haptic_stats"

static u32 haptic_stats[4];

static int haptic_release(struct inode *inode, struct file *file)
{
#ifdef CONFIG_HAPTIC_PERSIST_STATS
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;

	fp = filp_open(HAPTIC_STATS_PATH, O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return 0;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	vfs_write(fp, (const char __user *)haptic_stats, sizeof(haptic_stats), &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
#else
	memset(haptic_stats, 0, sizeof(haptic_stats));
#endif
	return 0;
}

static const struct file_operations haptic_fops = {
	.owner		= THIS_MODULE,
	.release	= haptic_release,
};
