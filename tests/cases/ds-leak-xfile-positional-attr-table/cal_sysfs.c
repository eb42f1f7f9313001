/* case: a driver's own attribute struct (name, mode, show, store) filled positionally in an array; the handlers live in another file, so the store that returns with KERNEL_DS is a sysfs entry point (this file: the table) */
#include <linux/device.h>
#include <linux/sysfs.h>

struct cal_attr {
	const char *name;
	umode_t mode;
	ssize_t (*show)(struct device *dev, char *buf);
	ssize_t (*store)(struct device *dev, const char *buf, size_t count);
};

ssize_t cal_data_show(struct device *dev, char *buf);
ssize_t cal_data_store(struct device *dev, const char *buf, size_t count);
ssize_t cal_reset_store(struct device *dev, const char *buf, size_t count);

static struct cal_attr cal_attrs[] = {
	{ "cal_data", 0664, cal_data_show, cal_data_store },
	{ "cal_reset", 0220, NULL, cal_reset_store },
};

int cal_attr_count(void)
{
	return ARRAY_SIZE(cal_attrs);
}
