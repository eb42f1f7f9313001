/* case: a SYSCALL_DEFINE3 raises before filp_open and its IS_ERR branch returns without restoring */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

SYSCALL_DEFINE3(vcfg_read, const char __user *, name, char __user *, buf, size_t, count)
{
	char path[64];
	struct file *filp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char *kbuf;
	ssize_t ret;

	if (count > PAGE_SIZE)
		count = PAGE_SIZE;
	if (strncpy_from_user(path, name, sizeof(path)) < 0)
		return -EFAULT;
	path[sizeof(path) - 1] = '\0';

	kbuf = kmalloc(count, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	filp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(filp)) {
		kfree(kbuf);
		return PTR_ERR(filp); /* expect: ds-leak */
	}
	ret = vfs_read(filp, (char __user *)kbuf, count, &pos);
	filp_close(filp, NULL);
	set_fs(old_fs);

	if (ret > 0 && copy_to_user(buf, kbuf, ret))
		ret = -EFAULT;
	kfree(kbuf);
	return ret;
}
