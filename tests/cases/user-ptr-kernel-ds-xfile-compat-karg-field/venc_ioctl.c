/* case: the native ioctl (this file) copies the request from its arg and then each layer from the pointer inside it; the compat handler of the other file calls it under KERNEL_DS with a kernel struct whose layers field user space chose */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define VENC_IOC_SET_RC		_IOWR('E', 5, struct venc_rc)
#define VENC_IOC_SET_QP		_IOW('E', 6, struct venc_qp)

struct venc_layer {
	u32 bitrate;
	u32 fps;
};

struct venc_rc {
	u32 mode;
	u32 nr_layers;
	struct venc_layer __user *layers;
};

struct venc_qp {
	u32 qp_min;
	u32 qp_max;
};

struct venc_ctx;

int venc_apply_layer(struct venc_ctx *ctx, u32 i, const struct venc_layer *l);
int venc_apply_qp(struct venc_ctx *ctx, const struct venc_qp *qp);
long venc_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

long venc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct venc_ctx *ctx = file->private_data;
	void __user *argp = (void __user *)arg;
	struct venc_layer l;
	struct venc_rc rc;
	struct venc_qp qp;
	u32 i;
	int ret;

	switch (cmd) {
	case VENC_IOC_SET_RC:
		if (copy_from_user(&rc, argp, sizeof(rc)))
			return -EFAULT;
		for (i = 0; i < rc.nr_layers && i < 4; i++) {
			if (copy_from_user(&l, &rc.layers[i], sizeof(l)))
				return -EFAULT;
			ret = venc_apply_layer(ctx, i, &l);
			if (ret)
				return ret;
		}
		return 0;
	case VENC_IOC_SET_QP:
		if (copy_from_user(&qp, argp, sizeof(qp)))
			return -EFAULT;
		return venc_apply_qp(ctx, &qp);
	}
	return -ENOTTY;
}

static const struct file_operations venc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= venc_ioctl,
	.compat_ioctl	= venc_compat_ioctl,
};
