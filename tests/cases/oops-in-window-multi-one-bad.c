/* case: three helpers: BUG_ON before the window, WARN_ON inside one, and only panic() inside a window fires */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

struct rproc_img {
	struct file *fp;
	u8 *mem;
	size_t size;
	loff_t pos;
};

static int rimg_check(struct rproc_img *ri)
{
	mm_segment_t old_fs;
	ssize_t n;

	BUG_ON(!ri->fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(ri->fp, (char __user *)ri->mem, 16, &ri->pos);
	set_fs(old_fs);
	return n == 16 ? 0 : -EIO;
}

static int rimg_load(struct rproc_img *ri)
{
	mm_segment_t old_fs;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(ri->fp, (char __user *)ri->mem, ri->size, &ri->pos);
	WARN_ON(n != ri->size);
	set_fs(old_fs);
	return n < 0 ? n : 0;
}

static void rimg_load_critical(struct rproc_img *ri)
{
	mm_segment_t old_fs;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(ri->fp, (char __user *)ri->mem, ri->size, &ri->pos) != ri->size)
		panic("rproc: cannot load critical image\n"); /* expect: oops-in-window */
	set_fs(old_fs);
}
