/* case: a system call takes the RCU read lock and hands it to pin_kill(), defined in another file, which drops it (kernel/acct.c + fs/fs_pin.c): a helper elsewhere that releases its caller's lock counts */
#include <linux/syscalls.h>
#include <linux/rcupdate.h>

SYSCALL_DEFINE1(acct, const char __user *, name)
{
	int error = 0;

	if (!capable(CAP_SYS_PACCT))
		return -EPERM;
	if (name) {
		error = acct_on(name);
	} else {
		rcu_read_lock();
		pin_kill(task_active_pid_ns(current)->bacct);
	}
	return error;
}
