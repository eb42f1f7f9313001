/* case: a sysfs store loads firmware with filp_open, i_size_read and vfs_read; every exit restores */
/* oracle: entry fw_update_store */
/* oracle: string "update" */
/* oracle: file "/lib/firmware/touch_fw.bin" "ORACLE01 touch controller image v2\n" */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define TS_FW_PATH	"/lib/firmware/touch_fw.bin"
#define TS_FW_MAX	4096

struct ts_data {
	struct mutex lock;
	u32 fw_version;
};

static struct ts_data ts;

static int ts_flash(struct ts_data *t, const u8 *img, size_t len)
{
	if (len < 8 || memcmp(img, "ORACLE01", 8))
		return -EINVAL;
	t->fw_version++;
	return 0;
}

static ssize_t fw_update_store(struct device *dev, struct device_attribute *attr,
			       const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t size, pos = 0;
	ssize_t n;
	u8 *img = NULL;
	int ret;

	if (!sysfs_streq(buf, "update"))
		return -EINVAL;

	mutex_lock(&ts.lock);
	old_fs = get_fs();
	set_fs(KERNEL_DS);

	fp = filp_open(TS_FW_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out;
	}
	size = i_size_read(file_inode(fp));
	if (size <= 0 || size > TS_FW_MAX) {
		ret = -EFBIG;
		goto out_close;
	}
	img = kmalloc(size, GFP_KERNEL);
	if (!img) {
		ret = -ENOMEM;
		goto out_close;
	}
	n = vfs_read(fp, (char __user *)img, size, &pos);
	if (n != size) {
		ret = n < 0 ? (int)n : -EIO;
		goto out_free;
	}
	ret = ts_flash(&ts, img, n);
out_free:
	kfree(img);
out_close:
	filp_close(fp, NULL);
out:
	set_fs(old_fs);
	mutex_unlock(&ts.lock);
	return ret ? ret : (ssize_t)count;
}
static DEVICE_ATTR_WO(fw_update);
