/* case: the native ioctl (this file) copies from and to its arg; the compat handler in another file builds a kernel struct, raises and calls it with (unsigned long)&kstruct: on that call arg is a kernel pointer, and user space reaching this handler directly never has the limit raised: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define VENC_IOC_SET_RC		_IOWR('E', 5, struct venc_rc)

struct venc_rc {
	u32 mode;
	u64 bitrate;
	u32 qp_min;
	u32 qp_max;
};

struct venc_ctx;

int venc_apply_rc(struct venc_ctx *ctx, struct venc_rc *rc);
long venc_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

long venc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct venc_ctx *ctx = file->private_data;
	void __user *argp = (void __user *)arg;
	struct venc_rc rc;
	int ret;

	switch (cmd) {
	case VENC_IOC_SET_RC:
		if (copy_from_user(&rc, argp, sizeof(rc)))
			return -EFAULT;
		ret = venc_apply_rc(ctx, &rc);
		if (ret)
			return ret;
		if (copy_to_user(argp, &rc, sizeof(rc)))
			return -EFAULT;
		return 0;
	}
	return -ENOTTY;
}

static const struct file_operations venc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= venc_ioctl,
	.compat_ioctl	= venc_compat_ioctl,
};
