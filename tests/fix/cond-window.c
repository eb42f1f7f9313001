// SPDX-License-Identifier: GPL-2.0
/* cannot rewrite: the window is opened only for kernel segments, the same call runs on user buffers otherwise */
#include <linux/fs.h>

static ssize_t osi_rdwr(struct file *fp, char *buf, size_t n, loff_t *pos, int sys)
{
	mm_segment_t old_fs = get_fs();
	ssize_t r;

	if (sys)
		set_fs(KERNEL_DS);
	r = vfs_read(fp, (char __user *)buf, n, pos);
	if (sys)
		set_fs(old_fs);
	return r;
}
