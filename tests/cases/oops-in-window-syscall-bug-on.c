/* case: a SYSCALL_DEFINE2 that restores on every path still has a BUG_ON inside its window */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

struct perfmon_state {
	struct file *ctl;
	u32 events[8];
	loff_t pos;
};

static struct perfmon_state *pm_state;

SYSCALL_DEFINE2(perfmon_arm, unsigned int, idx, u32 __user *, uevent)
{
	mm_segment_t old_fs;
	ssize_t n;
	u32 ev;

	if (idx >= ARRAY_SIZE(pm_state->events))
		return -EINVAL;
	if (get_user(ev, uevent))
		return -EFAULT;
	pm_state->events[idx] = ev;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(pm_state->ctl, (const char __user *)pm_state->events,
		      sizeof(pm_state->events), &pm_state->pos);
	BUG_ON(n == 0); /* expect: oops-in-window */
	set_fs(old_fs);

	return n < 0 ? n : 0;
}
