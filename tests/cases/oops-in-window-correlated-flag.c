/* case: the window is open only when in_kernel is set, but the BUG_ON between raise and restore can run in it */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct sdio_xfer {
	struct file *port;
	loff_t pos;
};

static ssize_t sdio_xfer_out(struct sdio_xfer *x, const char *buf, size_t len,
			     bool in_kernel)
{
	mm_segment_t old_fs;
	ssize_t ret;

	if (in_kernel) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}
	BUG_ON(len > PAGE_SIZE); /* expect: oops-in-window */
	ret = vfs_write(x->port, (const char __user *)buf, len, &x->pos);
	if (in_kernel)
		set_fs(old_fs);
	return ret;
}
