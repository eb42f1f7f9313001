/* case: lock-unbalanced: a probe initialises the device's mutex, takes it, and on an error path frees the device with the mutex still held (lockdep: held lock freed); the object was built here, so its end is no excuse */
/* args: -Wlock-unbalanced */
#include <linux/mutex.h>
#include <linux/slab.h>

struct cam {
	struct mutex lock;
	int devno;
};

int cam_init_dev(struct cam *dev);

static int cam_probe(int nr)
{
	struct cam *dev;
	int retval;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	mutex_init(&dev->lock);
	mutex_lock(&dev->lock);
	retval = cam_init_dev(dev);
	if (retval) {
		kfree(dev);
		goto err;
	}
	mutex_unlock(&dev->lock);
	return 0;
err:
	return retval; /* expect: lock-unbalanced */
}

int cam_probe_all(void)
{
	return cam_probe(0);
}
