/* case: a sysfs store takes the rwsem for write, downgrade_write()s it (still held) and releases it with up_read; the show uses down_read_trylock and returns -EBUSY holding nothing when it fails */
#include <linux/device.h>
#include <linux/rwsem.h>
#include <linux/kernel.h>

struct fw_cfg {
	struct rw_semaphore sem;
	u32 profile;
	u32 applied;
};

int fw_cfg_commit(struct fw_cfg *cfg, u32 profile);
int fw_cfg_verify(struct fw_cfg *cfg);

static ssize_t profile_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct fw_cfg *cfg = dev_get_drvdata(dev);
	ssize_t n;

	if (!down_read_trylock(&cfg->sem))
		return -EBUSY;
	n = sysfs_emit(buf, "%u (applied %u)\n", cfg->profile, cfg->applied);
	up_read(&cfg->sem);
	return n;
}

static ssize_t profile_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	struct fw_cfg *cfg = dev_get_drvdata(dev);
	u32 val;
	int ret;

	ret = kstrtou32(buf, 0, &val);
	if (ret)
		return ret;

	down_write(&cfg->sem);
	ret = fw_cfg_commit(cfg, val);
	if (ret) {
		up_write(&cfg->sem);
		return ret;
	}
	cfg->profile = val;
	downgrade_write(&cfg->sem);

	/* readers may proceed while the new profile is verified */
	ret = fw_cfg_verify(cfg);
	if (!ret)
		cfg->applied = val;
	up_read(&cfg->sem);
	return ret ? ret : count;
}
static DEVICE_ATTR_RW(profile);
