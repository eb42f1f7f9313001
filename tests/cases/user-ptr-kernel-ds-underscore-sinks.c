/* case: the unchecked variants are sinks too: inside one window user pointers from the ioctl arg (ux, &ux->field, and req.data from a struct copied in before the window) reach __get_user, __vfs_write, __put_user and __copy_to_user; each is reported, the kernel buffer passed to __vfs_write is not */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define RPMB_IOC_XFER	_IOWR('R', 0x03, struct rpmb_xfer)

struct rpmb_xfer {
	u32 len;
	u32 result;
	void __user *data;
	u8 mac[32];
};

struct rpmb_dev {
	struct file *part;
	loff_t pos;
	u8 mac[32];
};

static long rpmb_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct rpmb_dev *rd = file->private_data;
	struct rpmb_xfer __user *ux = (struct rpmb_xfer __user *)arg;
	struct rpmb_xfer req;
	mm_segment_t old_fs;
	ssize_t n;
	u32 len;

	if (cmd != RPMB_IOC_XFER)
		return -ENOTTY;
	if (!access_ok(ux, sizeof(*ux)))
		return -EFAULT;
	if (__copy_from_user(&req, ux, sizeof(req)))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (__get_user(len, &ux->len)) { /* expect: user-ptr-kernel-ds */
		set_fs(old_fs);
		return -EFAULT;
	}
	n = __vfs_write(rd->part, req.data, len, &rd->pos); /* expect: user-ptr-kernel-ds */
	if (n == len)
		n = __vfs_write(rd->part, (const char __user *)rd->mac, sizeof(rd->mac), &rd->pos);
	__put_user(n < 0 ? (u32)n : 0, &ux->result); /* expect: user-ptr-kernel-ds */
	if (__copy_to_user(&ux->mac, rd->mac, sizeof(rd->mac))) /* expect: user-ptr-kernel-ds */
		n = -EFAULT;
	set_fs(old_fs);
	return n < 0 ? n : 0;
}

static const struct file_operations rpmb_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= rpmb_ioctl,
};
