/* case: a goto error path in an ioctl handler jumps past the restore of the saved limit */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define TSC_IOC_LOAD_CAL	_IO('T', 0x10)
#define TSC_CAL_PATH		"/vendor/firmware/tsc_cal.bin"
#define TSC_CAL_SIZE		256

int tsc_apply_calibration(void *priv, const u8 *cal);

static long tsc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *filp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	u8 *cal;
	long ret;

	if (cmd != TSC_IOC_LOAD_CAL)
		return -ENOTTY;

	cal = kzalloc(TSC_CAL_SIZE, GFP_KERNEL);
	if (!cal)
		return -ENOMEM;

	filp = filp_open(TSC_CAL_PATH, O_RDONLY, 0);
	if (IS_ERR(filp)) {
		ret = PTR_ERR(filp);
		goto out_free;
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_read(filp, (char __user *)cal, TSC_CAL_SIZE, &pos);
	if (ret != TSC_CAL_SIZE) {
		pr_err("tsc: short calibration read (%ld)\n", ret);
		ret = -EIO;
		goto out_close;
	}
	set_fs(old_fs);

	ret = tsc_apply_calibration(file->private_data, cal);

out_close:
	filp_close(filp, NULL);
out_free:
	kfree(cal);
	return ret; /* expect: ds-leak */
}

static const struct file_operations tsc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= tsc_ioctl,
};
