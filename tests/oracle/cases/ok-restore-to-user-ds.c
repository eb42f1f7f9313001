/* case: a system call raises without saving and lowers with set_fs(USER_DS): a hygiene fault, but no leak from a syscall */
/* oracle: entry sys_thermal_dump */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define THERMAL_DUMP_PATH	"/data/vendor/thermal_dump"

static s32 thermal_zones[6];

SYSCALL_DEFINE0(thermal_dump)
{
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	fp = filp_open(THERMAL_DUMP_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	set_fs(KERNEL_DS); /* expect: ds-no-save */
	n = vfs_write(fp, (const char __user *)thermal_zones, sizeof(thermal_zones), &pos);
	set_fs(USER_DS);
	filp_close(fp, NULL);
	return n < 0 ? n : 0;
}
