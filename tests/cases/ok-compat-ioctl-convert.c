/* case: a compat_ioctl converts the 32-bit struct, raises, calls the native handler and restores on every path */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define ENC_IOC_SET_RC		_IOW('E', 5, struct enc_rc)
#define ENC_IOC_SET_RC32	_IOW('E', 5, struct enc_rc32)

struct enc_rc {
	u32 mode;
	u64 bitrate;
	u32 qp_min, qp_max;
};

struct enc_rc32 {
	u32 mode;
	compat_u64 bitrate;
	u32 qp_min, qp_max;
} __packed;

long enc_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static long enc_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct enc_rc32 __user *up = compat_ptr(arg);
	struct enc_rc rc;
	mm_segment_t old_fs;
	long ret;

	if (cmd != ENC_IOC_SET_RC32)
		return enc_ioctl(file, cmd, (unsigned long)compat_ptr(arg));

	if (get_user(rc.mode, &up->mode) || get_user(rc.bitrate, &up->bitrate) ||
	    get_user(rc.qp_min, &up->qp_min) || get_user(rc.qp_max, &up->qp_max))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = enc_ioctl(file, ENC_IOC_SET_RC, (unsigned long)&rc);
	set_fs(old_fs);
	if (ret < 0)
		return ret;

	if (put_user(rc.qp_min, &up->qp_min) || put_user(rc.qp_max, &up->qp_max))
		return -EFAULT;
	return ret;
}

static const struct file_operations enc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= enc_ioctl,
	.compat_ioctl	= enc_compat_ioctl,
};
