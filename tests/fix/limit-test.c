// SPDX-License-Identifier: GPL-2.0
/* cannot rewrite: the limit is tested, not only saved */
#include <linux/uaccess.h>

static int dbg_peek(void *dst, const void *src, size_t n)
{
	mm_segment_t old_fs = get_fs();
	int ret;

	if (segment_eq(old_fs, KERNEL_DS))
		return -EINVAL;
	set_fs(KERNEL_DS);
	ret = copy_from_user(dst, (const void __user *)src, n);
	set_fs(old_fs);
	return ret;
}
