/* case: a 32-bit compat execve (the sys32_ entries of ia64, sparc64 and mips before compat_sys_) raises the limit for its kernel copies of argv and calls do_execve(): where the exec succeeds the new program starts with USER_DS (the exec resets it), so returning its 0 is fine; the failure path that restores the saved limit before returning is fine; the twin that returns the failure without restoring leaks KERNEL_DS to the caller's program: reported there only */
#include <linux/kernel.h>
#include <linux/binfmts.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

static char **copy_argv32(u32 __user *uargv);

asmlinkage long sys32_execve(char __user *name, u32 __user *uargv, u32 __user *uenvp,
			     struct pt_regs *regs)
{
	mm_segment_t old_fs = get_fs();
	char **av, **ae;
	long r;

	av = copy_argv32(uargv);
	ae = copy_argv32(uenvp);
	if (!av || !ae)
		return -ENOMEM;
	set_fs(KERNEL_DS);
	r = do_execve(name, av, ae, regs);
	if (r < 0) {
		set_fs(old_fs);
		kfree(av);
		kfree(ae);
	}
	return r;
}

asmlinkage long sys32_execve_leaky(char __user *name, u32 __user *uargv, u32 __user *uenvp,
				   struct pt_regs *regs)
{
	mm_segment_t old_fs = get_fs();
	char **av, **ae;
	long r;

	av = copy_argv32(uargv);
	ae = copy_argv32(uenvp);
	if (!av || !ae)
		return -ENOMEM;
	set_fs(KERNEL_DS);
	r = do_execve(name, av, ae, regs);
	if (r < 0) {
		kfree(av);
		kfree(ae);
		return r; /* expect: ds-leak */
	}
	set_fs(old_fs);
	return r;
}
