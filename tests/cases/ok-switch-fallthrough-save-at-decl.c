/* case: the limit is saved at the declaration; one case raises and falls through into the case that restores */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define RADIO_IOC_TUNE_K	_IO('R', 1)
#define RADIO_IOC_TUNE		_IOW('R', 2, u32)

struct radio_dev {
	struct file *ctl;
	u32 preset_freq;
	loff_t pos;
};

long radio_write_freq(struct radio_dev *rd, const u32 __user *freq);

static long radio_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct radio_dev *rd = file->private_data;
	mm_segment_t old_fs = get_fs();
	long ret;

	switch (cmd) {
	case RADIO_IOC_TUNE_K:
		set_fs(KERNEL_DS);
		arg = (unsigned long)&rd->preset_freq;
		/* fall through */
	case RADIO_IOC_TUNE:
		ret = radio_write_freq(rd, (const u32 __user *)arg);
		set_fs(old_fs);
		break;
	default:
		ret = -ENOTTY;
		break;
	}
	return ret;
}

static const struct file_operations radio_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= radio_ioctl,
};
