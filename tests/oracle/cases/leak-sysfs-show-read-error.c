/* case: a sysfs show reads a status file under KERNEL_DS and returns the read error before restoring */
/* oracle: entry battery_cycles_show */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CYCLES_PATH	"/persist/battery/cycles"

static ssize_t battery_cycles_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char raw[16] = { 0 };
	ssize_t n;

	fp = filp_open(CYCLES_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)raw, sizeof(raw) - 1, &pos);
	filp_close(fp, NULL);
	if (n < 0)
		return n; /* expect: ds-leak */
	set_fs(old_fs);
	return scnprintf(buf, PAGE_SIZE, "%s\n", raw);
}
static DEVICE_ATTR(battery_cycles, 0444, battery_cycles_show, NULL);
