/* case: a module parameter .set handler (reached from a sysfs write) persists the new value to a file and returns raised when the write fails; the kernel_param_ops naming it is in another file (this file: the handler) */
#include <linux/moduleparam.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

#define DBGLVL_PERSIST_PATH	"/persist/wlan_dbglvl"

int wlan_dbglvl;

int wlan_dbglvl_set(const char *val, const struct kernel_param *kp)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	char tmp[16];
	int len, ret;

	ret = param_set_int(val, kp);
	if (ret)
		return ret;

	fp = filp_open(DBGLVL_PERSIST_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return 0;
	len = scnprintf(tmp, sizeof(tmp), "%d\n", wlan_dbglvl);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(fp, (const char __user *)tmp, len, &pos);
	filp_close(fp, NULL);
	if (ret != len)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}
