/* case (with fw_main.c): a firmware reader in its own file leaves the
 * limit raised when the read comes up short; the misc device's ioctl in
 * the other file returns to user mode through it.  One finding, at the
 * reader's return, with the ioctl listed under it. */
#include <linux/fs.h>
#include <linux/uaccess.h>

int fw_read_blob(struct file *fp, void *buf, size_t len)
{
	mm_segment_t old = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)buf, len, &pos);
	if (n != len)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old);
	return 0;
}
