// SPDX-License-Identifier: GPL-2.0
/* must rewrite: use_mm/unuse_mm in a kernel thread with set_fs(USER_DS) → kthread_use_mm (5.8) */
#include <linux/mmu_context.h>
#include <linux/uaccess.h>

static int aio_worker_copy(struct mm_struct *mm, void __user *ubuf, const void *kbuf, size_t n)
{
	mm_segment_t oldfs = get_fs();
	int ret = 0;

	set_fs(USER_DS);
	use_mm(mm);
	if (copy_to_user(ubuf, kbuf, n))
		ret = -EFAULT;
	unuse_mm(mm);
	set_fs(oldfs);
	return ret;
}
