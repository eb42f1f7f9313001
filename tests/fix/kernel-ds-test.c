// SPDX-License-Identifier: GPL-2.0
/* must rewrite: a test of the address limit is always false once the limit is gone (5.10) */
#include <linux/uaccess.h>

static int trace_copy(void *dst, const void __user *src, size_t n)
{
	if (uaccess_kernel())
		return -EPERM;
	if (segment_eq(get_fs(), KERNEL_DS)) {
		pr_warn("trace: kernel caller\n");
		return -EPERM;
	}
	return copy_from_user(dst, src, n) ? -EFAULT : 0;
}
