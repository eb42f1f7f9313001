/* case: lock-double-acquire: `mutex_lock()` typed where `mutex_unlock()` was meant at the end of the first scan, then the second scan takes the same mutex again (mptsas_not_responding_devices(), fixed by 9f21316fd0ae): the task waits for itself */
#include <linux/mutex.h>
#include <linux/list.h>

struct sas_ioc {
	struct mutex device_info_mutex;
	struct mutex topology_mutex;
	struct list_head devices;
	struct list_head ports;
};

struct sas_dev {
	struct list_head list;
	int cached, gone;
};

static void sas_refresh_devices(struct sas_ioc *ioc)
{
	struct sas_dev *d;

	mutex_lock(&ioc->device_info_mutex);
	list_for_each_entry(d, &ioc->devices, list) {
		if (d->cached)
			continue;
		d->gone = 1;
	}
	mutex_lock(&ioc->device_info_mutex); /* expect: lock-double-acquire */

	mutex_lock(&ioc->topology_mutex);
	list_for_each_entry(d, &ioc->ports, list)
		d->gone = 0;
	mutex_unlock(&ioc->topology_mutex);
}

void sas_rescan(struct sas_ioc *ioc)
{
	sas_refresh_devices(ioc);
}
