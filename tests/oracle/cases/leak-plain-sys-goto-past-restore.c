/* case: an old-style asmlinkage sys_* call jumps to an exit label placed after the restore */
/* oracle: entry sys_bootstat */
#include <linux/linkage.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define BOOTSTAT_PATH	"/proc/bootstat_raw"

asmlinkage long sys_bootstat(char __user *ubuf, unsigned int len)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char *kbuf;
	long ret;

	if (len == 0 || len > 512)
		return -EINVAL;
	kbuf = kmalloc(len, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(BOOTSTAT_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out;
	}
	ret = vfs_read(fp, (char __user *)kbuf, len, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);
	if (ret > 0 && copy_to_user(ubuf, kbuf, ret))
		ret = -EFAULT;
out:
	kfree(kbuf);
	return ret; /* expect: ds-leak */
}
