/* case: a compat ioctl converts the 32-bit EDID request with a helper that stores compat_ptr() of the user's 32-bit pointer into the kernel struct, then calls the native handler with &karg under KERNEL_DS: the native handler's copy_from_user on karg.edid accepts any kernel address */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define MON_G_EDID	_IOWR('M', 1, struct mon_edid)
#define MON_G_EDID32	_IOWR('M', 1, struct mon_edid32)

struct mon_edid {
	u32 pad;
	u32 blocks;
	u8 __user *edid;
};

struct mon_edid32 {
	u32 pad;
	u32 blocks;
	compat_caddr_t edid;
};

static int mon_read_edid(void *dev, u32 pad, u8 *buf, u32 blocks);

static long mon_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mon_edid e;
	u8 buf[256];
	int ret;

	if (cmd != MON_G_EDID)
		return -ENOTTY;
	if (copy_from_user(&e, (void __user *)arg, sizeof(e)))
		return -EFAULT;
	if (e.blocks > 2)
		return -EINVAL;
	ret = mon_read_edid(file->private_data, e.pad, buf, e.blocks);
	if (ret)
		return ret;
	if (copy_to_user(e.edid, buf, e.blocks * 128))
		return -EFAULT;
	return 0;
}

static int get_mon_edid32(struct mon_edid *kp, struct mon_edid32 __user *up)
{
	u32 tmp;

	if (get_user(kp->pad, &up->pad) || get_user(kp->blocks, &up->blocks) ||
	    get_user(tmp, &up->edid))
		return -EFAULT;
	kp->edid = compat_ptr(tmp);
	return 0;
}

static long mon_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mon_edid32 __user *up = compat_ptr(arg);
	struct mon_edid karg;
	mm_segment_t old_fs;
	long err;

	if (cmd != MON_G_EDID32)
		return -ENOIOCTLCMD;
	err = get_mon_edid32(&karg, up);
	if (err)
		return err;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	err = mon_ioctl(file, MON_G_EDID, (unsigned long)&karg); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return err;
}

static const struct file_operations mon_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= mon_ioctl,
	.compat_ioctl	= mon_compat_ioctl,
};
