// SPDX-License-Identifier: GPL-2.0
/*
 * calstore - persist calibration data written through sysfs
 *
 * The module registers a platform device with a write-only
 * "calibration" attribute.  Whatever is written there is stored, behind
 * a small header, in a file on the root filesystem so that a loader can
 * pick it up on the next boot.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/platform_device.h>
#include <linux/device.h>
#include <linux/sysfs.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/crc32.h>
#include <linux/uaccess.h>

#define CALSTORE_MAGIC		0x4c414346	/* "FCAL" */

static char *cal_path = "/var/lib/calstore/calibration.bin";
module_param(cal_path, charp, 0444);
MODULE_PARM_DESC(cal_path, "File the calibration data is written to");

struct calstore_hdr {
	__le32 magic;
	__le32 len;
	__le32 crc;
} __packed;

struct calstore {
	struct device *dev;
	struct mutex lock;
	size_t stored;
};

static struct platform_device *calstore_pdev;

static ssize_t calstore_write_file(struct calstore *cs, const char *buf,
				   size_t count)
{
	struct calstore_hdr hdr;
	struct file *filp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;

	hdr.magic = cpu_to_le32(CALSTORE_MAGIC);
	hdr.len = cpu_to_le32(count);
	hdr.crc = cpu_to_le32(crc32_le(~0, buf, count));

	filp = filp_open(cal_path, O_CREAT | O_WRONLY | O_TRUNC, 0600);
	if (IS_ERR(filp)) {
		dev_err(cs->dev, "cannot open %s: %ld\n", cal_path,
			PTR_ERR(filp));
		return PTR_ERR(filp);
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(filp, (const char __user *)&hdr, sizeof(hdr), &pos);
	if (ret != sizeof(hdr))
		goto out_restore;
	ret = vfs_write(filp, (const char __user *)buf, count, &pos);
out_restore:
	set_fs(old_fs);
	filp_close(filp, NULL);

	if (ret >= 0 && pos != sizeof(hdr) + count)
		ret = -EIO;
	return ret;
}

static ssize_t calibration_store(struct device *dev,
				 struct device_attribute *attr,
				 const char *buf, size_t count)
{
	struct calstore *cs = dev_get_drvdata(dev);
	ssize_t ret;

	if (!count || count > PAGE_SIZE - sizeof(struct calstore_hdr))
		return -EINVAL;

	mutex_lock(&cs->lock);
	ret = calstore_write_file(cs, buf, count);
	if (ret >= 0)
		cs->stored = count;
	mutex_unlock(&cs->lock);

	return ret < 0 ? ret : count;
}
static DEVICE_ATTR_WO(calibration);

static ssize_t stored_show(struct device *dev, struct device_attribute *attr,
			   char *buf)
{
	struct calstore *cs = dev_get_drvdata(dev);
	size_t stored;

	mutex_lock(&cs->lock);
	stored = cs->stored;
	mutex_unlock(&cs->lock);

	return sprintf(buf, "%zu\n", stored);
}
static DEVICE_ATTR_RO(stored);

static struct attribute *calstore_attrs[] = {
	&dev_attr_calibration.attr,
	&dev_attr_stored.attr,
	NULL
};

static const struct attribute_group calstore_group = {
	.attrs = calstore_attrs,
};

static int calstore_probe(struct platform_device *pdev)
{
	struct calstore *cs;

	cs = devm_kzalloc(&pdev->dev, sizeof(*cs), GFP_KERNEL);
	if (!cs)
		return -ENOMEM;

	cs->dev = &pdev->dev;
	mutex_init(&cs->lock);
	platform_set_drvdata(pdev, cs);

	return sysfs_create_group(&pdev->dev.kobj, &calstore_group);
}

static int calstore_remove(struct platform_device *pdev)
{
	sysfs_remove_group(&pdev->dev.kobj, &calstore_group);
	return 0;
}

static struct platform_driver calstore_driver = {
	.probe	= calstore_probe,
	.remove	= calstore_remove,
	.driver	= {
		.name = "calstore",
	},
};

static int __init calstore_init(void)
{
	int ret;

	ret = platform_driver_register(&calstore_driver);
	if (ret)
		return ret;

	calstore_pdev = platform_device_register_simple("calstore", -1,
							NULL, 0);
	if (IS_ERR(calstore_pdev)) {
		platform_driver_unregister(&calstore_driver);
		return PTR_ERR(calstore_pdev);
	}

	return 0;
}

static void __exit calstore_exit(void)
{
	platform_device_unregister(calstore_pdev);
	platform_driver_unregister(&calstore_driver);
}

module_init(calstore_init);
module_exit(calstore_exit);

MODULE_DESCRIPTION("Calibration data store");
MODULE_LICENSE("GPL");
