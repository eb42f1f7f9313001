/* case: a struct hwrng's .read (an OPS row, assigned through `t->rng.read`) and, by the general rule, the .ioctl of a watchdog_ops that a registered watchdog_device points to (`.ops = &toy_wdt_ops`) and of an rtc_class_ops a registered rtc_device points to (`rtc->ops = &toy_rtc_ops`) are entry points; each returns an error with a lock held */
#include <linux/hw_random.h>
#include <linux/watchdog.h>
#include <linux/platform_device.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/rtc.h>

struct toy_rng {
	struct hwrng rng;
	struct mutex lock;
	bool ready;
};

static DEFINE_SPINLOCK(toy_wdt_lock);

static int toy_rng_read(struct hwrng *rng, void *buf, size_t max, bool wait)
{
	struct toy_rng *t = container_of(rng, struct toy_rng, rng);

	mutex_lock(&t->lock);
	if (!t->ready)
		return -EIO; /* expect: lock-held-return */
	memset(buf, 0, 4);
	mutex_unlock(&t->lock);
	return 4;
}

static long toy_wdt_ioctl(struct watchdog_device *wdd, unsigned int cmd, unsigned long arg)
{
	spin_lock(&toy_wdt_lock);
	if (cmd != WDIOC_SETPRETIMEOUT)
		return -ENOIOCTLCMD; /* expect: lock-held-return */
	wdd->pretimeout = arg;
	spin_unlock(&toy_wdt_lock);
	return 0;
}

static const struct watchdog_ops toy_wdt_ops = {
	.owner = THIS_MODULE,
	.ioctl = toy_wdt_ioctl,
};

static struct watchdog_device toy_wdd = {
	.ops = &toy_wdt_ops,
};

static DEFINE_MUTEX(toy_rtc_lock);

static int toy_rtc_ioctl(struct device *dev, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&toy_rtc_lock);
	if (cmd != RTC_AIE_ON)
		return -ENOIOCTLCMD; /* expect: lock-held-return */
	mutex_unlock(&toy_rtc_lock);
	return 0;
}

static const struct rtc_class_ops toy_rtc_ops = {
	.ioctl = toy_rtc_ioctl,
};

static int toy_rtc_probe(struct platform_device *pdev)
{
	struct rtc_device *rtc = devm_rtc_allocate_device(&pdev->dev);

	if (IS_ERR(rtc))
		return PTR_ERR(rtc);
	rtc->ops = &toy_rtc_ops;
	return devm_rtc_register_device(rtc);
}

static int toy_probe(struct platform_device *pdev)
{
	struct toy_rng *t = devm_kzalloc(&pdev->dev, sizeof(*t), GFP_KERNEL);
	int ret;

	if (!t)
		return -ENOMEM;
	mutex_init(&t->lock);
	t->rng.name = "toy";
	t->rng.read = toy_rng_read;
	ret = devm_hwrng_register(&pdev->dev, &t->rng);
	if (ret)
		return ret;
	return watchdog_register_device(&toy_wdd);
}
