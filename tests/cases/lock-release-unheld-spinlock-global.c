/* case: lock-release-unheld: an entry point whose early argument check jumps to the unlock of a global spinlock it takes further down; reported whatever the function is (here a file_operations release) */
#include <linux/spinlock.h>
#include <linux/fs.h>

static DEFINE_SPINLOCK(dev_list_lock);
static int open_count;

static int mydev_release(struct inode *inode, struct file *file)
{
	unsigned long flags;
	int ret = 0;

	if (!file->private_data) {
		ret = -ENODEV;
		goto exit;
	}

	spin_lock_irqsave(&dev_list_lock, flags);
	if (open_count <= 0) {
		ret = -ENODEV;
		goto exit;
	}
	open_count--;

exit:
	spin_unlock_irqrestore(&dev_list_lock, flags); /* expect: lock-release-unheld */
	return ret;
}

static const struct file_operations mydev_fops = {
	.release = mydev_release,
};
