/* case: a DEVICE_ATTR_RO show reads a file under KERNEL_DS and restores before looking at the result */
/* oracle: entry panel_serial_show */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define PANEL_SERIAL_PATH	"/persist/display/serial"

static ssize_t panel_serial_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char raw[24] = { 0 };
	ssize_t n;

	fp = filp_open(PANEL_SERIAL_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)raw, sizeof(raw) - 1, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	if (n < 0)
		return n;
	return sysfs_emit(buf, "%s\n", strim(raw));
}
static DEVICE_ATTR_RO(panel_serial);
