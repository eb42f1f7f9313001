/* case: a system call checks the capability after raising and returns -EPERM still raised */
/* oracle: entry sys_fuse_blow */
#include <linux/syscalls.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define EFUSE_NODE	"/dev/efuse_raw"

SYSCALL_DEFINE2(fuse_blow, unsigned int, bank, u32, value)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n;

	if (bank > 7)
		return -EINVAL;
	fp = filp_open(EFUSE_NODE, O_WRONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (!capable(CAP_SYS_RAWIO)) {
		filp_close(fp, NULL);
		return -EPERM; /* expect: ds-leak */
	}
	pos = bank * sizeof(u32);
	n = vfs_write(fp, (const char __user *)&value, sizeof(value), &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	return n < 0 ? n : 0;
}
