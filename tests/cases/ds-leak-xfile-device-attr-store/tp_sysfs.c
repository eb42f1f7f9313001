/* case: DEVICE_ATTR() here names tp_fw_update_store() from another file as a store, which makes it an entry point */
#include <linux/device.h>
#include <linux/sysfs.h>

ssize_t tp_fw_update_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count);

static DEVICE_ATTR(fw_update, 0200, NULL, tp_fw_update_store);

static struct attribute *tp_attrs[] = {
	&dev_attr_fw_update.attr,
	NULL,
};

static const struct attribute_group tp_attr_group = {
	.attrs = tp_attrs,
};

int tp_sysfs_init(struct device *dev)
{
	return sysfs_create_group(&dev->kobj, &tp_attr_group);
}
