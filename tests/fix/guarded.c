// SPDX-License-Identifier: GPL-2.0
/* must rewrite: the call that needs the limit is already under a version guard: keep the window before 5.10 only */
#include <linux/fs.h>
#include <linux/version.h>

static ssize_t fw_read(struct file *fp, void *buf, size_t len, loff_t *pos)
{
	mm_segment_t old_fs = get_fs();
	ssize_t ret;

	set_fs(KERNEL_DS);
#if LINUX_VERSION_CODE < KERNEL_VERSION(4, 14, 0)
	ret = vfs_read(fp, (char __user *)buf, len, pos);
#else
	ret = kernel_read(fp, buf, len, pos);
#endif
	set_fs(old_fs);
	return ret;
}
