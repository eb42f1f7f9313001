/* case: a compat ioctl converts the 32-bit struct, raises, calls the native handler and returns its error unrestored */
/* oracle: entry enc_ioctl */
/* oracle: entry enc_compat_ioctl */
/* oracle: values ENC_IOC_SET_RC ENC_IOC_SET_RC32 */
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

static struct enc_rc enc_current;

static long enc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct enc_rc rc;

	if (cmd != ENC_IOC_SET_RC)
		return -ENOTTY;
	if (copy_from_user(&rc, (void __user *)arg, sizeof(rc)))
		return -EFAULT;
	if (rc.mode > 2 || rc.qp_min > rc.qp_max)
		return -EINVAL;
	enc_current = rc;
	return 0;
}

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
	if (ret)
		return ret; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static const struct file_operations enc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= enc_ioctl,
	.compat_ioctl	= enc_compat_ioctl,
};
