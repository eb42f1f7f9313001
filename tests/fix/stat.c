// SPDX-License-Identifier: GPL-2.0
/* must rewrite: vfs_stat into a kernel struct kstat → kern_path + vfs_getattr (4.11) */
#include <linux/fs.h>
#include <linux/stat.h>

static loff_t fw_size(const char *path)
{
	struct kstat st;
	mm_segment_t old_fs;
	int err;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	err = vfs_stat((const char __user *)path, &st);
	set_fs(old_fs);
	return err ? err : st.size;
}
