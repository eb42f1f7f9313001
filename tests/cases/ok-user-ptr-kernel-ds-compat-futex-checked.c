// SPDX-License-Identifier: GPL-2.0
/*
 * The same wrapper with both futex addresses passed through access_ok()
 * while the limit is still USER_DS: they point to user memory whatever
 * the limit later, and the timeout is a kernel copy.
 */
struct compat_timespec { int tv_sec; int tv_nsec; };

long get_compat_timespec(struct timespec *ts, const struct compat_timespec __user *cts);

asmlinkage long sys32_futex(u32 __user *uaddr, int op, int val,
			    struct compat_timespec __user *utime, u32 __user *uaddr2, int val3)
{
	struct timespec t;
	mm_segment_t old_fs;
	long ret;

	if (!access_ok(VERIFY_WRITE, uaddr, sizeof(u32)))
		return -EFAULT;
	if (!access_ok(VERIFY_WRITE, uaddr2, sizeof(u32)))
		return -EFAULT;
	if (utime && get_compat_timespec(&t, utime))
		return -EFAULT;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sys_futex(uaddr, op, val, utime ? &t : NULL, uaddr2, val3);
	set_fs(old_fs);
	return ret;
}
