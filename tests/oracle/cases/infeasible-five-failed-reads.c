/* case: the window leaks only after five failed reads in a row, more faults than the driver injects into one run */
/* oracle: entry sys_sku_probe */
/* oracle: infeasible the leaking return needs all five reads to fail; the driver fails at most ORACLE_FAULTS (2) calls per run */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/delay.h>
#include <linux/uaccess.h>

#define SKU_PATH	"/proc/device-tree/sku_id"

SYSCALL_DEFINE0(sku_probe)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	char sku[8];
	ssize_t n = -EIO;
	int tries;

	fp = filp_open(SKU_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	for (tries = 0; tries < 5; tries++) {
		pos = 0;
		n = vfs_read(fp, (char __user *)sku, sizeof(sku), &pos);
		if (n >= 0)
			break;
		msleep(5);
	}
	filp_close(fp, NULL);
	if (n < 0)
		return n; /* expect: ds-leak */
	set_fs(old_fs);
	return sku[0];
}
