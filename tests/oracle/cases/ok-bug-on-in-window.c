/* case: a BUG_ON inside the window ends the task (an oops in the window) but no path returns raised */
/* oracle: entry sys_gpu_snapshot */
#include <linux/syscalls.h>
#include <linux/bug.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define GPU_SNAPSHOT_PATH	"/data/vendor/gpu/snapshot"

static u8 gpu_regs[128];

SYSCALL_DEFINE0(gpu_snapshot)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(GPU_SNAPSHOT_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)gpu_regs, sizeof(gpu_regs), &pos);
	BUG_ON(n < 0); /* expect: oops-in-window */
	set_fs(old_fs);
	filp_close(fp, NULL);
	return n;
}
