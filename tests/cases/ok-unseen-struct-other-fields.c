/* case: twin of lock-held-return-unseen-attribute-store.c: structs whose
 * definitions are out of view, filled with fields other than show/store
 * (a bus driver's .probe, an accessor table's .read and .write, which
 * private bus accessors have too): not entry points, so the same leak is
 * not reported by default. */
#include <linux/mutex.h>
#include <linux/i2c.h>

static DEFINE_MUTEX(toy_lock);
int toy_busy(void);

static int toy_probe(struct i2c_client *client)
{
	mutex_lock(&toy_lock);
	if (toy_busy())
		return -EBUSY;
	mutex_unlock(&toy_lock);
	return 0;
}

static int toy_read(void *ctx, unsigned int reg, unsigned int *val)
{
	mutex_lock(&toy_lock);
	if (toy_busy())
		return -EBUSY;
	mutex_unlock(&toy_lock);
	return 0;
}

static struct i2c_driver toy_driver = {
	.probe_new = toy_probe,
};

static const struct toy_bus_accessors toy_bus = {
	.read = toy_read,
	.write = toy_read,
};
