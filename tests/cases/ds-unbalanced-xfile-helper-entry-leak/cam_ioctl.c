/* case: cam_read_otp() in another file can return with the limit raised; this ioctl calls it and its one return is then reachable raised */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define CAM_IOC_CALIBRATE	_IO('C', 0x20)
#define CAM_IOC_STANDBY		_IO('C', 0x21)

struct cam_dev {
	struct mutex lock;
	u8 otp[1024];
	bool standby;
};

int cam_read_otp(struct cam_dev *cam, u8 *dst, size_t len);
int cam_apply_otp(struct cam_dev *cam);
int cam_set_standby(struct cam_dev *cam, bool on);

static long cam_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cam_dev *cam = file->private_data;
	long ret;

	mutex_lock(&cam->lock);
	switch (cmd) {
	case CAM_IOC_CALIBRATE:
		ret = cam_read_otp(cam, cam->otp, sizeof(cam->otp));
		if (!ret)
			ret = cam_apply_otp(cam);
		break;
	case CAM_IOC_STANDBY:
		ret = cam_set_standby(cam, arg != 0);
		break;
	default:
		ret = -ENOTTY;
		break;
	}
	mutex_unlock(&cam->lock);
	return ret; /* expect: ds-leak */
}

static const struct file_operations cam_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cam_ioctl,
	.compat_ioctl	= cam_ioctl,
};
