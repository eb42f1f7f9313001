/* case: a do { } while (0) block breaks out on error before the restore at its end */
/* oracle: entry wdt_ioctl */
/* oracle: values WDT_IOC_SAVE_BOOTSTATUS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define WDT_STATUS_PATH		"/persist/wdt_bootstatus"
#define WDT_IOC_SAVE_BOOTSTATUS	_IO('W', 0x30)

static u32 wdt_bootstatus = 0x20;

static long wdt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	long ret = -ENOTTY;

	if (cmd != WDT_IOC_SAVE_BOOTSTATUS)
		return ret;

	fp = filp_open(WDT_STATUS_PATH, O_WRONLY | O_CREAT, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	do {
		ret = vfs_write(fp, (const char __user *)&wdt_bootstatus, sizeof(wdt_bootstatus), &pos);
		if (ret != sizeof(wdt_bootstatus))
			break;
		ret = vfs_fsync(fp, 0);
		set_fs(old_fs);
	} while (0);
	filp_close(fp, NULL);
	return ret; /* expect: ds-leak */
}

static const struct file_operations wdt_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= wdt_ioctl,
};
