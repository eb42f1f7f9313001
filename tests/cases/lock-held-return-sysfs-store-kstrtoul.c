/* case: a DEVICE_ATTR_RW store takes update_lock with mutex_lock_interruptible (the interrupted early return holds nothing) but then returns the kstrtoul error with the mutex held */
#include <linux/device.h>
#include <linux/hwmon.h>
#include <linux/mutex.h>
#include <linux/kernel.h>

#define FAN_REG_PWM_DIV		0x25
#define FAN_PWM_MIN_HZ		10
#define FAN_PWM_MAX_HZ		100000

struct fan_ctrl {
	struct mutex update_lock;
	unsigned long pwm_freq;
	u8 pwm_div;
};

int fan_ctrl_write_reg(struct fan_ctrl *fc, u8 reg, u8 val);

static ssize_t pwm_freq_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	struct fan_ctrl *fc = dev_get_drvdata(dev);
	unsigned long freq;

	mutex_lock(&fc->update_lock);
	freq = fc->pwm_freq;
	mutex_unlock(&fc->update_lock);
	return sysfs_emit(buf, "%lu\n", freq);
}

static ssize_t pwm_freq_store(struct device *dev, struct device_attribute *attr,
			      const char *buf, size_t count)
{
	struct fan_ctrl *fc = dev_get_drvdata(dev);
	unsigned long val;
	int ret;

	ret = mutex_lock_interruptible(&fc->update_lock);
	if (ret)
		return ret;

	ret = kstrtoul(buf, 10, &val);
	if (ret)
		return ret; /* expect: lock-held-return */
	if (val < FAN_PWM_MIN_HZ || val > FAN_PWM_MAX_HZ) {
		ret = -EINVAL;
		goto out;
	}

	fc->pwm_div = clamp_val(DIV_ROUND_CLOSEST(1000000UL, val * 256), 1, 255);
	ret = fan_ctrl_write_reg(fc, FAN_REG_PWM_DIV, fc->pwm_div);
	if (ret < 0)
		goto out;
	fc->pwm_freq = val;
	ret = count;
out:
	mutex_unlock(&fc->update_lock);
	return ret;
}
static DEVICE_ATTR_RW(pwm_freq);

static struct attribute *fan_ctrl_attrs[] = {
	&dev_attr_pwm_freq.attr,
	NULL
};
ATTRIBUTE_GROUPS(fan_ctrl);
