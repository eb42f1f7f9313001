/* case: user rule rpm_usage (pair-unbalanced): read_raw returns the pm_runtime_get_sync error without a put (the counter was raised anyway) and a sysfs store returns -EINVAL after a successful pm_runtime_resume_and_get; write_raw is balanced */
#include <linux/module.h>
#include <linux/i2c.h>
#include <linux/iio/iio.h>
#include <linux/mutex.h>
#include <linux/pm_runtime.h>

#define ALS_REG_DATA	0x0c
#define ALS_REG_IT	0x01

struct als_data {
	struct i2c_client *client;
	struct device *dev;
	struct mutex lock;
	u8 it_ms;
};

static int als_read_raw(struct iio_dev *indio_dev, struct iio_chan_spec const *chan,
			int *val, int *val2, long mask)
{
	struct als_data *data = iio_priv(indio_dev);
	int ret;

	ret = pm_runtime_get_sync(data->dev);
	if (ret < 0)
		return ret; /* expect: pair-unbalanced */

	mutex_lock(&data->lock);
	ret = i2c_smbus_read_word_data(data->client, ALS_REG_DATA);
	mutex_unlock(&data->lock);
	pm_runtime_mark_last_busy(data->dev);
	pm_runtime_put_autosuspend(data->dev);
	if (ret < 0)
		return ret;
	*val = ret;
	return IIO_VAL_INT;
}

static int als_write_raw(struct iio_dev *indio_dev, struct iio_chan_spec const *chan,
			 int val, int val2, long mask)
{
	struct als_data *data = iio_priv(indio_dev);
	int ret;

	if (val < 25 || val > 800)
		return -EINVAL;
	ret = pm_runtime_resume_and_get(data->dev);
	if (ret)
		return ret;
	ret = i2c_smbus_write_byte_data(data->client, ALS_REG_IT, val / 25);
	if (!ret)
		data->it_ms = val;
	pm_runtime_put_autosuspend(data->dev);
	return ret;
}

static ssize_t calibscale_store(struct device *dev, struct device_attribute *attr,
				const char *buf, size_t len)
{
	struct als_data *data = iio_priv(dev_to_iio_dev(dev));
	int ret;

	ret = pm_runtime_resume_and_get(data->dev);
	if (ret)
		return ret;
	if (buf[0] != '1')
		return -EINVAL; /* expect: pair-unbalanced */
	ret = i2c_smbus_write_byte_data(data->client, ALS_REG_IT, data->it_ms / 25);
	pm_runtime_put(data->dev);
	return ret ? ret : len;
}
static DEVICE_ATTR_WO(calibscale);

static const struct iio_info als_info = {
	.read_raw	= als_read_raw,
	.write_raw	= als_write_raw,
};
