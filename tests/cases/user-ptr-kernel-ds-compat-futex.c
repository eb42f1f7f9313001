// SPDX-License-Identifier: GPL-2.0
/*
 * A 32-bit futex wrapper converts the timeout into a kernel copy and calls
 * the native syscall under KERNEL_DS, but hands it the user's futex
 * addresses as they are (x86_64 and s390x sys32_futex until 2.6.8): the
 * native code get_user()s the futex word with the limit raised.  The
 * converted timeout is a kernel address and no finding.
 */
struct compat_timespec { int tv_sec; int tv_nsec; };

long get_compat_timespec(struct timespec *ts, const struct compat_timespec __user *cts);

asmlinkage long sys32_futex(u32 __user *uaddr, int op, int val,
			    struct compat_timespec __user *utime, u32 __user *uaddr2, int val3)
{
	struct timespec t;
	mm_segment_t old_fs;
	long ret;

	if (utime && get_compat_timespec(&t, utime))
		return -EFAULT;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sys_futex(uaddr, op, val, utime ? &t : NULL, uaddr2, val3); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}

/* x86_64's form: the address as a number, handed on as it is */
extern long sys_futex(unsigned long uaddr, int op, int val, struct timespec *t);

asmlinkage long sys32_futex_old(unsigned long uaddr, int op, int val,
				struct compat_timespec __user *utime32)
{
	struct timespec t;
	mm_segment_t oldfs = get_fs();
	int err;

	if (utime32 && get_compat_timespec(&t, utime32))
		return -EFAULT;
	set_fs(KERNEL_DS);
	err = sys_futex(uaddr, op, val, utime32 ? &t : NULL); /* expect: user-ptr-kernel-ds */
	set_fs(oldfs);
	return err;
}

/* a number that is no address, in a slot that is none: nothing */
asmlinkage long sys32_nanosleep_old(unsigned long usecs, struct compat_timespec __user *rem32)
{
	struct timespec t = { 0, usecs * 1000 };
	mm_segment_t oldfs = get_fs();
	long err;

	set_fs(KERNEL_DS);
	err = sys_nanosleep(&t, NULL);
	set_fs(oldfs);
	return err;
}
