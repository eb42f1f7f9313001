/* case: a restart, halt or power-off inside a set_fs() window never returns,
 * but no task dies with the limit raised (no do_exit() to write through
 * clear_child_tid), and nothing runs in user mode afterwards: not an oops
 * (telechips QuickBoot writes the recovery command, then kernel_restart()) */
#include <linux/reboot.h>
#include <linux/uaccess.h>
#include <linux/syscalls.h>

int qb_write_cmd_and_reboot(int wipe)
{
	mm_segment_t old_fs = get_fs();
	int fd;

	set_fs(KERNEL_DS);
	fd = sys_open("/cache/recovery/command", O_RDWR | O_CREAT, 0600);
	if (fd >= 0) {
		sys_write(fd, "--wipe", 6);
		sys_close(fd);
	}
	if (wipe)
		kernel_restart("recovery");
	else
		machine_power_off();
	set_fs(old_fs);
	return 0;
}
