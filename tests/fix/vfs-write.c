// SPDX-License-Identifier: GPL-2.0
/* must rewrite: vfs_write and f_op->read on kernel buffers, restore on an error path */
#include <linux/fs.h>
#include <linux/uaccess.h>

static int gyro_store_cal(struct file *fp, const s16 *cal, size_t n)
{
	mm_segment_t old_fs = get_fs();
	ssize_t w;

	set_fs(KERNEL_DS);
	w = vfs_write(fp, (const char __user *)cal, n * sizeof(*cal), &fp->f_pos);
	if (w < 0) {
		set_fs(old_fs);
		return w;
	}
	set_fs(old_fs);
	return 0;
}

static ssize_t gyro_read_back(struct file *fp, char *buf, size_t len)
{
	mm_segment_t fs;
	ssize_t r;

	fs = get_fs();
	set_fs(get_ds());
	r = fp->f_op->read(fp, (char __user *)buf, len, &fp->f_pos);
	set_fs(fs);
	return r;
}
