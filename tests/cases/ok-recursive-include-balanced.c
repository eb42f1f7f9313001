/* case: a recursive config parser whose include lines recurse inside its window and that restores on every path, including a failed nested include; its sysfs store stays silent */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define TP_CFG_ROOT		"/vendor/etc/touch/main.cfg"
#define TP_CFG_MAX_DEPTH	4

struct tp_cfg {
	struct device *dev;
	char line[128];
	unsigned int nr_entries;
};

int tp_cfg_apply_line(struct tp_cfg *tc, const char *line);

static int tp_cfg_parse(struct tp_cfg *tc, const char *path, int depth)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	int ret = 0;

	if (depth > TP_CFG_MAX_DEPTH)
		return -ELOOP;

	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	while ((n = vfs_read(fp, (char __user *)tc->line, sizeof(tc->line) - 1, &pos)) > 0) {
		tc->line[n] = '\0';
		strim(tc->line);
		if (!strncmp(tc->line, "include ", 8))
			ret = tp_cfg_parse(tc, tc->line + 8, depth + 1);
		else
			ret = tp_cfg_apply_line(tc, tc->line);
		if (ret)
			break;
		tc->nr_entries++;
	}
	set_fs(old_fs);

	filp_close(fp, NULL);
	return ret;
}

static ssize_t tp_cfg_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct tp_cfg *tc = dev_get_drvdata(dev);
	int ret;

	tc->nr_entries = 0;
	ret = tp_cfg_parse(tc, TP_CFG_ROOT, 0);
	if (ret < 0)
		return ret;
	return count;
}
static DEVICE_ATTR(reload_cfg, 0200, NULL, tp_cfg_store);
