/* case: a COMPAT_SYSCALL_DEFINE3 converts its argument and raises without saving the caller's limit */
#include <linux/compat.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <linux/uaccess.h>

struct vsleep_req {
	struct timespec64 ts;
	u32 flags;
};

long do_vsleep(unsigned int clk, struct vsleep_req __user *req);

COMPAT_SYSCALL_DEFINE3(vsleep, unsigned int, clk, struct old_timespec32 __user *, uts, u32, flags)
{
	struct vsleep_req kreq;
	long ret;

	if (get_old_timespec32(&kreq.ts, uts))
		return -EFAULT;
	kreq.flags = flags;

	set_fs(KERNEL_DS); /* expect: ds-no-save */
	ret = do_vsleep(clk, (struct vsleep_req __user *)&kreq);
	set_fs(USER_DS);

	return ret;
}
