/* case: an ioctl reads a calibration file under KERNEL_DS and every error path jumps to the restore */
/* oracle: entry baro_ioctl */
/* oracle: values BARO_IOC_LOAD */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define BARO_PATH	"/persist/sensors/baro.cal"
#define BARO_IOC_LOAD	_IO('b', 7)
#define BARO_CAL_LEN	32

struct baro_state {
	u8 cal[BARO_CAL_LEN];
	bool loaded;
};

static struct baro_state baro;

static long baro_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	u8 *buf;
	long ret;

	if (cmd != BARO_IOC_LOAD)
		return -ENOTTY;

	buf = kzalloc(BARO_CAL_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(BARO_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out_restore;
	}
	ret = vfs_read(fp, (char __user *)buf, BARO_CAL_LEN, &pos);
	if (ret < 0)
		goto out_close;
	if (ret != BARO_CAL_LEN) {
		ret = -EIO;
		goto out_close;
	}
	memcpy(baro.cal, buf, BARO_CAL_LEN);
	baro.loaded = true;
	ret = 0;
out_close:
	filp_close(fp, NULL);
out_restore:
	set_fs(old_fs);
	kfree(buf);
	return ret;
}

static const struct file_operations baro_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= baro_ioctl,
};
