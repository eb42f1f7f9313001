/* case: an ioctl takes pwm->lock before a switch; two arms return straight out of the switch (a range check and the default -ENOTTY) with the mutex held, the other arms break to the unlock */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define PWMX_IOC_GET_PERIOD	_IOR('p', 1, __u32)
#define PWMX_IOC_SET_PERIOD	_IOW('p', 2, __u32)
#define PWMX_IOC_ENABLE		_IO('p', 3)
#define PWMX_MIN_PERIOD		1000

struct pwmx {
	struct mutex lock;
	u32 period_ns;
	bool enabled;
	struct miscdevice misc;
};

int pwmx_hw_apply(struct pwmx *pwm);

static long pwmx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pwmx *pwm = container_of(file->private_data, struct pwmx, misc);
	u32 __user *uarg = (u32 __user *)arg;
	u32 val;
	long ret = 0;

	mutex_lock(&pwm->lock);
	switch (cmd) {
	case PWMX_IOC_GET_PERIOD:
		ret = put_user(pwm->period_ns, uarg);
		break;
	case PWMX_IOC_SET_PERIOD:
		if (get_user(val, uarg)) {
			ret = -EFAULT;
			break;
		}
		if (val < PWMX_MIN_PERIOD)
			return -EINVAL; /* expect: lock-held-return */
		pwm->period_ns = val;
		if (pwm->enabled)
			ret = pwmx_hw_apply(pwm);
		break;
	case PWMX_IOC_ENABLE:
		pwm->enabled = true;
		ret = pwmx_hw_apply(pwm);
		break;
	default:
		return -ENOTTY; /* expect: lock-held-return */
	}
	mutex_unlock(&pwm->lock);
	return ret;
}

static const struct file_operations pwmx_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= pwmx_ioctl,
	.compat_ioctl	= compat_ptr_ioctl,
};
