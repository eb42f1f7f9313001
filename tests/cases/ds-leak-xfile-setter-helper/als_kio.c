/* case: setter helpers in one file save the limit into c->old_fs and raise, or restore it; an ioctl in another file returns between them on a short read (this file: the helpers, silent) */
#include <linux/fs.h>
#include <linux/export.h>
#include <linux/uaccess.h>

struct als_kctx {
	struct file *fp;
	mm_segment_t old_fs;
};

void als_begin_kernel_io(struct als_kctx *c)
{
	c->old_fs = get_fs();
	set_fs(KERNEL_DS);
}
EXPORT_SYMBOL_GPL(als_begin_kernel_io);

void als_end_kernel_io(struct als_kctx *c)
{
	set_fs(c->old_fs);
}
EXPORT_SYMBOL_GPL(als_end_kernel_io);
