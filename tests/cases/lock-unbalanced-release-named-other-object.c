/* case: lock-unbalanced: a call out of view named for releasing
 * (device_release_driver(&dev->dev)) is handed an object the held lock
 * hangs off only through another pointer (&dev->dev.bus->subsys.rwsem is
 * the bus's): it does not release the bus's lock, so a helper that calls
 * it no longer hides the probe-failure return that leaves the rwsem held
 * (pnp_request_card_device(), upstream fix 30d5b64b63fa "broken error path
 * in drivers/pnp/card.c") */
/* args: -Wlock-unbalanced */
#include <linux/rwsem.h>

struct bus { struct { struct rw_semaphore rwsem; } subsys; };
struct device { struct bus *bus; void *driver; };
struct pnp_dev { struct device dev; int (*probe)(struct device *); };

void device_release_driver(struct device *dev);
void device_bind_driver(struct device *dev);

void pnp_release_card_device(struct pnp_dev *dev)
{
	down_write(&dev->dev.bus->subsys.rwsem);
	device_release_driver(&dev->dev);
	up_write(&dev->dev.bus->subsys.rwsem);
}

struct pnp_dev *pnp_request_card_device(struct pnp_dev *dev)
{
	down_write(&dev->dev.bus->subsys.rwsem);
	if (dev->probe && dev->probe(&dev->dev)) {
		dev->dev.driver = 0;
		return 0; /* expect: lock-unbalanced */
	}
	device_bind_driver(&dev->dev);
	up_write(&dev->dev.bus->subsys.rwsem);
	return dev;
}
