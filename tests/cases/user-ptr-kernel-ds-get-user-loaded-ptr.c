/* case: a pointer read out of user memory with get_user (the one-field form of a struct filled by copy_from_user) is user-controlled; inside the window it reaches vfs_read's buffer and is reported there; the length read the same way is only a number */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define KEYBOX_IOC_READ		_IOWR('k', 0x02, struct keybox_read)
#define KEYBOX_PATH		"/persist/keybox.bin"
#define KEYBOX_MAX		8192

struct keybox_read {
	void __user *dst;
	u32 len;
};

static long keybox_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct keybox_read __user *ureq = (struct keybox_read __user *)arg;
	void __user *dst;
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	u32 len;

	if (cmd != KEYBOX_IOC_READ)
		return -ENOTTY;
	if (get_user(dst, &ureq->dst) || get_user(len, &ureq->len))
		return -EFAULT;
	if (len > KEYBOX_MAX)
		return -EINVAL;

	fp = filp_open(KEYBOX_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, dst, len, &pos); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);

	filp_close(fp, NULL);
	return n;
}

static const struct file_operations keybox_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= keybox_ioctl,
};
