/* case: the fixed sysn32_waitid (f3468e0c34c): access_ok() on the __user pointer before the limit is raised; under USER_DS a kernel address cannot pass it, so the pointer reaching sys_waitid() in the window is a user one; the same with the two-argument access_ok() and a copy_to_user() in the window */
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

	if (!access_ok(VERIFY_WRITE, uinfo, sizeof(*uinfo)))
		return -EFAULT;

	set_fs(KERNEL_DS);
	ret = sys_waitid(which, pid, uinfo, options,
			 uru ? (struct rusage __user *)&ru : NULL);
	set_fs(old_fs);

	if (ret < 0 || uinfo->si_signo == 0)
		return ret;
	if (uru)
		ret = put_compat_rusage(&ru, uru);
	return ret;
}

int report_stats(void __user *ubuf, size_t len)
{
	static char stats[64];
	mm_segment_t old_fs;
	int ret = 0;

	if (len > sizeof(stats))
		return -EINVAL;
	if (access_ok(ubuf, len)) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		if (copy_to_user(ubuf, stats, len))
			ret = -EFAULT;
		set_fs(old_fs);
	}
	return ret;
}
