/* case: a DEVICE_ATTR_WO store loop uses continue on a missing node and skips the restore */
#include <linux/device.h>
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/uaccess.h>

static ssize_t boost_governor_store(struct device *dev, struct device_attribute *attr,
				    const char *buf, size_t count)
{
	char path[80];
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	int cpu;

	if (count > 16)
		return -EINVAL;

	old_fs = get_fs();
	for_each_online_cpu(cpu) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpu);
		set_fs(KERNEL_DS);
		fp = filp_open(path, O_WRONLY, 0);
		if (IS_ERR(fp)) {
			dev_warn(dev, "cpu%d has no cpufreq node\n", cpu);
			continue;
		}
		pos = 0;
		vfs_write(fp, (const char __user *)buf, count, &pos);
		filp_close(fp, NULL);
		set_fs(old_fs);
	}
	return count; /* expect: ds-leak */
}
static DEVICE_ATTR_WO(boost_governor);
