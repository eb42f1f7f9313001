/* case: a sysfs store's buf is a kernel buffer; passing (const char __user *)buf to vfs_write inside the window is the normal idiom: silent */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define BT_MAC_PATH	"/persist/bluetooth/bdaddr.txt"

struct bt_plat {
	struct device *dev;
	char bdaddr[18];
};

static ssize_t bdaddr_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct bt_plat *bp = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%s\n", bp->bdaddr);
}

static ssize_t bdaddr_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct bt_plat *bp = dev_get_drvdata(dev);
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (count < 17 || count > sizeof(bp->bdaddr))
		return -EINVAL;

	fp = filp_open(BT_MAC_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)buf, count, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	if (n != count)
		return n < 0 ? n : -EIO;

	strscpy(bp->bdaddr, buf, sizeof(bp->bdaddr));
	return count;
}
static DEVICE_ATTR_RW(bdaddr);
