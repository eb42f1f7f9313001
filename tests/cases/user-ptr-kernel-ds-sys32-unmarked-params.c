/* case: compat entries written before sparse (no __user marks) named sys32_, as ia64, sparc64 and mips called them: a system call's pointer parameters are the user's by the ABI, so passing the path on to sys_statfs() inside the KERNEL_DS window lets the user pick a kernel address: reported; the same wrapper that reads the name into a kernel copy first is not, and a trap's register frame parameter (struct pt_regs *) is the kernel's */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/statfs.h>
#include <linux/uaccess.h>

struct statfs32;
extern asmlinkage long sys_statfs(const char *path, struct statfs *buf);
static int put_statfs32(struct statfs32 *ubuf, struct statfs *kbuf);
static long show_regs_to(void *dst, struct pt_regs *regs);

asmlinkage long sys32_statfs(const char *path, struct statfs32 *buf)
{
	struct statfs s;
	mm_segment_t old_fs = get_fs();
	long ret;

	set_fs(KERNEL_DS);
	ret = sys_statfs(path, &s); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	if (put_statfs32(buf, &s))
		return -EFAULT;
	return ret;
}

asmlinkage long sys32_statfs_copied(const char *path, struct statfs32 *buf)
{
	struct statfs s;
	mm_segment_t old_fs = get_fs();
	char *kpath;
	long ret;

	kpath = getname(path);
	if (IS_ERR(kpath))
		return PTR_ERR(kpath);
	set_fs(KERNEL_DS);
	ret = sys_statfs(kpath, &s);
	set_fs(old_fs);
	putname(kpath);
	if (put_statfs32(buf, &s))
		return -EFAULT;
	return ret;
}

asmlinkage long sys32_dump_regs(void *out, struct pt_regs *regs)
{
	struct pt_regs copy;
	mm_segment_t old_fs = get_fs();
	long ret;

	set_fs(KERNEL_DS);
	ret = copy_from_user(&copy, regs, sizeof(copy));
	set_fs(old_fs);
	if (ret)
		return -EFAULT;
	return show_regs_to(out, &copy);
}
