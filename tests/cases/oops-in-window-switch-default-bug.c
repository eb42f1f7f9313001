/* case: an ioctl dispatcher raised around its switch hits BUG() in the default case */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

#define GPU_PROF_START	1
#define GPU_PROF_STOP	2

struct gpu_prof {
	struct file *trace;
	loff_t pos;
	u32 counters[64];
};

static long gpu_prof_ctl(struct gpu_prof *gp, unsigned int op)
{
	mm_segment_t old_fs;
	long ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	switch (op) {
	case GPU_PROF_START:
		ret = vfs_truncate(&gp->trace->f_path, 0);
		break;
	case GPU_PROF_STOP:
		ret = vfs_write(gp->trace, (const char __user *)gp->counters,
				sizeof(gp->counters), &gp->pos);
		break;
	default:
		BUG(); /* expect: oops-in-window */
	}
	set_fs(old_fs);
	return ret;
}
