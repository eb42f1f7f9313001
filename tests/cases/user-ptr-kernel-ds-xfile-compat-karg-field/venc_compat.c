/* case: the compat handler (this file) converts the 32-bit request with a helper that keeps the user's 32-bit pointer as compat_ptr() in the kernel struct, raises and calls the native handler of another file with (unsigned long)&karg: the native handler's copy_from_user on the field runs under KERNEL_DS; the command without pointers stays silent */
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define VENC_IOC_SET_RC		_IOWR('E', 5, struct venc_rc)
#define VENC_IOC_SET_RC32	_IOWR('E', 5, struct venc_rc32)
#define VENC_IOC_SET_QP		_IOW('E', 6, struct venc_qp)
#define VENC_IOC_SET_QP32	_IOW('E', 6, struct venc_qp32)

struct venc_rc {
	u32 mode;
	u32 nr_layers;
	struct venc_layer __user *layers;
};

struct venc_rc32 {
	u32 mode;
	u32 nr_layers;
	compat_uptr_t layers;
};

struct venc_qp {
	u32 qp_min;
	u32 qp_max;
};

struct venc_qp32 {
	u32 qp_min;
	u32 qp_max;
};

long venc_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static int get_venc_rc32(struct venc_rc *kp, struct venc_rc32 __user *up)
{
	compat_uptr_t p;

	if (get_user(kp->mode, &up->mode) || get_user(kp->nr_layers, &up->nr_layers) ||
	    get_user(p, &up->layers))
		return -EFAULT;
	kp->layers = compat_ptr(p);
	return 0;
}

long venc_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *up = compat_ptr(arg);
	union {
		struct venc_rc rc;
		struct venc_qp qp;
	} karg;
	mm_segment_t old_fs;
	long ret;

	switch (cmd) {
	case VENC_IOC_SET_RC32:
		if (get_venc_rc32(&karg.rc, up))
			return -EFAULT;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = venc_ioctl(file, VENC_IOC_SET_RC, (unsigned long)&karg.rc); /* expect: user-ptr-kernel-ds */
		set_fs(old_fs);
		return ret;
	case VENC_IOC_SET_QP32:
		if (copy_from_user(&karg.qp, up, sizeof(karg.qp)))
			return -EFAULT;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = venc_ioctl(file, VENC_IOC_SET_QP, (unsigned long)&karg.qp);
		set_fs(old_fs);
		return ret;
	}
	return -ENOIOCTLCMD;
}
