/* case: probe assigns hw->do_io = one of two functions (assignment, no initializer); the legacy one returns raised on a failed write, so it is ds-unbalanced and the sysfs store that calls hw->do_io() may return raised */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/kstrtox.h>
#include <linux/uaccess.h>

#define FAN_REG_DUTY	0x04
#define FAN_LEGACY_NODE	"/sys/devices/platform/legacy_fan/duty"

struct fan_hw {
	int (*do_io)(struct fan_hw *hw, u32 reg, u32 val);
	void __iomem *base;
	struct file *legacy;
	loff_t legacy_pos;
};

static int fan_mmio_do_io(struct fan_hw *hw, u32 reg, u32 val)
{
	writel(val, hw->base + reg);
	return 0;
}

static int fan_legacy_do_io(struct fan_hw *hw, u32 reg, u32 val)
{
	mm_segment_t old_fs;
	char tmp[16];
	ssize_t n;
	int len;

	len = scnprintf(tmp, sizeof(tmp), "%u\n", val);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	hw->legacy_pos = 0;
	n = vfs_write(hw->legacy, (const char __user *)tmp, len, &hw->legacy_pos);
	if (n != len)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 0;
}

static ssize_t duty_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct fan_hw *hw = dev_get_drvdata(dev);
	u32 duty;
	int ret;

	ret = kstrtou32(buf, 0, &duty);
	if (ret)
		return ret;
	if (duty > 100)
		return -ERANGE;
	ret = hw->do_io(hw, FAN_REG_DUTY, duty);
	return ret ? ret : count; /* expect: ds-leak */
}
static DEVICE_ATTR_WO(duty);

static int fan_probe(struct platform_device *pdev)
{
	struct fan_hw *hw;

	hw = devm_kzalloc(&pdev->dev, sizeof(*hw), GFP_KERNEL);
	if (!hw)
		return -ENOMEM;
	hw->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(hw->base)) {
		hw->legacy = filp_open(FAN_LEGACY_NODE, O_WRONLY, 0);
		if (IS_ERR(hw->legacy))
			return PTR_ERR(hw->legacy);
		hw->do_io = fan_legacy_do_io;
	} else {
		hw->do_io = fan_mmio_do_io;
	}
	platform_set_drvdata(pdev, hw);
	return device_create_file(&pdev->dev, &dev_attr_duty);
}
