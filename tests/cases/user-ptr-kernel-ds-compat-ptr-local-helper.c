/* case: a compat ioctl keeps compat_ptr(arg) in a local and, inside a window, passes it to helpers whose parameters reach strncpy_from_user and clear_user/put_user; each call in the window is reported, the call outside any window is not */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define AUD_IOC_SET_PROFILE32	_IOW('A', 0x11, compat_uptr_t)
#define AUD_IOC_GET_STATUS32	_IOR('A', 0x12, struct aud_status32)
#define AUD_IOC_PEEK_STATUS32	_IOR('A', 0x13, struct aud_status32)
#define AUD_PROFILE_DIR		"/vendor/etc/audio/"

struct aud_status32 {
	u32 state;
	u32 xruns;
	u32 reserved[6];
};

struct aud_dev {
	char profile[32];
	u32 state;
	u32 xruns;
	struct file *prof;
};

int aud_load_profile(struct aud_dev *ad, const char *dir, const char *name);

static int aud_refresh_status(struct aud_dev *ad)
{
	loff_t pos = 0;
	u32 st[2];

	if (vfs_read(ad->prof, (char __user *)st, sizeof(st), &pos) != sizeof(st))
		return -EIO;
	ad->state = st[0];
	ad->xruns = st[1];
	return 0;
}

static int aud_get_profile_name(struct aud_dev *ad, const char __user *uname)
{
	long n = strncpy_from_user(ad->profile, uname, sizeof(ad->profile));

	if (n < 0)
		return n;
	if (n == sizeof(ad->profile))
		return -ENAMETOOLONG;
	return 0;
}

static int aud_put_status(struct aud_dev *ad, struct aud_status32 __user *us)
{
	if (clear_user(us, sizeof(*us)))
		return -EFAULT;
	if (put_user(ad->state, &us->state) || put_user(ad->xruns, &us->xruns))
		return -EFAULT;
	return 0;
}

static long aud_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct aud_dev *ad = file->private_data;
	void __user *up = compat_ptr(arg);
	mm_segment_t old_fs;
	int ret;

	switch (cmd) {
	case AUD_IOC_SET_PROFILE32:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = aud_get_profile_name(ad, up); /* expect: user-ptr-kernel-ds */
		if (!ret)
			ret = aud_load_profile(ad, AUD_PROFILE_DIR, ad->profile);
		set_fs(old_fs);
		return ret;
	case AUD_IOC_GET_STATUS32:
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = aud_refresh_status(ad);
		if (!ret)
			ret = aud_put_status(ad, up); /* expect: user-ptr-kernel-ds */
		set_fs(old_fs);
		return ret;
	case AUD_IOC_PEEK_STATUS32:
		return aud_put_status(ad, up);
	}
	return -ENOIOCTLCMD;
}

static const struct file_operations aud_fops = {
	.owner		= THIS_MODULE,
	.compat_ioctl	= aud_compat_ioctl,
};
