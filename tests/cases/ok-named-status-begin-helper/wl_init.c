/* case: the probe-time loader tests wl_fw_open()'s result against WL_STATUS_SUCCESS and returns at once on failure (the limit was restored there); on success it reads and closes on every path */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>
#include "wl_status.h"

extern struct file *wl_fw_filp;
WL_STATUS wl_fw_open(const char *path);
void wl_fw_close(void);

static u8 wl_fw_buf[8192];

static long wl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	loff_t pos = 0;
	ssize_t n;

	if (wl_fw_open("/vendor/firmware/wl_ram.bin") != WL_STATUS_SUCCESS)
		return -ENOENT;
	n = vfs_read(wl_fw_filp, (char __user *)wl_fw_buf, sizeof(wl_fw_buf), &pos);
	wl_fw_close();
	return n < 0 ? n : 0;
}

static const struct file_operations wl_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= wl_ioctl,
};
