/* case: a SYSCALL_DEFINE3 reads a config file into a kernel buffer, restores, then copies to the user buffer */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define VENDOR_CFG_FILE	"/vendor/etc/board.cfg"

SYSCALL_DEFINE3(vendor_cfg_read, loff_t, offset, char __user *, buf, size_t, count)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = offset;
	ssize_t ret;
	char *kbuf;

	if (offset < 0)
		return -EINVAL;
	count = min_t(size_t, count, PAGE_SIZE);
	kbuf = kmalloc(count, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;

	fp = filp_open(VENDOR_CFG_FILE, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		kfree(kbuf);
		return PTR_ERR(fp);
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_read(fp, (char __user *)kbuf, count, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);

	if (ret > 0 && copy_to_user(buf, kbuf, ret))
		ret = -EFAULT;
	kfree(kbuf);
	return ret;
}
