/* case: a compat syscall raises the limit for its kernel rusage and passes its own siginfo __user pointer to sys_waitid(), which put_user()s the siginfo there (mips sysn32_waitid before f3468e0c34c): reported at the sys_waitid call; a second syscall does the same with sys_wait4's stat_addr */
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
	ret = sys_waitid(which, pid, uinfo, options, /* expect: user-ptr-kernel-ds */
			 uru ? (struct rusage __user *)&ru : NULL);
	set_fs(old_fs);

	if (ret < 0 || uinfo->si_signo == 0)
		return ret;
	if (uru)
		ret = put_compat_rusage(&ru, uru);
	return ret;
}

asmlinkage long
sysn32_wait4(compat_pid_t pid, unsigned int __user *stat_addr, int options,
	     struct compat_rusage __user *uru)
{
	struct rusage ru;
	long ret;
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	ret = sys_wait4(pid, stat_addr, options, /* expect: user-ptr-kernel-ds */
			uru ? (struct rusage __user *)&ru : NULL);
	set_fs(old_fs);
	if (ret >= 0 && uru)
		ret = put_compat_rusage(&ru, uru);
	return ret;
}
