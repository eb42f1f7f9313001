/* case: the same helper used as meant: its only caller passes a kernel struct as the ioctl argument, so blkdev_ioctl() reads kernel memory under KERNEL_DS on purpose: silent */
#include <linux/fs.h>
#include <linux/blkdev.h>
#include <linux/uaccess.h>

int rawx_ioctl_by_bdev(struct block_device *bdev, unsigned cmd, unsigned long arg)
{
	int res;
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	res = blkdev_ioctl(bdev->bd_inode, NULL, cmd, arg);
	set_fs(old_fs);
	return res;
}
