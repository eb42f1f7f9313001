/* case: an I2C driver's sysfs store dumps registers to a file and returns the bus error from inside the window */
/* oracle: entry regs_snapshot_store */
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define CHG_SNAPSHOT_PATH	"/data/vendor/charger_regs.bin"
#define CHG_NREGS		8

struct chg_chip {
	struct i2c_client *client;
};

static ssize_t regs_snapshot_store(struct device *dev, struct device_attribute *attr,
				   const char *buf, size_t count)
{
	struct chg_chip *chip = dev_get_drvdata(dev);
	u8 regs[CHG_NREGS];
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	s32 val;
	int i;

	fp = filp_open(CHG_SNAPSHOT_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	for (i = 0; i < CHG_NREGS; i++) {
		val = i2c_smbus_read_byte_data(chip->client, i);
		if (val < 0) {
			filp_close(fp, NULL);
			return val; /* expect: ds-leak */
		}
		regs[i] = val;
	}
	vfs_write(fp, (const char __user *)regs, sizeof(regs), &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	return count;
}
static DEVICE_ATTR_WO(regs_snapshot);

static int chg_probe(struct i2c_client *client, const struct i2c_device_id *id)
{
	struct chg_chip *chip;

	chip = devm_kzalloc(&client->dev, sizeof(*chip), GFP_KERNEL);
	if (!chip)
		return -ENOMEM;
	chip->client = client;
	i2c_set_clientdata(client, chip);
	return device_create_file(&client->dev, &dev_attr_regs_snapshot);
}

static struct i2c_driver chg_driver = {
	.driver	= { .name = "oracle-charger" },
	.probe	= chg_probe,
};
module_i2c_driver(chg_driver);
