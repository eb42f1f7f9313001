/* case: a sysfs store writes a register table to a file in a loop; a failed write breaks out and returns raised */
/* oracle: entry regdump_store */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define REGDUMP_PATH	"/data/vendor/pmic_regs.txt"

static const u8 pmic_regs[] = { 0x01, 0x02, 0x10, 0x11, 0x20 };

static ssize_t regdump_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char line[16];
	ssize_t ret = 0;
	int i, len;

	fp = filp_open(REGDUMP_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	for (i = 0; i < ARRAY_SIZE(pmic_regs); i++) {
		len = scnprintf(line, sizeof(line), "%02x=%02x\n", pmic_regs[i], 0);
		ret = vfs_write(fp, (const char __user *)line, len, &pos);
		if (ret < 0)
			break;
	}
	if (ret < 0) {
		filp_close(fp, NULL);
		return ret; /* expect: ds-leak */
	}
	set_fs(old_fs);
	filp_close(fp, NULL);
	return count;
}
static DEVICE_ATTR_WO(regdump);
