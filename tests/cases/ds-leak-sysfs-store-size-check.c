/* case: a DEVICE_ATTR_RW store rejects an oversized firmware file without restoring the limit */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define SENSOR_FW_MAX	(64 * 1024)

struct sensor_data {
	char fw_path[128];
	u8 *fw_buf;
	size_t fw_len;
};

static ssize_t fw_path_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct sensor_data *sd = dev_get_drvdata(dev);

	return scnprintf(buf, PAGE_SIZE, "%s\n", sd->fw_path);
}

static ssize_t fw_path_store(struct device *dev, struct device_attribute *attr,
			     const char *buf, size_t count)
{
	struct sensor_data *sd = dev_get_drvdata(dev);
	struct file *fp;
	mm_segment_t old_fs;
	loff_t size, pos = 0;
	ssize_t ret;

	strlcpy(sd->fw_path, buf, sizeof(sd->fw_path));
	strim(sd->fw_path);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(sd->fw_path, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		set_fs(old_fs);
		return PTR_ERR(fp);
	}
	size = vfs_llseek(fp, 0, SEEK_END);
	if (size <= 0 || size > SENSOR_FW_MAX) {
		filp_close(fp, NULL);
		return -EFBIG; /* expect: ds-leak */
	}
	vfs_llseek(fp, 0, SEEK_SET);
	ret = vfs_read(fp, (char __user *)sd->fw_buf, size, &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);
	if (ret != size)
		return -EIO;
	sd->fw_len = size;
	return count;
}
static DEVICE_ATTR_RW(fw_path);
