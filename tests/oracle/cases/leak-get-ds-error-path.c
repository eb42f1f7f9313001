/* case: set_fs(get_ds()) opens the window; an error from the backing file returns before the restore */
/* oracle: entry nfc_fw_store */
/* oracle: string "1" */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define NFC_FW_PATH	"/vendor/firmware/nfc_patch.bin"
#define NFC_FW_MAX	2048

static ssize_t nfc_fw_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;
	u8 *img;
	bool go;

	if (kstrtobool(buf, &go) || !go)
		return -EINVAL;
	img = kzalloc(NFC_FW_MAX, GFP_KERNEL);
	if (!img)
		return -ENOMEM;
	fp = filp_open(NFC_FW_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		kfree(img);
		return PTR_ERR(fp);
	}
	old_fs = get_fs();
	set_fs(get_ds());
	n = vfs_read(fp, (char __user *)img, NFC_FW_MAX, &pos);
	filp_close(fp, NULL);
	if (n <= 0) {
		kfree(img);
		return n ? n : -ENODATA; /* expect: ds-leak */
	}
	set_fs(old_fs);
	kfree(img);
	return count;
}
static DEVICE_ATTR(nfc_fw, 0200, NULL, nfc_fw_store);
