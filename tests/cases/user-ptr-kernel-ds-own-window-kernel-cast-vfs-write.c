/* case: an extern helper casts its own __user parameter to a kernel pointer, raises the limit and hands it to vfs_write; with no caller in sight, the __user annotation says callers pass user pointers, which vfs_write then reads as kernel addresses: reported at vfs_write */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct dump_ctx {
	struct file *filp;
	loff_t pos;
	mm_segment_t saved_fs;
};

static void dump_kernel_ds(struct dump_ctx *c)
{
	c->saved_fs = get_fs();
	set_fs(KERNEL_DS);
}

static void dump_restore_ds(struct dump_ctx *c)
{
	set_fs(c->saved_fs);
}

ssize_t dump_write_user(struct dump_ctx *c, const char __user *ubuf, size_t len)
{
	const char *kptr = (const char *)ubuf;
	ssize_t n;

	dump_kernel_ds(c);
	n = vfs_write(c->filp, (const char __user *)kptr, len, &c->pos); /* expect: user-ptr-kernel-ds */
	dump_restore_ds(c);
	return n;
}
