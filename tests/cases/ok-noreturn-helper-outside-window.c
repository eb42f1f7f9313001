/* case: a helper that always panics is called only before the raise and after the restore; a helper that only warns and returns is called inside the window: silent */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define DSP_IMAGE_PATH	"/vendor/firmware/adsp.mdt"

struct dsp_hdr {
	__le32 magic;
	__le32 size;
	__le32 entry;
};

struct dsp_core {
	struct device *dev;
	struct dsp_hdr hdr;
	bool secure_boot;
};

static void dsp_die(struct dsp_core *dc, const char *why)
{
	dev_emerg(dc->dev, "dsp: %s\n", why);
	panic("adsp: %s", why);
}

static void dsp_note_bad_header(struct dsp_core *dc, ssize_t n)
{
	WARN_ONCE(1, "adsp: header read returned %zd\n", n);
	dev_err(dc->dev, "falling back to built-in image\n");
}

static int dsp_read_header(struct dsp_core *dc)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (dc->secure_boot && !dc->dev)
		dsp_die(dc, "secure boot without a device");

	fp = filp_open(DSP_IMAGE_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)&dc->hdr, sizeof(dc->hdr), &pos);
	if (n != sizeof(dc->hdr))
		dsp_note_bad_header(dc, n);
	set_fs(old_fs);
	filp_close(fp, NULL);

	if (dc->secure_boot && n != sizeof(dc->hdr))
		dsp_die(dc, "secure boot image unreadable");
	return n == sizeof(dc->hdr) ? 0 : -EIO;
}

static ssize_t boot_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	struct dsp_core *dc = dev_get_drvdata(dev);
	int ret;

	ret = dsp_read_header(dc);
	return ret ? ret : count;
}
static DEVICE_ATTR_WO(boot);
