/* case: an old-style asmlinkage sys_* entry point leaves through a goto label placed after the restore */
#include <linux/linkage.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define VPROP_FILE	"/data/property/persist.vendor"
#define VPROP_MAX	1024

asmlinkage long sys_vprop_get(char __user *buf, size_t len)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char *kbuf;
	long ret;

	if (len > VPROP_MAX)
		len = VPROP_MAX;
	kbuf = kzalloc(len, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(VPROP_FILE, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out;
	}
	ret = vfs_read(fp, (char __user *)kbuf, len, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);

	if (ret > 0 && copy_to_user(buf, kbuf, ret))
		ret = -EFAULT;
out:
	kfree(kbuf);
	return ret; /* expect: ds-leak */
}
