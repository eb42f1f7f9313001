/* case: the twin of user-ptr-kernel-ds-compat-karg-field-helper: the conversion helper reads the user's 32-bit pointer but the kernel struct gets a kernel buffer (the data is copied in first), and the native call under KERNEL_DS sees no user pointer in karg; a pointer built after the window, and a cast of a kernel buffer to __user, are no source either: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define MON_S_EDID	_IOW('M', 2, struct mon_edid)
#define MON_S_EDID32	_IOW('M', 2, struct mon_edid32)

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

static int mon_write_edid(void *dev, u32 pad, const u8 *buf, u32 blocks);

static long mon_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mon_edid e;
	u8 buf[256];

	if (cmd != MON_S_EDID)
		return -ENOTTY;
	if (copy_from_user(&e, (void __user *)arg, sizeof(e)))
		return -EFAULT;
	if (e.blocks > 2)
		return -EINVAL;
	if (copy_from_user(buf, e.edid, e.blocks * 128))
		return -EFAULT;
	return mon_write_edid(file->private_data, e.pad, buf, e.blocks);
}

static int get_mon_edid32(struct mon_edid *kp, u8 *kbuf, struct mon_edid32 __user *up)
{
	u32 tmp;

	if (get_user(kp->pad, &up->pad) || get_user(kp->blocks, &up->blocks) ||
	    get_user(tmp, &up->edid))
		return -EFAULT;
	if (kp->blocks > 2)
		return -EINVAL;
	if (copy_from_user(kbuf, compat_ptr(tmp), kp->blocks * 128))
		return -EFAULT;
	kp->edid = (u8 __user *)kbuf;
	return 0;
}

static long mon_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mon_edid32 __user *up = compat_ptr(arg);
	struct mon_edid karg;
	u8 kbuf[256];
	mm_segment_t old_fs;
	long err;

	if (cmd != MON_S_EDID32)
		return -ENOIOCTLCMD;
	err = get_mon_edid32(&karg, kbuf, up);
	if (err)
		return err;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	err = mon_ioctl(file, MON_S_EDID, (unsigned long)&karg);
	set_fs(old_fs);
	if (err)
		return err;
	karg.edid = compat_ptr(arg);
	return mon_ioctl(file, MON_S_EDID, (unsigned long)&karg);
}

static const struct file_operations mon_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= mon_ioctl,
	.compat_ioctl	= mon_compat_ioctl,
};
