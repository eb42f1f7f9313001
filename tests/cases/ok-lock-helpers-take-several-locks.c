/* case: a get/release helper pair takes two or three locks in order and releases them all, one conditionally (drivers/s390/crypto/vfio_ap_ops.c get_update_locks_for_mdev); sysfs stores use them on every path */
#include <linux/device.h>
#include <linux/mutex.h>

static inline void get_update_locks(struct matrix_mdev *m)
{
	mutex_lock(&matrix_dev->guests_lock);
	if (m && m->kvm)
		mutex_lock(&m->kvm->lock);
	mutex_lock(&matrix_dev->mdevs_lock);
}

static inline void release_update_locks(struct matrix_mdev *m)
{
	mutex_unlock(&matrix_dev->mdevs_lock);
	if (m && m->kvm)
		mutex_unlock(&m->kvm->lock);
	mutex_unlock(&matrix_dev->guests_lock);
}

static ssize_t assign_adapter_store(struct device *dev, struct device_attribute *attr,
				    const char *buf, size_t count)
{
	struct matrix_mdev *m = dev_get_drvdata(dev);
	unsigned long apid;
	int ret;

	get_update_locks(m);
	ret = kstrtoul(buf, 0, &apid);
	if (ret)
		goto done;
	if (apid > m->matrix.apm_max) {
		ret = -ENODEV;
		goto done;
	}
	set_bit_inv(apid, m->matrix.apm);
	ret = count;
done:
	release_update_locks(m);
	return ret;
}
static DEVICE_ATTR_WO(assign_adapter);
