/* case: the ioctl passes its arg to a helper inside the window, but as a number (a brightness level the helper formats into a kernel buffer), never as a pointer to a uaccess routine: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define BL_IOC_SET_LEVEL	_IO('b', 0x01)
#define BL_IOC_SET_LEVEL_SYNC	_IO('b', 0x02)
#define BL_MAX_LEVEL		255

struct bl_dev {
	struct file *node;
	u32 level;
};

static int bl_write_level(struct bl_dev *bl, unsigned long level)
{
	char tmp[12];
	loff_t pos = 0;
	int len;

	len = scnprintf(tmp, sizeof(tmp), "%lu\n", level);
	if (vfs_write(bl->node, (const char __user *)tmp, len, &pos) != len)
		return -EIO;
	bl->level = level;
	return 0;
}

static long bl_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct bl_dev *bl = file->private_data;
	mm_segment_t old_fs;
	int ret;

	switch (cmd) {
	case BL_IOC_SET_LEVEL:
	case BL_IOC_SET_LEVEL_SYNC:
		if (arg > BL_MAX_LEVEL)
			return -EINVAL;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = bl_write_level(bl, arg);
		if (!ret && cmd == BL_IOC_SET_LEVEL_SYNC)
			ret = vfs_fsync(bl->node, 0);
		set_fs(old_fs);
		return ret;
	}
	return -ENOTTY;
}

static const struct file_operations bl_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= bl_ioctl,
};
