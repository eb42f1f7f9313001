/* case: a static helper opens its own window around its __user parameter, but every caller passes a kernel object cast to __user (a stack struct, a kmalloc'd buffer) or a local buffer of its own that carries no user pointer: the window exists for them, nothing user-chosen reaches the copy */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

struct panel_cfg {
	u32 mode;
	u32 timing[8];
};

static struct panel_cfg cur_cfg;

static int panel_apply_cfg(const void __user *ucfg, size_t len)
{
	mm_segment_t old_fs = get_fs();
	int ret = 0;

	set_fs(KERNEL_DS);
	if (copy_from_user(&cur_cfg, ucfg, len))
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}

static int panel_reset_defaults(void)
{
	struct panel_cfg def = { .mode = 1 };

	return panel_apply_cfg((const void __user *)&def, sizeof(def));
}

static int panel_load_blob(const u8 *blob, size_t len)
{
	void *tmp = kmemdup(blob, len, GFP_KERNEL);
	int ret;

	if (!tmp)
		return -ENOMEM;
	ret = panel_apply_cfg((__force const void __user *)tmp, len);
	kfree(tmp);
	return ret;
}

static int panel_zero(void)
{
	u8 zeros[sizeof(struct panel_cfg)] = { 0 };

	return panel_apply_cfg(zeros, sizeof(zeros));
}

static long panel_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd == 1)
		return panel_reset_defaults();
	if (cmd == 2)
		return panel_zero();
	return panel_load_blob(file->private_data, sizeof(struct panel_cfg));
}

static const struct file_operations panel_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= panel_ioctl,
};
