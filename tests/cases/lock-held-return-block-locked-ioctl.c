/* case: a block driver's ->locked_ioctl (2.6.3x; ->ioctl today) and
 * ->getgeo (HDIO_GETGEO) are block ioctls: a mutex left held by either
 * returns to user mode.  The ioctl's leak is in a helper of the file
 * whose error return keeps the lock (floppy's set_geometry() before its
 * fix): the path shows where the helper takes it and which of its
 * returns keeps it. */
#include <linux/blkdev.h>
#include <linux/hdreg.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(toy_open_lock);
static DEFINE_MUTEX(toy_geo_lock);
int toy_fdc_busy(int drive);

static int toy_set_geometry(int drive)
{
	mutex_lock(&toy_open_lock);
	if (toy_fdc_busy(drive))
		return -EINTR;
	mutex_unlock(&toy_open_lock);
	return 0;
}

static int toy_ioctl(struct block_device *bdev, fmode_t mode, unsigned int cmd,
		     unsigned long param)
{
	int ret = toy_set_geometry((long)bdev->bd_disk->private_data);

	if (ret)
		return ret; /* expect: lock-held-return */
	return 0;
}

static int toy_getgeo(struct block_device *bdev, struct hd_geometry *geo)
{
	mutex_lock(&toy_geo_lock);
	if (!bdev->bd_disk)
		return -ENODEV; /* expect: lock-held-return */
	geo->heads = 2;
	mutex_unlock(&toy_geo_lock);
	return 0;
}

static const struct block_device_operations toy_fops = {
	.locked_ioctl = toy_ioctl,
	.getgeo = toy_getgeo,
};
