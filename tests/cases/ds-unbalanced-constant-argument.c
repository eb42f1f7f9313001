/* case: a mode helper raises the limit (through a calibration loader that
 * forgets to restore on success) only in its NORMAL case; callers that
 * only ever pass SUSPEND, or disable, are not reported, callers that pass
 * NORMAL, a variable, or a constant the switch does not name are.  A
 * parameter changed before its test, or a limit compared by its value,
 * decide what their values say. */
#include <linux/fs.h>
#include <linux/device.h>
#include <linux/i2c.h>
#include <linux/uaccess.h>

enum acc_mode { ACC_MODE_NORMAL, ACC_MODE_SUSPEND, ACC_MODE_LOWPOWER, ACC_MODE_DEEP };

struct acc {
	struct i2c_client *client;
	s16 cal[3];
	int level;
};

static int acc_load_cal(struct acc *a)
{
	mm_segment_t old = get_fs();
	struct file *fp;
	loff_t pos = 0;

	set_fs(KERNEL_DS);
	fp = filp_open("/efs/acc_cal", O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(old);
		return PTR_ERR(fp);
	}
	vfs_read(fp, (char __user *)a->cal, sizeof(a->cal), &pos);
	filp_close(fp, NULL);
	return 0; /* expect: ds-unbalanced */
}

static int acc_set_mode(struct acc *a, unsigned char mode)
{
	switch (mode) {
	case ACC_MODE_NORMAL:
		i2c_smbus_write_byte_data(a->client, 0x11, 0x00);
		acc_load_cal(a);
		break;
	case ACC_MODE_SUSPEND:
		i2c_smbus_write_byte_data(a->client, 0x11, 0x80);
		break;
	case ACC_MODE_LOWPOWER:
		i2c_smbus_write_byte_data(a->client, 0x11, 0x40);
		break;
	}
	return 0; /* expect: ds-unbalanced */
}

/* a switch whose default raises: a constant it does not name may be any */
static int acc_set_mode_default(struct acc *a, int mode)
{
	switch (mode) {
	case ACC_MODE_SUSPEND:
		i2c_smbus_write_byte_data(a->client, 0x11, 0x80);
		break;
	default:
		acc_load_cal(a);
		break;
	}
	return 0; /* expect: ds-unbalanced */
}

static void acc_set_enable(struct acc *a, int enable)
{
	if (enable)
		acc_set_mode(a, ACC_MODE_NORMAL);
	else
		acc_set_mode(a, ACC_MODE_SUSPEND);
} /* expect: ds-unbalanced */

/* only the levels below 3 load the calibration */
static int acc_set_level(struct acc *a, int level)
{
	a->level = level;
	if (level < 3)
		return acc_load_cal(a); /* expect: ds-unbalanced */
	return 0;
}

static int acc_remap(int mode)
{
	return mode == ACC_MODE_DEEP ? ACC_MODE_NORMAL : mode;
}

/* the parameter is changed before its test: its constant says nothing */
static int acc_set_mode_mapped(struct acc *a, int mode)
{
	mode = acc_remap(mode);
	if (mode == ACC_MODE_NORMAL)
		acc_load_cal(a);
	return 0; /* expect: ds-unbalanced */
}

static int acc_suspend(struct device *dev)
{
	struct acc *a = dev_get_drvdata(dev);

	acc_set_mode(a, ACC_MODE_SUSPEND);
	return 0;
}

static int acc_resume(struct device *dev)
{
	struct acc *a = dev_get_drvdata(dev);

	/* every path goes through the helper: the imbalance is the helper's */
	acc_set_mode(a, ACC_MODE_NORMAL);
	return 0;
}

static void acc_remove(struct i2c_client *client)
{
	struct acc *a = i2c_get_clientdata(client);

	acc_set_enable(a, 0);
	acc_set_mode(a, (ACC_MODE_LOWPOWER));
	acc_set_level(a, 7);
}

static ssize_t mode_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct acc *a = dev_get_drvdata(dev);
	unsigned long mode;

	if (kstrtoul(buf, 10, &mode))
		return -EINVAL;
	acc_set_mode(a, mode);
	return count; /* expect: ds-leak */
}

static ssize_t enable_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct acc *a = dev_get_drvdata(dev);

	acc_set_enable(a, 1);
	return count; /* expect: ds-leak */
}

/* set_enable(0) takes the disable branch, whose set_mode(SUSPEND) never raises */
static ssize_t disable_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	struct acc *a = dev_get_drvdata(dev);

	acc_set_enable(a, 0);
	acc_set_mode(a, (u8)ACC_MODE_LOWPOWER);
	return count;
}

static ssize_t deep_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct acc *a = dev_get_drvdata(dev);

	acc_set_mode_default(a, ACC_MODE_DEEP);
	return count; /* expect: ds-leak */
}

static ssize_t level_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	struct acc *a = dev_get_drvdata(dev);

	acc_set_level(a, 2);
	return count; /* expect: ds-leak */
}

static ssize_t quiet_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	struct acc *a = dev_get_drvdata(dev);

	acc_set_mode_default(a, ACC_MODE_SUSPEND);
	acc_set_level(a, 9);
	return count;
}

static ssize_t mapped_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct acc *a = dev_get_drvdata(dev);

	acc_set_mode_mapped(a, ACC_MODE_DEEP);
	return count; /* expect: ds-leak */
}

static DEVICE_ATTR(mode, 0664, NULL, mode_store);
static DEVICE_ATTR(enable, 0664, NULL, enable_store);
static DEVICE_ATTR(disable, 0664, NULL, disable_store);
static DEVICE_ATTR(deep, 0664, NULL, deep_store);
static DEVICE_ATTR(level, 0664, NULL, level_store);
static DEVICE_ATTR(quiet, 0664, NULL, quiet_store);
static DEVICE_ATTR(mapped, 0664, NULL, mapped_store);

static SIMPLE_DEV_PM_OPS(acc_pm, acc_suspend, acc_resume);
