/* case: an ioctl reads a calibration file under KERNEL_DS and returns the read error before restoring */
/* oracle: entry calib_ioctl */
/* oracle: values CALIB_IOC_GET CALIB_IOC_RESET */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/uaccess.h>

#define CALIB_PATH	"/vendor/etc/gyro_calib.bin"
#define CALIB_IOC_GET	_IOR('g', 1, struct gyro_calib)
#define CALIB_IOC_RESET	_IO('g', 2)

struct gyro_calib {
	s16 bias[3];
	u16 scale;
};

static struct gyro_calib gyro_cached;

static long calib_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct gyro_calib calib;
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	switch (cmd) {
	case CALIB_IOC_RESET:
		memset(&gyro_cached, 0, sizeof(gyro_cached));
		return 0;
	case CALIB_IOC_GET:
		break;
	default:
		return -ENOTTY;
	}

	fp = filp_open(CALIB_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)&calib, sizeof(calib), &pos);
	if (n < 0) {
		filp_close(fp, NULL);
		return n; /* expect: ds-leak */
	}
	set_fs(old_fs);
	filp_close(fp, NULL);

	if (n != sizeof(calib))
		return -EINVAL;
	gyro_cached = calib;
	if (copy_to_user((void __user *)arg, &calib, sizeof(calib)))
		return -EFAULT;
	return 0;
}

static const struct file_operations calib_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= calib_ioctl,
};

static struct miscdevice calib_misc = {
	.minor	= MISC_DYNAMIC_MINOR,
	.name	= "gyro_calib",
	.fops	= &calib_fops,
};
module_misc_device(calib_misc);
