/* case: each loop iteration opens its own window and closes it before any break or continue */
/* oracle: entry sys_cfgsync */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

static const char *const cfgsync_paths[] = {
	"/etc/cfgsync/a.conf",
	"/etc/cfgsync/b.conf",
	"/etc/cfgsync/c.conf",
};

SYSCALL_DEFINE2(cfgsync, char __user *, ubuf, size_t, len)
{
	char kbuf[64];
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n, total = 0;
	int i;

	if (len > sizeof(kbuf))
		len = sizeof(kbuf);
	for (i = 0; i < ARRAY_SIZE(cfgsync_paths); i++) {
		fp = filp_open(cfgsync_paths[i], O_RDONLY, 0);
		if (IS_ERR(fp))
			continue;
		pos = 0;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_read(fp, (char __user *)kbuf, len, &pos);
		set_fs(old_fs);
		filp_close(fp, NULL);
		if (n < 0)
			break;
		if (n == 0)
			continue;
		total += n;
	}
	if (total && copy_to_user(ubuf, kbuf, min_t(size_t, len, total)))
		return -EFAULT;
	return total;
}
