/* case: a block_device_operations .ioctl raises through a helper that returns the old limit and, in one switch case, breaks out without handing it back; reported at the common return */
#include <linux/module.h>
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/hdreg.h>
#include <linux/uaccess.h>

#define VBLK_IOC_SYNC_META	_IO(0x12, 0xc0)
#define VBLK_IOC_RELOAD_META	_IO(0x12, 0xc1)

struct vblk_meta {
	__le64 nr_sectors;
	__le32 heads;
	__le32 sectors;
};

struct vblk {
	struct gendisk *disk;
	struct file *meta_fp;
	struct vblk_meta meta;
};

static mm_segment_t vblk_kernel_ds(void)
{
	mm_segment_t prev = get_fs();

	set_fs(KERNEL_DS);
	return prev;
}

static void vblk_restore_ds(mm_segment_t prev)
{
	set_fs(prev);
}

static int vblk_ioctl(struct block_device *bdev, fmode_t mode,
		      unsigned int cmd, unsigned long arg)
{
	struct vblk *vb = bdev->bd_disk->private_data;
	mm_segment_t prev;
	loff_t pos = 0;
	ssize_t n;
	int ret;

	switch (cmd) {
	case VBLK_IOC_SYNC_META:
		prev = vblk_kernel_ds();
		n = vfs_write(vb->meta_fp, (const char __user *)&vb->meta, sizeof(vb->meta), &pos);
		vblk_restore_ds(prev);
		ret = n == sizeof(vb->meta) ? 0 : -EIO;
		break;
	case VBLK_IOC_RELOAD_META:
		prev = vblk_kernel_ds();
		n = vfs_read(vb->meta_fp, (char __user *)&vb->meta, sizeof(vb->meta), &pos);
		if (n != sizeof(vb->meta)) {
			ret = -EIO;
			break;
		}
		vblk_restore_ds(prev);
		set_capacity(vb->disk, le64_to_cpu(vb->meta.nr_sectors));
		ret = 0;
		break;
	default:
		ret = -ENOTTY;
	}
	return ret; /* expect: ds-leak */
}

static const struct block_device_operations vblk_fops = {
	.owner		= THIS_MODULE,
	.ioctl		= vblk_ioctl,
};
