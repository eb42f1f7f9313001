/* case: an ioctl saves the limit but then "restores" with set_fs(USER_DS) instead of the saved value */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define WDT_IOC_SAVE_STATE	_IO('W', 0x40)

struct wdt_priv {
	struct file *state;
	u32 timeout;
	u32 pretimeout;
	loff_t pos;
};

static long wdt_ext_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct wdt_priv *wp = file->private_data;
	mm_segment_t old_fs;
	u32 rec[2];
	ssize_t n;

	if (cmd != WDT_IOC_SAVE_STATE)
		return -ENOTTY;

	rec[0] = wp->timeout;
	rec[1] = wp->pretimeout;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(wp->state, (const char __user *)rec, sizeof(rec), &wp->pos);
	set_fs(USER_DS); /* expect: ds-no-save */

	return n == sizeof(rec) ? 0 : -EIO;
}

static const struct file_operations wdt_ext_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= wdt_ext_ioctl,
};
