/* case: every early return sits before the raise; the window holds no exit */
/* oracle: entry sys_dbgfs_dump */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define DBG_DUMP_PATH	"/data/local/tmp/dbg.bin"
#define DBG_MAX		1024

SYSCALL_DEFINE3(dbgfs_dump, const char __user *, ubuf, size_t, len, unsigned int, flags)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;
	char *kbuf;

	if (flags & ~1U)
		return -EINVAL;
	if (!len || len > DBG_MAX)
		return -EINVAL;
	kbuf = memdup_user(ubuf, len);
	if (IS_ERR(kbuf))
		return PTR_ERR(kbuf);
	fp = filp_open(DBG_DUMP_PATH, O_WRONLY | O_CREAT | (flags ? O_APPEND : O_TRUNC), 0600);
	if (IS_ERR(fp)) {
		kfree(kbuf);
		return PTR_ERR(fp);
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)kbuf, len, &pos);
	set_fs(old_fs);

	filp_close(fp, NULL);
	kfree(kbuf);
	return n;
}
