/* case: lock-release-unheld: each case of a switch takes the lock itself, but one case and the default break to the unlock below the switch without taking it (ad5592r_read_raw(), fixed by 33c53cbf8f7b) */
#include <linux/mutex.h>
#include <linux/iio/iio.h>

struct adc_state {
	struct mutex lock;
	u16 cached[8];
	u8 range;
};

static int adc_read_raw(struct adc_state *st, int chan, int *val, long mask)
{
	int ret;

	switch (mask) {
	case IIO_CHAN_INFO_RAW:
		mutex_lock(&st->lock);
		if (chan > 7) {
			ret = -EINVAL;
			goto unlock;
		}
		*val = st->cached[chan];
		ret = IIO_VAL_INT;
		break;
	case IIO_CHAN_INFO_SCALE:
		*val = 2500;
		ret = IIO_VAL_INT;
		break;
	case IIO_CHAN_INFO_OFFSET:
		mutex_lock(&st->lock);
		*val = st->range ? -34365 : -75365;
		ret = IIO_VAL_INT;
		break;
	default:
		ret = -EINVAL;
	}

unlock:
	mutex_unlock(&st->lock); /* expect: lock-release-unheld */
	return ret;
}

static const struct iio_info adc_info = {
	.read_raw = adc_read_raw,
};
