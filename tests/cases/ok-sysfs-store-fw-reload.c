/* case: a DEVICE_ATTR_WO store reloads firmware from a file and every goto lands on the restore */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define HUB_FW_PATH	"/vendor/firmware/sensorhub.bin"
#define HUB_FW_MAX	(128 * 1024)

struct hub_priv {
	struct mutex lock;
};

int hub_flash(struct hub_priv *hp, const u8 *img, size_t len);

static ssize_t reload_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct hub_priv *hp = dev_get_drvdata(dev);
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;
	u8 *img;
	int ret;

	if (!sysfs_streq(buf, "1"))
		return -EINVAL;

	img = vmalloc(HUB_FW_MAX);
	if (!img)
		return -ENOMEM;

	mutex_lock(&hp->lock);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(HUB_FW_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out;
	}
	n = vfs_read(fp, (char __user *)img, HUB_FW_MAX, &pos);
	filp_close(fp, NULL);
	if (n <= 0) {
		ret = n ? n : -ENODATA;
		goto out;
	}
	ret = hub_flash(hp, img, n);
out:
	set_fs(old_fs);
	mutex_unlock(&hp->lock);
	vfree(img);
	return ret ? ret : count;
}
static DEVICE_ATTR_WO(reload);
