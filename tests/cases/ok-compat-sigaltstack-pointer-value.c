/* case: a compat sigaltstack (mips, s390, sparc of 3.x) converts the 32-bit stack_t, keeping the user's stack address as compat_ptr() in ss_sp, and calls do_sigaltstack() with (stack_t __user *)&kss under KERNEL_DS; do_sigaltstack reads the struct with __get_user but only keeps ss_sp as a value for later signal delivery, and the object goes over as a pointer, not as an ioctl argument to a native handler: silent */
#include <linux/kernel.h>
#include <linux/compat.h>
#include <linux/signal.h>
#include <linux/uaccess.h>

typedef struct compat_sigaltstack32 {
	compat_uptr_t ss_sp;
	int ss_flags;
	compat_size_t ss_size;
} stack_t32;

int do_sigaltstack(const stack_t __user *uss, stack_t __user *uoss, unsigned long sp)
{
	stack_t ss;
	void __user *ss_sp;

	if (!uss)
		return 0;
	if (__get_user(ss_sp, &uss->ss_sp) || __get_user(ss.ss_flags, &uss->ss_flags) ||
	    __get_user(ss.ss_size, &uss->ss_size))
		return -EFAULT;
	current->sas_ss_sp = (unsigned long)ss_sp;
	current->sas_ss_size = ss.ss_size;
	return 0;
}

long compat_sys_sigaltstack32(const stack_t32 __user *uss_ptr, stack_t32 __user *uoss_ptr, unsigned long sp)
{
	stack_t kss;
	mm_segment_t old_fs;
	compat_uptr_t ss_sp;
	int ret;

	if (get_user(ss_sp, &uss_ptr->ss_sp) || __get_user(kss.ss_size, &uss_ptr->ss_size) ||
	    __get_user(kss.ss_flags, &uss_ptr->ss_flags))
		return -EFAULT;
	kss.ss_sp = compat_ptr(ss_sp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = do_sigaltstack((stack_t __user *)&kss, NULL, sp);
	set_fs(old_fs);
	return ret;
}
