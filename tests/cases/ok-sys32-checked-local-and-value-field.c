/* case: two compat entries that are safe under KERNEL_DS: a sysctl wrapper whose local user pointers (compat_ptr() of the user's 32-bit struct) each pass access_ok() before the raise, so in the window they still point to user memory; and a sigqueueinfo wrapper whose kernel siginfo keeps the user's fault address as a value, handed to sys_rt_sigqueueinfo(), which queues the struct and never follows that field: silent */
#include <linux/kernel.h>
#include <linux/compat.h>
#include <linux/signal.h>
#include <linux/sysctl.h>
#include <linux/uaccess.h>

struct sysctl32_args {
	u32 name;
	int nlen;
	u32 oldval;
	u32 oldlenp;
};

static int do_sysctl_names(int __user *name, int nlen, void __user *oldval, size_t __user *oldlenp)
{
	int first;

	if (nlen <= 0 || get_user(first, name))
		return -EFAULT;
	return first == CTL_KERN ? 0 : -ENOTDIR;
}

asmlinkage long sys32_sysctl_demo(struct sysctl32_args __user *uargs)
{
	struct sysctl32_args a32;
	mm_segment_t old_fs = get_fs();
	int __user *namep;
	void __user *oldvalp;
	size_t oldlen = 0;
	long ret;

	if (copy_from_user(&a32, uargs, sizeof(a32)))
		return -EFAULT;
	namep = compat_ptr(a32.name);
	oldvalp = compat_ptr(a32.oldval);
	if (!access_ok(VERIFY_READ, namep, a32.nlen * sizeof(int)) ||
	    !access_ok(VERIFY_WRITE, oldvalp, 0))
		return -EFAULT;
	set_fs(KERNEL_DS);
	ret = do_sysctl_names(namep, a32.nlen, oldvalp, (size_t __user *)&oldlen);
	set_fs(old_fs);
	if (put_user(oldlen, (u32 __user *)compat_ptr(a32.oldlenp)))
		return -EFAULT;
	return ret;
}

struct siginfo32_demo {
	int si_signo;
	int si_code;
	u32 si_addr;
};

asmlinkage long sys32_rt_sigqueueinfo_demo(int pid, int sig, struct siginfo32_demo __user *uinfo)
{
	mm_segment_t old_fs = get_fs();
	siginfo_t info;
	u32 addr;
	long ret;

	memset(&info, 0, sizeof(info));
	if (get_user(info.si_signo, &uinfo->si_signo) || get_user(info.si_code, &uinfo->si_code) ||
	    get_user(addr, &uinfo->si_addr))
		return -EFAULT;
	info.si_addr = compat_ptr(addr);
	set_fs(KERNEL_DS);
	ret = sys_rt_sigqueueinfo(pid, sig, (siginfo_t __user *)&info);
	set_fs(old_fs);
	return ret;
}
