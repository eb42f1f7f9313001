/* case: panic() inside a set_fs() window is an oops with the limit raised,
 * even next to a restart (only the restart, halt and power-off calls are
 * not) */
#include <linux/reboot.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <linux/syscalls.h>

int qb_write_or_die(int fd, int reboot)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (sys_write(fd, "--wipe", 6) != 6)
		panic("cannot write the recovery command"); /* expect: oops-in-window */
	if (reboot)
		kernel_restart("recovery");
	set_fs(old_fs);
	return 0;
}
