/* case: a block device ioctl case raises and falls through into a case that can return or break unrestored */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define XDISK_IOC_REFRESH	_IO('X', 1)
#define XDISK_IOC_SYNC		_IO('X', 2)
#define XDISK_IOC_GEO		_IOR('X', 3, struct xdisk_geo)

struct xdisk_geo {
	u64 sectors;
	u32 sector_size;
};

struct xdisk {
	struct block_device *lower;
	u64 sectors;
};

int xdisk_flush(struct xdisk *xd);

static int xdisk_ioctl(struct block_device *bdev, fmode_t mode,
		       unsigned int cmd, unsigned long arg)
{
	struct xdisk *xd = bdev->bd_disk->private_data;
	struct xdisk_geo geo;
	mm_segment_t old_fs = get_fs();
	int ret;

	switch (cmd) {
	case XDISK_IOC_REFRESH:
		set_fs(KERNEL_DS);
		ret = blkdev_ioctl(xd->lower, mode, XDISK_IOC_GEO, (unsigned long)&geo);
		if (ret)
			break;
		xd->sectors = geo.sectors;
		/* fall through */
	case XDISK_IOC_SYNC:
		ret = xdisk_flush(xd);
		if (ret)
			return ret; /* expect: ds-leak */
		set_fs(old_fs);
		break;
	default:
		ret = -ENOTTY;
	}
	return ret; /* expect: ds-leak */
}

static const struct block_device_operations xdisk_bdops = {
	.owner	= THIS_MODULE,
	.ioctl	= xdisk_ioctl,
};
