/* case: an exec made from the kernel under KERNEL_DS with arrays the kernel built from its own strings (the old kernel_execve() of the architectures, a usermode helper's argv): the argv entries are kernel addresses, and a getname()'d filename is a kernel copy: silent.  So is an array whose entries the user's 32-bit values only count (a length read with get_user(), never stored as a pointer) */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

extern int do_execve(char *filename, char **argv, char **envp, struct pt_regs *regs);

static char *init_argv_demo[] = { "/sbin/init", NULL };
static char *init_envp_demo[] = { "HOME=/", "TERM=linux", NULL };

int kernel_execve_demo(const char *filename, struct pt_regs *regs)
{
	mm_segment_t fs = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = do_execve((char *)filename, init_argv_demo, init_envp_demo, regs);
	set_fs(fs);
	return ret;
}

asmlinkage long sys32_exec_counted_demo(char *name, u32 argc_user, struct pt_regs regs)
{
	mm_segment_t oldseg;
	char **buf;
	u32 n;
	long ret;
	int i;

	if (get_user(n, (u32 *)(u64)argc_user))
		return -EFAULT;
	if (n > 8)
		return -EINVAL;
	buf = kmalloc((n + 1) * sizeof(char *), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		buf[i] = "x";
	buf[n] = NULL;
	name = getname(name);
	ret = PTR_ERR(name);
	if (IS_ERR(name))
		goto out;
	oldseg = get_fs();
	set_fs(KERNEL_DS);
	ret = do_execve(name, buf, NULL, &regs);
	set_fs(oldseg);
	putname(name);
out:
	kfree(buf);
	return ret;
}
