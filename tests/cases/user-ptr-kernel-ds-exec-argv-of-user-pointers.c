/* case: x86_64's 32-bit execve until 2.6.6 (sys32_execve): a helper reads each 32-bit argv/envp entry of the user's array with get_user() and stores it, widened to a pointer (`(char *)(u64)val`), into a kernel array; the array goes to do_execve() under KERNEL_DS (`argv ? buf : NULL`), whose copy_strings() reads every string from an address the user chose: reported at the exec, with the store and the helper on the path.  ia64's version handed the user's own filename to sys_execve() as well: reported as a user pointer reaching it */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

extern int do_execve(char *filename, char **argv, char **envp, struct pt_regs *regs);
extern long sys_execve(char *filename, char **argv, char **envp, struct pt_regs *regs);

static int nargs_demo(u32 src, char **dst)
{
	int cnt = 0;
	u32 val;

	do {
		int ret = get_user(val, (u32 *)(u64)src);
		if (ret)
			return ret;
		if (dst)
			dst[cnt] = (char *)(u64)val;
		cnt++;
		src += 4;
	} while (val);
	return cnt;
}

asmlinkage long sys32_execve_demo(char *name, u32 argv, u32 envp, struct pt_regs regs)
{
	mm_segment_t oldseg;
	char **buf;
	int na = nargs_demo(argv, NULL);
	long ret;

	if (na < 0)
		return na;
	buf = kmalloc((na + 1) * sizeof(char *), GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (argv) {
		ret = nargs_demo(argv, buf);
		if (ret < 0)
			goto out;
	}
	name = getname(name);
	ret = PTR_ERR(name);
	if (IS_ERR(name))
		goto out;
	oldseg = get_fs();
	set_fs(KERNEL_DS);
	ret = do_execve(name, argv ? buf : NULL, NULL, &regs); /* expect: user-ptr-kernel-ds */
	set_fs(oldseg);
	putname(name);
out:
	kfree(buf);
	return ret;
}

asmlinkage long sys32_execve_ia64_demo(char *filename, u32 argv, u32 envp, struct pt_regs *regs)
{
	char **av = kmalloc(64 * sizeof(char *), GFP_KERNEL);
	mm_segment_t old_fs = get_fs();
	long r;

	if (!av)
		return -ENOMEM;
	set_fs(KERNEL_DS);
	r = sys_execve(filename, av, NULL, regs); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	kfree(av);
	return r;
}
