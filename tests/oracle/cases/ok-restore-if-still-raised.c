/* case: the common exit restores only if the limit is still KERNEL_DS, which it always is after the raise */
/* oracle: entry tuner_ioctl */
/* oracle: values TUNER_IOC_SAVE_PRESETS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define TUNER_PRESETS_PATH	"/data/vendor/radio/presets"
#define TUNER_IOC_SAVE_PRESETS	_IO('T', 4)

static u32 tuner_presets[12];

static long tuner_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	long ret;

	if (cmd != TUNER_IOC_SAVE_PRESETS)
		return -ENOTTY;
	fp = filp_open(TUNER_PRESETS_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(fp, (const char __user *)tuner_presets, sizeof(tuner_presets), &pos);
	if (ret == sizeof(tuner_presets))
		ret = vfs_fsync(fp, 0);
	filp_close(fp, NULL);
	/* whatever happened above, do not go back to user space with KERNEL_DS */
	if (uaccess_kernel())
		set_fs(old_fs);
	return ret < 0 ? ret : 0;
}

static const struct file_operations tuner_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= tuner_ioctl,
};
