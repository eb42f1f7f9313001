/* case: a 32-bit compat syscall converts the times into a kernel array and raises the limit for it, but passes its own __user filename on to sys_utimes() (and its __user stat buffer to sys_newstat()) inside the window: the native syscall reads the name with the limit raised, so the user picks a kernel address; reported at each call; passing a kernel copy of the name is not */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <linux/uaccess.h>

struct utimbuf32 {
	int actime;
	int modtime;
};

asmlinkage long compat_sys_utime32(char __user *filename, struct utimbuf32 __user *t32)
{
	struct timeval tv[2];
	mm_segment_t saved;
	long ret;

	if (get_user(tv[0].tv_sec, &t32->actime) || get_user(tv[1].tv_sec, &t32->modtime))
		return -EFAULT;
	tv[0].tv_usec = tv[1].tv_usec = 0;
	saved = get_fs();
	set_fs(KERNEL_DS);
	ret = sys_utimes(filename, (struct timeval __user *)tv); /* expect: user-ptr-kernel-ds */
	set_fs(saved);
	return ret;
}

asmlinkage long compat_sys_utime32_copied(char __user *filename, struct utimbuf32 __user *t32)
{
	struct timeval tv[2];
	mm_segment_t saved;
	char *name;
	long ret;

	if (get_user(tv[0].tv_sec, &t32->actime) || get_user(tv[1].tv_sec, &t32->modtime))
		return -EFAULT;
	tv[0].tv_usec = tv[1].tv_usec = 0;
	name = getname(filename);
	if (IS_ERR(name))
		return PTR_ERR(name);
	saved = get_fs();
	set_fs(KERNEL_DS);
	ret = sys_utimes((char __user *)name, (struct timeval __user *)tv);
	set_fs(saved);
	putname(name);
	return ret;
}

asmlinkage long compat_sys_newstat32(char __user *filename, struct stat __user *statbuf)
{
	mm_segment_t saved = get_fs();
	long ret;

	set_fs(KERNEL_DS);
	ret = sys_newstat(filename, statbuf); /* expect: user-ptr-kernel-ds */
	set_fs(saved);
	return ret;
}
