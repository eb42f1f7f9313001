/* case: 32-bit layers older than compat_ptr() took a user address as a u32 and widened it with a macro of their own (sparc64's A()): a system call parameter the body casts to a pointer type is a user pointer, so handing `(char *)A(filename)` to sys_utime() or `(unsigned int *)A(stat_addr)` to sys_wait4() inside the KERNEL_DS window lets the user pick a kernel address: reported; numbers never cast to a pointer (a descriptor, a length) are not, nor is the kernel copy a fixed wrapper hands on */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define A(x) ((unsigned long)x)

struct utimbuf;
extern asmlinkage long sys_utime(char *filename, struct utimbuf *times);
extern asmlinkage long sys_wait4(int pid, unsigned int *stat_addr, int options, void *ru);
extern asmlinkage long sys_read(unsigned int fd, char *buf, size_t count);
static int put_rusage32(u32 ru, void *r);
static char *getname32(u32 filename);

asmlinkage int sys32_utime(u32 filename, u32 times)
{
	struct utimbuf *t = NULL;
	unsigned long old_fs = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = sys_utime((char *)A(filename), t); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	return ret;
}

asmlinkage int sys32_wait4(int pid, u32 stat_addr, int options, u32 ru)
{
	char r[64];
	unsigned long old_fs = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = sys_wait4(pid, (unsigned int *)A(stat_addr), options, r); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	if (put_rusage32(ru, r))
		return -EFAULT;
	return ret;
}

asmlinkage int sys32_read_into(unsigned int fd, u32 count)
{
	char kbuf[64];
	unsigned long old_fs = get_fs();
	int ret;

	if (count > sizeof(kbuf))
		count = sizeof(kbuf);
	set_fs(KERNEL_DS);
	ret = sys_read(fd, kbuf + count / 2, count / 2);
	set_fs(old_fs);
	return ret;
}

asmlinkage int sys32_utime_fixed(u32 filename, u32 times)
{
	struct utimbuf *t = NULL;
	unsigned long old_fs;
	char *kname = getname32(filename);
	int ret;

	if (IS_ERR(kname))
		return PTR_ERR(kname);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = sys_utime(kname, t);
	set_fs(old_fs);
	return ret;
}
