/* case: probe_kernel_read() and probe_kernel_write() raise the limit to KERNEL_DS themselves to access an address that may fault, so a user pointer given to one reads or writes kernel memory at an address the user chose, whatever the caller's limit: a hook that reads the user's path through its `const char __user **` argument (KernelSU's faccessat hook on kernels before 5.3, fixed in 2023), a system call's own buffer, a __user destination written: each reported */
#include <linux/kernel.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

int hook_faccessat_demo(int *dfd, const char __user **filename_user, int *mode)
{
	char path[16];

	memset(path, 0, sizeof(path));
	probe_kernel_read(path, *filename_user, sizeof(path)); /* expect: user-ptr-kernel-ds */
	return !memcmp(path, "/system/bin/su", 15);
}

SYSCALL_DEFINE2(peek_demo, const void __user *, addr, unsigned long __user *, out)
{
	unsigned long v;

	if (probe_kernel_read(&v, addr, sizeof(v))) /* expect: user-ptr-kernel-ds */
		return -EFAULT;
	return put_user(v, out);
}

long poke_user_demo(void __user *dst, unsigned long v)
{
	return probe_kernel_write(dst, &v, sizeof(v)); /* expect: user-ptr-kernel-ds */
}
