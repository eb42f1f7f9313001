/* case: access_ok() does not vouch for a pointer when it is tested after the raise (KERNEL_DS lets every address pass) nor when only one path tests it before the raise: both still reported at the sink */
#include <linux/kernel.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

asmlinkage long
sysn32_waitid(int which, compat_pid_t pid, siginfo_t __user *uinfo, int options,
	      struct compat_rusage __user *uru)
{
	struct rusage ru;
	long ret;
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (!access_ok(VERIFY_WRITE, uinfo, sizeof(*uinfo))) {
		set_fs(old_fs);
		return -EFAULT;
	}
	ret = sys_waitid(which, pid, uinfo, options, /* expect: user-ptr-kernel-ds */
			 uru ? (struct rusage __user *)&ru : NULL);
	set_fs(old_fs);
	if (uru)
		ret = put_compat_rusage(&ru, uru);
	return ret;
}

int report_stats(void __user *ubuf, size_t len, int strict)
{
	static char stats[64];
	mm_segment_t old_fs;
	int ret = 0;

	if (len > sizeof(stats))
		return -EINVAL;
	if (strict && !access_ok(ubuf, len))
		return -EFAULT;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (copy_to_user(ubuf, stats, len)) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}
