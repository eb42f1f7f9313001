/* case: functions stored in the .read/.write fields of a struct regmap_bus are not entry points (the struct is not a user-facing ops table), so an early return raised is ds-unbalanced, not ds-leak */
#include <linux/module.h>
#include <linux/regmap.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct nvsim {
	struct file *backing;
	struct regmap *map;
};

static int nvsim_bus_read(void *context, const void *reg, size_t reg_size,
			  void *val, size_t val_size)
{
	struct nvsim *ns = context;
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n;

	pos = *(const u16 *)reg;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(ns->backing, (char __user *)val, val_size, &pos);
	if (n != val_size)
		return n < 0 ? n : -EIO; /* expect: ds-unbalanced */
	set_fs(old_fs);
	return 0;
}

static int nvsim_bus_write(void *context, const void *data, size_t count)
{
	struct nvsim *ns = context;
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n;

	if (count < 2)
		return -EINVAL;
	pos = *(const u16 *)data;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(ns->backing, (const char __user *)data + 2, count - 2, &pos);
	set_fs(old_fs);
	return n == count - 2 ? 0 : -EIO;
}

static const struct regmap_bus nvsim_bus = {
	.read	= nvsim_bus_read,
	.write	= nvsim_bus_write,
};

static const struct regmap_config nvsim_regmap_cfg = {
	.reg_bits	= 16,
	.val_bits	= 8,
	.max_register	= 0x7fff,
};

static int nvsim_init_map(struct device *dev, struct nvsim *ns)
{
	ns->map = devm_regmap_init(dev, &nvsim_bus, ns, &nvsim_regmap_cfg);
	return PTR_ERR_OR_ZERO(ns->map);
}
