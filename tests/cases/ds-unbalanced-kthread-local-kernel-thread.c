/* case: OpenVZ's checkpointing starts its tar helper with
 * local_kernel_thread() (its kernel_thread() for a container); the thread
 * function raises the limit to open /dev/null and returns on failure
 * without restoring it.  A kernel thread never returns to user mode: the
 * note, not the warning (api.def's thread starters, one row each). */
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/uaccess.h>

extern int local_kernel_thread(int (*fn)(void *), void *arg, unsigned long flags, pid_t pid);
extern long sc_open(const char *path, int flags, int mode);

static int dumptmpfs(void *arg)
{
	mm_segment_t old = get_fs();
	long fd0;

	set_fs(KERNEL_DS);
	fd0 = sc_open("/dev/null", O_RDONLY, 0);
	if (fd0 < 0)
		return 255 << 8; /* expect: ds-unbalanced-kthread */
	set_fs(old);
	return 0;
}

int cpt_dump_tmpfs(void *args)
{
	return local_kernel_thread(dumptmpfs, args, SIGCHLD, 0);
}
