/* case: a lock taken on one path by a locking helper out of view that is handed the lock's owner (i915's intel_update_plane(): `ret = i915_mutex_lock_interruptible(dev)`, defined in i915_gem.c, takes &dev->struct_mutex; the other path calls mutex_lock(&dev->struct_mutex)), released at the shared label: the helper may have taken it, so the release is not judged unheld: silent */
#include <linux/mutex.h>

struct drm_device_demo {
	struct mutex struct_mutex;
};

int i915_mutex_lock_interruptible_demo(struct drm_device_demo *dev);
int pin_fb_demo(struct drm_device_demo *dev);

int update_plane_demo(struct drm_device_demo *dev, void *event)
{
	int ret;

	if (event) {
		ret = i915_mutex_lock_interruptible_demo(dev);
		if (ret)
			return ret;
	} else {
		mutex_lock(&dev->struct_mutex);
	}
	ret = pin_fb_demo(dev);
	if (ret)
		goto out_unlock;
	ret = 0;
out_unlock:
	mutex_unlock(&dev->struct_mutex);
	return ret;
}
