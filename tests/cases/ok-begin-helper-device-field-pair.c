/* case: a begin helper keeps the caller's limit in the device it is given and raises, restoring on its error path; the end helper restores from the field; the sysfs store pairs them on every path */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/uaccess.h>

struct nv_dev {
	struct file *fp;
	mm_segment_t saved_fs;
	loff_t pos;
	u8 blob[512];
};

static bool nv_begin(struct nv_dev *nv, const char *path)
{
	nv->saved_fs = get_fs();
	set_fs(KERNEL_DS);
	nv->fp = filp_open(path, O_RDWR, 0);
	if (IS_ERR(nv->fp)) {
		set_fs(nv->saved_fs);
		return false;
	}
	nv->pos = 0;
	return true;
}

static void nv_end(struct nv_dev *nv)
{
	filp_close(nv->fp, NULL);
	set_fs(nv->saved_fs);
}

static ssize_t backup_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct nv_dev *nv = dev_get_drvdata(dev);
	ssize_t n;

	if (!nv_begin(nv, "/data/nv/backup.bin"))
		return -ENOENT;
	n = vfs_write(nv->fp, (const char __user *)nv->blob, sizeof(nv->blob), &nv->pos);
	nv_end(nv);
	return n < 0 ? n : count;
}
static DEVICE_ATTR_WO(backup);
