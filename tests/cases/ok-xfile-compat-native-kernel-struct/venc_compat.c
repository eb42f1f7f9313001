/* case: this compat handler converts the 32-bit struct, raises, calls the native handler from another file with (unsigned long)&rc and restores before touching the user pointer again: silent */
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define VENC_IOC_SET_RC		_IOWR('E', 5, struct venc_rc)
#define VENC_IOC_SET_RC32	_IOWR('E', 5, struct venc_rc32)

struct venc_rc {
	u32 mode;
	u64 bitrate;
	u32 qp_min;
	u32 qp_max;
};

struct venc_rc32 {
	u32 mode;
	compat_u64 bitrate;
	u32 qp_min;
	u32 qp_max;
} __packed;

long venc_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

long venc_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct venc_rc32 __user *up = compat_ptr(arg);
	struct venc_rc rc;
	mm_segment_t old_fs;
	long ret;

	if (cmd != VENC_IOC_SET_RC32)
		return -ENOIOCTLCMD;

	if (get_user(rc.mode, &up->mode) || get_user(rc.bitrate, &up->bitrate) ||
	    get_user(rc.qp_min, &up->qp_min) || get_user(rc.qp_max, &up->qp_max))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = venc_ioctl(file, VENC_IOC_SET_RC, (unsigned long)&rc);
	set_fs(old_fs);
	if (ret)
		return ret;

	if (put_user(rc.qp_min, &up->qp_min) || put_user(rc.qp_max, &up->qp_max))
		return -EFAULT;
	return 0;
}
