// SPDX-License-Identifier: GPL-2.0
/* must rewrite: vfs_read on a kernel buffer → kernel_read (4.14) */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

static int tsc_load_cal(const char *path, u8 **out, size_t size)
{
	struct file *filp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;
	u8 *cal;

	cal = kmalloc(size, GFP_KERNEL);
	if (!cal)
		return -ENOMEM;
	filp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(filp)) {
		kfree(cal);
		return PTR_ERR(filp);
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_read(filp, (char __user *)cal, size, &pos);
	set_fs(old_fs);
	filp_close(filp, NULL);
	if (ret != size) {
		kfree(cal);
		return -EIO;
	}
	*out = cal;
	return 0;
}
