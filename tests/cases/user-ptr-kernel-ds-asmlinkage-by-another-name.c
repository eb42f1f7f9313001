/* case: old kernels' system calls by other names (IRIX's irix_xstat(), x86-64's ia32_utime(), SunOS's sunos_msgsys()): asmlinkage, listed only in an assembly table, written before sparse (no __user marks); their pointer parameters are the user's by the ABI, so handing the path to sys_newstat() inside the KERNEL_DS window lets the user pick a kernel address: reported (fix 73136fa555 copies the name first, as the twin does: silent); a trap handler is asmlinkage too, but the frame it is handed is the kernel's: silent */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/stat.h>
#include <linux/uaccess.h>

extern asmlinkage long sys_newstat(char *filename, struct stat *statbuf);
static int irix_xstat_copy(struct stat *kst, void *ubuf);
static void show_frame_words(unsigned long *sp);

asmlinkage int irix_xstat_demo(int version, char *filename, void *statbuf)
{
	struct stat kst;
	mm_segment_t old_fs = get_fs();
	int ret;

	set_fs(KERNEL_DS);
	ret = sys_newstat(filename, &kst); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	if (ret)
		return ret;
	return irix_xstat_copy(&kst, statbuf);
}

asmlinkage int irix_xstat_fixed(int version, char *filename, void *statbuf)
{
	struct stat kst;
	mm_segment_t old_fs = get_fs();
	char *name;
	int ret;

	name = getname(filename);
	if (IS_ERR(name))
		return PTR_ERR(name);
	set_fs(KERNEL_DS);
	ret = sys_newstat(name, &kst);
	set_fs(old_fs);
	putname(name);
	if (ret)
		return ret;
	return irix_xstat_copy(&kst, statbuf);
}

struct frame {
	unsigned long sp;
	unsigned long pc;
};

asmlinkage void buserr_demo(struct frame *fp)
{
	mm_segment_t old_fs = get_fs();
	unsigned short c;

	set_fs(KERNEL_DS);
	get_user(c, (unsigned short *)fp);
	set_fs(old_fs);
	show_frame_words((unsigned long *)fp->sp);
}
