/* case: an asmlinkage sys_* entry point whose goto cleanup label restores before the only late return */
#include <linux/linkage.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define BOOTREASON_FILE	"/proc/bootreason_raw"

asmlinkage long sys_get_bootreason(char __user *buf, size_t len)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char kbuf[64];
	long ret;

	if (len > sizeof(kbuf))
		len = sizeof(kbuf);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(BOOTREASON_FILE, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out_restore;
	}
	ret = vfs_read(fp, (char __user *)kbuf, len, &pos);
	filp_close(fp, NULL);
out_restore:
	set_fs(old_fs);

	if (ret > 0 && copy_to_user(buf, kbuf, ret))
		ret = -EFAULT;
	return ret;
}
