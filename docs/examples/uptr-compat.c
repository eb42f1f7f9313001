#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

struct mon_edid32 {
	u32 blocks;
	compat_caddr_t edid;
};

long mon_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static int get_mon_edid32(struct mon_edid *kp, struct mon_edid32 __user *up)
{
	u32 tmp;

	if (get_user(kp->blocks, &up->blocks) || get_user(tmp, &up->edid))
		return -EFAULT;
	kp->edid = compat_ptr(tmp);
	return 0;
}

static long mon_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct mon_edid karg;
	mm_segment_t old_fs;
	long err;

	err = get_mon_edid32(&karg, compat_ptr(arg));
	if (err)
		return err;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	err = mon_ioctl(file, MON_G_EDID, (unsigned long)&karg);
	set_fs(old_fs);
	return err;
}

static const struct file_operations mon_fops = { .compat_ioctl = mon_compat_ioctl };
