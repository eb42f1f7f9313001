/* case: a compat ioctl converts, raises, calls the native handler, restores at once and converts back */
/* oracle: entry cam_ioctl */
/* oracle: entry cam_compat_ioctl */
/* oracle: values CAM_IOC_GET_EXPO CAM_IOC_GET_EXPO32 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define CAM_IOC_GET_EXPO	_IOWR('C', 3, struct cam_expo)
#define CAM_IOC_GET_EXPO32	_IOWR('C', 3, struct cam_expo32)

struct cam_expo {
	u32 sensor;
	u64 exposure_ns;
	u32 gain;
};

struct cam_expo32 {
	u32 sensor;
	compat_u64 exposure_ns;
	u32 gain;
} __packed;

static long cam_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cam_expo e;

	if (cmd != CAM_IOC_GET_EXPO)
		return -ENOTTY;
	if (copy_from_user(&e, (void __user *)arg, sizeof(e)))
		return -EFAULT;
	if (e.sensor > 3)
		return -EINVAL;
	e.exposure_ns = 33333333ULL;
	e.gain = 16;
	if (copy_to_user((void __user *)arg, &e, sizeof(e)))
		return -EFAULT;
	return 0;
}

static long cam_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct cam_expo32 __user *up = compat_ptr(arg);
	struct cam_expo e;
	mm_segment_t old_fs;
	long ret;

	if (cmd != CAM_IOC_GET_EXPO32)
		return -ENOIOCTLCMD;
	if (get_user(e.sensor, &up->sensor))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = cam_ioctl(file, CAM_IOC_GET_EXPO, (unsigned long)&e);
	set_fs(old_fs);
	if (ret)
		return ret;

	if (put_user(e.exposure_ns, &up->exposure_ns) || put_user(e.gain, &up->gain))
		return -EFAULT;
	return 0;
}

static const struct file_operations cam_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= cam_ioctl,
	.compat_ioctl	= cam_compat_ioctl,
};
