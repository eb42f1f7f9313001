/* case: a compat_ioctl converts the 32-bit struct, raises, and returns the native error unrestored */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define VPU_IOC_SET_TIMING	_IOW('V', 3, struct vpu_timing)
#define VPU_IOC_SET_TIMING32	_IOW('V', 3, struct vpu_timing32)

struct vpu_timing {
	u32 id;
	u64 pts;
	u32 flags;
};

struct vpu_timing32 {
	u32 id;
	compat_u64 pts;
	u32 flags;
} __packed;

long vpu_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static long vpu_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct vpu_timing32 __user *up = compat_ptr(arg);
	struct vpu_timing kt;
	mm_segment_t old_fs;
	long ret;

	if (cmd != VPU_IOC_SET_TIMING32)
		return vpu_ioctl(file, cmd, (unsigned long)compat_ptr(arg));

	if (get_user(kt.id, &up->id) || get_user(kt.pts, &up->pts) ||
	    get_user(kt.flags, &up->flags))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vpu_ioctl(file, VPU_IOC_SET_TIMING, (unsigned long)&kt);
	if (ret < 0)
		return ret; /* expect: ds-leak */
	set_fs(old_fs);

	return put_user(kt.flags, &up->flags);
}

static const struct file_operations vpu_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= vpu_ioctl,
	.compat_ioctl	= vpu_compat_ioctl,
};
