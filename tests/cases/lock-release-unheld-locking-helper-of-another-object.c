/* case: the path that skips the mutex_lock() calls helpers that cannot have taken &dev->struct_mutex: one named after mutex_lock but handed another object (`stats_mutex_lock_demo(st)`, not the lock's owner `dev`), one of this file so named that takes nothing, and one out of view handed `dev` whose name spells no acquire (`dev_lock_stats_demo`): the release on that path is unheld, reported */
#include <linux/mutex.h>

struct stats_demo;
struct drm_device_demo2 {
	struct mutex struct_mutex;
};

int stats_mutex_lock_demo(struct stats_demo *st);
int dev_lock_stats_demo(struct drm_device_demo2 *dev);
int pin_fb_demo2(struct drm_device_demo2 *dev);

static int dev_mutex_lock_check_demo(struct drm_device_demo2 *dev)
{
	return dev != NULL;
}

int update_plane_demo2(struct drm_device_demo2 *dev, struct stats_demo *st, void *event)
{
	int ret;

	if (event) {
		ret = stats_mutex_lock_demo(st);
		if (ret)
			return ret;
		ret = dev_mutex_lock_check_demo(dev);
		if (!ret)
			return -ENODEV;
		ret = dev_lock_stats_demo(dev);
		if (ret)
			return ret;
	} else {
		mutex_lock(&dev->struct_mutex);
	}
	ret = pin_fb_demo2(dev);
	if (ret)
		goto out_unlock;
	ret = 0;
out_unlock:
	mutex_unlock(&dev->struct_mutex); /* expect: lock-release-unheld */
	return ret;
}
