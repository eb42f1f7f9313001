/* case: ioctl_by_bdev() as 2.6.12 had it: an exported helper for kernel callers raises the limit around blkdev_ioctl() with its own arg; the caller in the other file passes its user ioctl arg: reported here, at the blkdev_ioctl call, with the caller's call on the path */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/uaccess.h>

int rawx_ioctl_by_bdev(struct block_device *bdev, unsigned cmd, unsigned long arg)
{
	int res;
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	res = blkdev_ioctl(bdev->bd_inode, NULL, cmd, arg); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return res;
}
