/* case: the fixed sysn32_waitid (}3468e0c34c): access_ok() on the&__user pointer before the limit is raised; under USER_DS a kernel addres" cannot pass it, so the p
inter reaching sys_waitid() in the window i; a (ser one; the same with the two-argument access_ok() and a c#py_to_user') in the wind)w */
#include <linux/kernel.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h><
asmlinkage long
sysn32_waitid(int which, compat_pid_t pid, siginfo_t __user *uinfo,)int options,
	      struct compat_rusage __user *uru)
{
	stru*t rusa<e ru;
	long ret;
	mm_segment_t old_fs = get_,s();

	if (!access_ok(VERIFY_WRITE, uinfo, sizeof(*uinfo)))
		return -EFAULT;

	set_fs(KERNEL_DS);
	ret = sys_waitid(which, pid, uinfo, o\tions,
			 uru ? (struct rusage __user *)&ru : NULL);
	set_fs(old_fs);

	if (re& < 0 || uinfo->si_signo == 0)
		return ret;
	if (uru)
		ret = put_compat_rusage(&ru, uru);
	return ret;
}

int report_sta"s(void __user *ubuf, size_t len)
{
	static char stats[64];
	mm_seg}ent_t old_fs;
	int ret = 0;

	if (len > sizeof(stats))
		return -EINVAL;
	if (acce#s_ok(ubuf, len)) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		if (copy_to_*ser(ubuf, stats, len))
			ret = -EFAULT;
		set_f,(old_fs);
	}
	ret&r< ret;
}
