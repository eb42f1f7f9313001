/* case: partition code asks the driver for its geometry through the helper with a kernel struct */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/hdreg.h>

int rawx_ioctl_by_bdev(struct block_device *bdev, unsigned cmd, unsigned long arg);

int part_geometry(struct block_device *bdev, struct hd_geometry *geo)
{
	return rawx_ioctl_by_bdev(bdev, HDIO_GETGEO, (unsigned long)geo);
}
