/* case: raise and restore both guarded by `src_fd == 0`, a comparison not assigned in between */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/uaccess.h>

struct dfu_state {
	struct file *default_img;
	u8 block[512];
	loff_t pos;
};

static ssize_t dfu_next_block(struct dfu_state *ds, int src_fd)
{
	struct file *src;
	mm_segment_t old_fs;
	ssize_t n;

	if (src_fd == 0) {
		src = ds->default_img;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	} else {
		src = fget(src_fd);
		if (!src)
			return -EBADF;
	}
	n = vfs_read(src, (char __user *)ds->block, sizeof(ds->block), &ds->pos);
	if (src_fd == 0)
		set_fs(old_fs);
	else
		fput(src);
	return n;
}
