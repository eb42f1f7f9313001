/* case: a recursive config parser (include lines recurse inside its window) returns raised when a nested include fails; the sysfs store that calls it returns raised too */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define PANEL_CFG_ROOT		"/vendor/etc/panel/main.cfg"
#define PANEL_CFG_MAX_DEPTH	4

struct panel_cfg {
	struct device *dev;
	char line[128];
	unsigned int nr_entries;
};

int panel_cfg_apply_line(struct panel_cfg *pc, const char *line);

static int panel_cfg_parse(struct panel_cfg *pc, const char *path, int depth)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	int ret = 0;

	if (depth > PANEL_CFG_MAX_DEPTH)
		return -ELOOP;

	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	while ((n = vfs_read(fp, (char __user *)pc->line, sizeof(pc->line) - 1, &pos)) > 0) {
		pc->line[n] = '\0';
		strim(pc->line);
		if (!strncmp(pc->line, "include ", 8)) {
			ret = panel_cfg_parse(pc, pc->line + 8, depth + 1);
			if (ret) {
				filp_close(fp, NULL);
				return ret; /* expect: ds-unbalanced */
			}
			continue;
		}
		ret = panel_cfg_apply_line(pc, pc->line);
		if (ret)
			break;
		pc->nr_entries++;
	}
	set_fs(old_fs);

	filp_close(fp, NULL);
	return ret;
}

static ssize_t panel_cfg_store(struct device *dev, struct device_attribute *attr,
			       const char *buf, size_t count)
{
	struct panel_cfg *pc = dev_get_drvdata(dev);
	int ret;

	pc->nr_entries = 0;
	ret = panel_cfg_parse(pc, PANEL_CFG_ROOT, 0);
	return ret < 0 ? ret : count; /* expect: ds-leak */
}
static DEVICE_ATTR(reload_cfg, 0200, NULL, panel_cfg_store);
