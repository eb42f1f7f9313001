/* case: an ioctl calls a same-file helper whose window is balanced on all three of its returns */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define OTP_IOC_READ	_IOR('O', 1, struct otp_blob)

struct otp_blob {
	u8 data[32];
};

struct otp_dev {
	struct file *nvmem;
};

static int otp_fetch(struct otp_dev *od, struct otp_blob *blob)
{
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_read(od->nvmem, (char __user *)blob->data, sizeof(blob->data), &pos);
	set_fs(old_fs);
	if (n < 0)
		return n;
	if (n != sizeof(blob->data))
		return -ENODATA;
	return 0;
}

static long otp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct otp_dev *od = file->private_data;
	struct otp_blob blob;
	int ret;

	if (cmd != OTP_IOC_READ)
		return -ENOTTY;
	ret = otp_fetch(od, &blob);
	if (ret)
		return ret;
	if (copy_to_user((void __user *)arg, &blob, sizeof(blob)))
		return -EFAULT;
	return 0;
}

static const struct file_operations otp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= otp_ioctl,
};
