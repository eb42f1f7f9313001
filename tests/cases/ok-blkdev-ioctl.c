/* case: a block_device_operations .ioctl forwards a kernel struct to the lower device inside a balanced window */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/hdreg.h>
#include <linux/uaccess.h>

struct stripe_dev {
	struct block_device *member;
	unsigned int nr_members;
};

static int stripe_ioctl(struct block_device *bdev, fmode_t mode,
			unsigned int cmd, unsigned long arg)
{
	struct stripe_dev *sd = bdev->bd_disk->private_data;
	struct hd_geometry geo;
	mm_segment_t old_fs;
	int ret;

	if (cmd != HDIO_GETGEO)
		return -ENOTTY;
	if (!sd->member)
		return -ENXIO;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = blkdev_ioctl(sd->member, mode, HDIO_GETGEO, (unsigned long)&geo);
	set_fs(old_fs);
	if (ret)
		return ret;

	geo.cylinders *= sd->nr_members;
	return copy_to_user((void __user *)arg, &geo, sizeof(geo)) ? -EFAULT : 0;
}

static const struct block_device_operations stripe_bdops = {
	.owner	= THIS_MODULE,
	.ioctl	= stripe_ioctl,
};
