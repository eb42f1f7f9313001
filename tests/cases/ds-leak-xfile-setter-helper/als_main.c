/* case: setter helpers in another file save the limit into c->old_fs and raise, or restore it; this ioctl returns between them on a short read */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/uaccess.h>

#define ALS_IOC_LOAD_TABLE	_IO('L', 0x01)
#define ALS_IOC_RESET		_IO('L', 0x02)
#define ALS_TABLE_PATH		"/vendor/etc/als_lux_table.bin"

struct als_kctx {
	struct file *fp;
	mm_segment_t old_fs;
};

struct als_dev {
	struct miscdevice mdev;
	u16 lux_table[64];
};

void als_begin_kernel_io(struct als_kctx *c);
void als_end_kernel_io(struct als_kctx *c);
int als_apply_table(struct als_dev *als);
int als_hw_reset(struct als_dev *als);

static long als_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct als_dev *als = container_of(file->private_data, struct als_dev, mdev);
	struct als_kctx ctx;
	loff_t pos = 0;
	ssize_t n;
	long ret;

	switch (cmd) {
	case ALS_IOC_LOAD_TABLE:
		ctx.fp = filp_open(ALS_TABLE_PATH, O_RDONLY, 0);
		if (IS_ERR(ctx.fp))
			return PTR_ERR(ctx.fp);
		als_begin_kernel_io(&ctx);
		n = vfs_read(ctx.fp, (char __user *)als->lux_table, sizeof(als->lux_table), &pos);
		if (n != sizeof(als->lux_table)) {
			filp_close(ctx.fp, NULL);
			return -EIO; /* expect: ds-leak */
		}
		als_end_kernel_io(&ctx);
		filp_close(ctx.fp, NULL);
		ret = als_apply_table(als);
		break;
	case ALS_IOC_RESET:
		ret = als_hw_reset(als);
		break;
	default:
		ret = -ENOTTY;
	}
	return ret;
}

static const struct file_operations als_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= als_ioctl,
};
