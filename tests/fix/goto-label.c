// SPDX-License-Identifier: GPL-2.0
/* must rewrite: the restore sits under a cleanup label reached by goto; the label stays */
#include <linux/fs.h>

static int cal_write(struct file *filp, const void *hdr, size_t hlen, const char *buf, size_t n)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(filp, (const char __user *)hdr, hlen, &pos);
	if (ret != hlen)
		goto out_restore;
	ret = vfs_write(filp, (const char __user *)buf, n, &pos);
out_restore:
	set_fs(old_fs);
	filp_close(filp, NULL);
	return ret < 0 ? ret : 0;
}

static void cal_sync(struct file *filp)
{
	mm_segment_t fs = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = vfs_fsync(filp, 0);
	if (ret)
		goto out;
	ret = 1;
out:
	set_fs(fs);
}
