/* case: a sysfs store that writes a firmware image to the panel and returns raised when the image is too short; it is named by DEVICE_ATTR() in another file (this file: the store) */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define TP_FW_PATH	"/vendor/firmware/tp_fw.img"
#define TP_FW_MIN	4096
#define TP_FW_MAX	(128 * 1024)

struct tp_dev {
	struct device *dev;
	struct mutex fw_lock;
};

int tp_flash(struct tp_dev *tp, const u8 *img, size_t len);

ssize_t tp_fw_update_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	struct tp_dev *tp = dev_get_drvdata(dev);
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	u8 *img;
	int ret;

	img = kvmalloc(TP_FW_MAX, GFP_KERNEL);
	if (!img)
		return -ENOMEM;
	fp = filp_open(TP_FW_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		kvfree(img);
		return PTR_ERR(fp);
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)img, TP_FW_MAX, &pos);
	filp_close(fp, NULL);
	if (n < TP_FW_MIN) {
		dev_err(dev, "firmware image too short (%zd)\n", n);
		kvfree(img);
		return -EINVAL; /* expect: ds-leak */
	}
	set_fs(old_fs);

	ret = tp_flash(tp, img, n);
	kvfree(img);
	return ret ? ret : count;
}
