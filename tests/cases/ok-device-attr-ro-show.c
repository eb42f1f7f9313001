/* case: a DEVICE_ATTR_RO show function reads a status file under a balanced window with an early exit */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

#define LTE_STATUS_FILE	"/dev/smd_status"

static ssize_t modem_status_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(LTE_STATUS_FILE, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(old_fs);
		return sprintf(buf, "offline\n");
	}
	n = vfs_read(fp, (char __user *)buf, PAGE_SIZE - 1, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);

	if (n < 0)
		return n;
	buf[n] = '\0';
	return n;
}
static DEVICE_ATTR_RO(modem_status);
