/* case: lock-unbalanced: an error goto jumps to the label below the unlock (out: instead of out_unlock:); the function is a helper of the driver, not an entry point, and returns an int that does not say whether the lock is still held */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/i2c.h>

struct tmp_chip {
	struct i2c_client *client;
	struct mutex update_lock;
	u16 limits[4];
};

static int tmp_chip_update_limits(struct tmp_chip *chip, int idx, u16 val)
{
	int ret;

	mutex_lock(&chip->update_lock);
	ret = i2c_smbus_write_word_swapped(chip->client, 0x20 + idx, val);
	if (ret < 0)
		goto out;
	chip->limits[idx] = val;
	ret = i2c_smbus_read_word_swapped(chip->client, 0x20 + idx);
	if (ret < 0)
		goto out_unlock;
	ret = 0;
out_unlock:
	mutex_unlock(&chip->update_lock);
out:
	return ret; /* expect: lock-unbalanced */
}

int tmp_chip_set_limit(struct tmp_chip *chip, int idx, long val)
{
	return tmp_chip_update_limits(chip, idx, clamp_val(val, 0, 0xffff));
}
