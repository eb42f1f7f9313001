/* case: a driver's own bus-accessor struct with only read/write members, filled positionally: read/write alone make no entry kind (private bus accessors have them), so the leak is ds-unbalanced */
#include <linux/i2c.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct ts_bus_ops {
	int (*read)(void *ctx, u8 reg, u8 *val, int len);
	int (*write)(void *ctx, u8 reg, const u8 *val, int len);
};

static int ts_file_read(void *ctx, u8 reg, u8 *val, int len)
{
	struct file *fp = ctx;
	mm_segment_t old_fs;
	loff_t pos = reg;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_read(fp, (char __user *)val, len, &pos) != len)
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 0;
}

static int ts_file_write(void *ctx, u8 reg, const u8 *val, int len)
{
	return -EOPNOTSUPP;
}

static const struct ts_bus_ops ts_file_bus = { ts_file_read, ts_file_write };

const struct ts_bus_ops *ts_get_file_bus(void)
{
	return &ts_file_bus;
}
