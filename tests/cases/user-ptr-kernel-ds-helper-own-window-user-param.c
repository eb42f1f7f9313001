/* case: a helper opens its own window and, inside it, copies from its parameter declared __user; reported at that copy_from_user in the helper, not at the ioctl's call (which is outside any window) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define FPC_IOC_PUSH_TEMPLATE	_IOW('f', 0x09, struct fpc_tmpl_hdr)
#define FPC_TMPL_MAX		4096

struct fpc_tmpl_hdr {
	u32 len;
	u32 slot;
};

struct fpc_dev {
	struct file *store;
	loff_t store_pos;
	u8 tmpl[FPC_TMPL_MAX];
};

static int fpc_store_template(struct fpc_dev *fd, const u8 __user *utmpl, u32 len)
{
	mm_segment_t old_fs;
	ssize_t n;
	int ret = 0;

	if (len > FPC_TMPL_MAX)
		return -EINVAL;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (copy_from_user(fd->tmpl, utmpl, len)) { /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
		goto out;
	}
	n = vfs_write(fd->store, (const char __user *)fd->tmpl, len, &fd->store_pos);
	if (n != len)
		ret = -EIO;
out:
	set_fs(old_fs);
	return ret;
}

static long fpc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct fpc_dev *fd = file->private_data;
	struct fpc_tmpl_hdr __user *uh = (struct fpc_tmpl_hdr __user *)arg;
	struct fpc_tmpl_hdr h;

	if (cmd != FPC_IOC_PUSH_TEMPLATE)
		return -ENOTTY;
	if (copy_from_user(&h, uh, sizeof(h)))
		return -EFAULT;
	return fpc_store_template(fd, (const u8 __user *)(uh + 1), h.len);
}

static const struct file_operations fpc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= fpc_ioctl,
};
