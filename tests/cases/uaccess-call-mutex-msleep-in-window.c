/* case: an ioctl opens a user_access window, then takes the device mutex and polls the hardware with msleep inside it; mutex_lock and msleep are reported, mutex_unlock comes after user_access_end on every path */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define ADC_IOC_SAMPLE	_IOWR('A', 7, struct adc_sample)
#define ADC_REG_CTRL	0x00
#define ADC_REG_DATA	0x04
#define ADC_BUSY	BIT(31)

struct adc_sample {
	__u32 channel;
	__u32 value;
};

struct adc_dev {
	struct mutex lock;
	void __iomem *base;
};

static long adc_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct adc_dev *adc = file->private_data;
	struct adc_sample __user *us = (void __user *)arg;
	u32 chan, val;
	int tries = 10;

	if (cmd != ADC_IOC_SAMPLE)
		return -ENOTTY;
	if (!user_access_begin(us, sizeof(*us)))
		return -EFAULT;

	mutex_lock(&adc->lock); /* expect: uaccess-call */
	unsafe_get_user(chan, &us->channel, efault);
	writel(chan & 0xf, adc->base + ADC_REG_CTRL);
	while ((val = readl(adc->base + ADC_REG_DATA)) & ADC_BUSY) {
		if (!--tries)
			break;
		msleep(1); /* expect: uaccess-call */
	}
	unsafe_put_user(val & 0xffff, &us->value, efault);
	user_access_end();
	mutex_unlock(&adc->lock);
	return tries ? 0 : -ETIMEDOUT;

efault:
	user_access_end();
	mutex_unlock(&adc->lock);
	return -EFAULT;
}

static const struct file_operations adc_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= adc_ioctl,
};
