/* case: the raw driver's ioctl (CVE-2005-1264) hands its user arg to rawx_ioctl_by_bdev() of another file, which runs blkdev_ioctl() on it under KERNEL_DS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/blkdev.h>

int rawx_ioctl_by_bdev(struct block_device *bdev, unsigned cmd, unsigned long arg);

static int rawx_ioctl(struct inode *inode, struct file *filp, unsigned int command, unsigned long arg)
{
	struct block_device *bdev = filp->private_data;

	return rawx_ioctl_by_bdev(bdev, command, arg);
}

static const struct file_operations rawx_fops = {
	.owner	= THIS_MODULE,
	.ioctl	= rawx_ioctl,
};
