// SPDX-License-Identifier: GPL-2.0
/* must rewrite: vfs_readv on kernel iovecs → iov_iter_kvec + vfs_iter_read (4.20) */
#include <linux/fs.h>
#include <linux/uio.h>

static ssize_t dump_read_segments(struct file *filp, struct iovec *vec, int nr, loff_t *pos)
{
	mm_segment_t oldfs = get_fs();
	ssize_t ret;

	set_fs(KERNEL_DS);
	ret = vfs_readv(filp, (const struct iovec __user *)vec, nr, pos, 0);
	set_fs(oldfs);
	return ret;
}
