/* case: a void block_device_operations .release jumps over the restore and falls off its closing brace */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

struct ramlog_disk {
	struct mutex lock;
	struct file *journal;
	char summary[128];
	int summary_len;
	int openers;
};

static void ramlog_release(struct gendisk *disk, fmode_t mode)
{
	struct ramlog_disk *rd = disk->private_data;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;

	mutex_lock(&rd->lock);
	if (--rd->openers)
		goto out;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(rd->journal, (const char __user *)rd->summary, rd->summary_len, &pos);
	if (ret < 0) {
		pr_err("ramlog: journal update failed (%zd)\n", ret);
		goto out;
	}
	set_fs(old_fs);
out:
	mutex_unlock(&rd->lock);
} /* expect: ds-leak */

static const struct block_device_operations ramlog_fops = {
	.owner		= THIS_MODULE,
	.release	= ramlog_release,
};
