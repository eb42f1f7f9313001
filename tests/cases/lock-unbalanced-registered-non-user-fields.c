/* case: twins of the general rule: the same kind of handler leaves a lock held but is stored into a field user mode does not return from (.init, .start of a watchdog, whose pair .stop releases; a console's .write, called by printk; a serio port's .open, called by the driver's connect), or into the .read of an object never passed to a registration call (a regmap-style bus handed to an _init call); none is an entry point, so lock-held-return stays silent; each is still a lock kept on one path and released on others, which lock-unbalanced reports */
/* args: -Wlock-unbalanced */
#include <linux/hw_random.h>
#include <linux/watchdog.h>
#include <linux/platform_device.h>
#include <linux/mutex.h>
#include <linux/console.h>
#include <linux/serio.h>

struct toy_rng {
	struct hwrng rng;
	struct mutex lock;
	bool ready;
};

struct toy_bus {
	int (*read)(void *ctx, unsigned int reg, unsigned int *val);
};

static DEFINE_MUTEX(toy_wdt_lock);
static DEFINE_MUTEX(toy_bus_lock);

int toy_bus_init(struct device *dev, const struct toy_bus *bus);

static int toy_rng_init(struct hwrng *rng)
{
	struct toy_rng *t = container_of(rng, struct toy_rng, rng);

	mutex_lock(&t->lock);
	if (!t->ready)
		return -EIO; /* expect: lock-unbalanced */
	mutex_unlock(&t->lock);
	return 0;
}

static int toy_wdt_start(struct watchdog_device *wdd)
{
	mutex_lock(&toy_wdt_lock);
	return 0;
}

static int toy_wdt_stop(struct watchdog_device *wdd)
{
	mutex_unlock(&toy_wdt_lock);
	return 0;
}

static int toy_bus_read(void *ctx, unsigned int reg, unsigned int *val)
{
	mutex_lock(&toy_bus_lock);
	if (reg > 0xff)
		return -EINVAL; /* expect: lock-unbalanced */
	*val = 0;
	mutex_unlock(&toy_bus_lock);
	return 0;
}

static const struct watchdog_ops toy_wdt_ops = {
	.owner = THIS_MODULE,
	.start = toy_wdt_start,
	.stop = toy_wdt_stop,
};

static struct watchdog_device toy_wdd = {
	.ops = &toy_wdt_ops,
};

static const struct toy_bus toy_bus = {
	.read = toy_bus_read,
};

static DEFINE_SPINLOCK(toy_con_lock);

static void toy_con_write(struct console *con, const char *s, unsigned int n)
{
	spin_lock(&toy_con_lock);
	if (!n)
		return; /* expect: lock-unbalanced */
	spin_unlock(&toy_con_lock);
}

static struct console toy_console = {
	.name = "toy",
	.write = toy_con_write,
};

static int toy_serio_open(struct serio *serio)
{
	mutex_lock(&toy_bus_lock);
	if (!serio->port_data)
		return -ENODEV; /* expect: lock-unbalanced */
	mutex_unlock(&toy_bus_lock);
	return 0;
}

static int toy_serio_probe(struct platform_device *pdev)
{
	struct serio *serio = kzalloc(sizeof(*serio), GFP_KERNEL);

	if (!serio)
		return -ENOMEM;
	serio->open = toy_serio_open;
	serio_register_port(serio);
	register_console(&toy_console);
	return 0;
}

static int toy_probe(struct platform_device *pdev)
{
	struct toy_rng *t = devm_kzalloc(&pdev->dev, sizeof(*t), GFP_KERNEL);
	int ret;

	if (!t)
		return -ENOMEM;
	mutex_init(&t->lock);
	t->rng.name = "toy";
	t->rng.init = toy_rng_init;
	ret = devm_hwrng_register(&pdev->dev, &t->rng);
	if (ret)
		return ret;
	ret = toy_bus_init(&pdev->dev, &toy_bus);
	if (ret)
		return ret;
	return watchdog_register_device(&toy_wdd);
}
