/* case: an ioctl and its batch helper call each other (the helper replays each sub-command through the ioctl under KERNEL_DS); the helper returns raised when a sub-command fails, so the ioctl does too */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define VPU_IOC_SET_FREQ	_IOW('V', 1, struct vpu_freq)
#define VPU_IOC_GET_FREQ	_IOR('V', 2, struct vpu_freq)
#define VPU_IOC_BATCH		_IOW('V', 3, struct vpu_batch_hdr)
#define VPU_MAX_BATCH		16

struct vpu_freq {
	u32 khz;
};

struct vpu_cmd {
	u32 cmd;
	union {
		struct vpu_freq freq;
		u8 raw[16];
	} u;
};

struct vpu_batch_hdr {
	u32 count;
	u32 flags;
};

struct vpu_batch {
	struct vpu_batch_hdr hdr;
	struct vpu_cmd cmds[];
};

struct vpu_dev {
	u32 cur_khz;
};

int vpu_set_freq(struct vpu_dev *vpu, u32 khz);
static long vpu_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static long vpu_run_batch(struct file *file, struct vpu_batch __user *ub)
{
	struct vpu_batch_hdr hdr;
	struct vpu_cmd kc;
	mm_segment_t old_fs;
	long ret;
	u32 i;

	if (copy_from_user(&hdr, &ub->hdr, sizeof(hdr)))
		return -EFAULT;
	if (hdr.count > VPU_MAX_BATCH)
		return -E2BIG;

	for (i = 0; i < hdr.count; i++) {
		if (copy_from_user(&kc, &ub->cmds[i], sizeof(kc)))
			return -EFAULT;
		if (kc.cmd == VPU_IOC_BATCH)
			return -EINVAL;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = vpu_ioctl(file, kc.cmd, (unsigned long)&kc.u);
		if (ret < 0)
			return ret; /* expect: ds-unbalanced */
		set_fs(old_fs);
	}
	return 0;
}

static long vpu_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct vpu_dev *vpu = file->private_data;
	void __user *argp = (void __user *)arg;
	struct vpu_freq f;
	long ret;

	switch (cmd) {
	case VPU_IOC_SET_FREQ:
		if (copy_from_user(&f, argp, sizeof(f)))
			return -EFAULT;
		return vpu_set_freq(vpu, f.khz);
	case VPU_IOC_GET_FREQ:
		f.khz = vpu->cur_khz;
		return copy_to_user(argp, &f, sizeof(f)) ? -EFAULT : 0;
	case VPU_IOC_BATCH:
		ret = vpu_run_batch(file, argp);
		break;
	default:
		return -ENOTTY;
	}
	return ret; /* expect: ds-leak */
}

static const struct file_operations vpu_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= vpu_ioctl,
};
