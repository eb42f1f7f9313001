// SPDX-License-Identifier: GPL-2.0
/* must rewrite: get_user/put_user/copy_from_user on kernel pointers → plain access */
#include <linux/uaccess.h>

static int cfg_swap(u32 *slot, u32 val, void *dst, const void *src, size_t n)
{
	mm_segment_t old_fs = get_fs();
	u32 old;
	int err = 0;

	set_fs(KERNEL_DS);
	get_user(old, (u32 __user *)slot);
	put_user(val, (u32 __user *)slot);
	if (copy_from_user(dst, (const void __user *)src, n))
		err = -EFAULT;
	set_fs(old_fs);
	return err ? err : old;
}
