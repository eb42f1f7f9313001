/* case: a BUG_ON in the `#if VERSION >= X` arm cannot run in the window opened under `#if VERSION < X` */
#include <linux/version.h>
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct ucode {
	struct file *fp;
	void *buf;
	size_t len;
};

static int ucode_fetch(struct ucode *uc)
{
	loff_t pos = 0;
	ssize_t n;
#if LINUX_VERSION_CODE < KERNEL_VERSION(4,14,0)
	mm_segment_t old_fs;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(uc->fp, (char __user *)uc->buf, uc->len, &pos);
#else
	n = kernel_read(uc->fp, uc->buf, uc->len, &pos);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(4,14,0)
	BUG_ON(n > (ssize_t)uc->len);
#else
	set_fs(old_fs);
#endif
	return n == uc->len ? 0 : -EIO;
}
