/* case: an old kernel's system call by another name (asmlinkage, listed only in the assembly table: SunOS emulation's sunos_*) raises the limit for a kernel copy and returns the failure of the call inside the window without restoring it: the user's program runs on with KERNEL_DS, reported; the twin that restores on every path is silent */
#include <linux/kernel.h>
#include <linux/uaccess.h>

extern asmlinkage long sys_msgctl(int id, int cmd, void *buf);

asmlinkage int sunos_msgctl_demo(int id, int cmd)
{
	char kbuf[64];
	mm_segment_t old_fs = get_fs();
	long r;

	set_fs(KERNEL_DS);
	r = sys_msgctl(id, cmd, kbuf);
	if (r < 0)
		return r; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

asmlinkage int sunos_msgctl_restored(int id, int cmd)
{
	char kbuf[64];
	mm_segment_t old_fs = get_fs();
	long r;

	set_fs(KERNEL_DS);
	r = sys_msgctl(id, cmd, kbuf);
	set_fs(old_fs);
	if (r < 0)
		return r;
	return 0;
}
