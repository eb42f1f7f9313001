/* case: a guard helper in another file saves the limit into g->saved and raises, another restores it; this firmware loader and its sysfs store pair them on every goto path */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/vmalloc.h>
#include <linux/uaccess.h>

#define GPU_UCODE_PATH	"/lib/firmware/vendor/gpu_ucode.bin"
#define GPU_UCODE_MAX	(256 * 1024)

struct gpu_guard {
	mm_segment_t saved;
	unsigned int depth;
};

struct gpu_dev {
	struct device *dev;
	void __iomem *regs;
	u32 ucode_version;
};

void gpu_guard_enter(struct gpu_guard *g);
void gpu_guard_exit(struct gpu_guard *g);
int gpu_ucode_check(const void *buf, size_t len);
int gpu_ucode_upload(struct gpu_dev *gdev, const void *buf, size_t len);

static int gpu_load_microcode(struct gpu_dev *gdev, const char *path)
{
	struct gpu_guard g = { };
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	void *buf;
	int ret;

	buf = vmalloc(GPU_UCODE_MAX);
	if (!buf)
		return -ENOMEM;

	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out_free;
	}

	gpu_guard_enter(&g);
	n = vfs_read(fp, (char __user *)buf, GPU_UCODE_MAX, &pos);
	if (n <= 0) {
		ret = n ? n : -ENODATA;
		goto out_restore;
	}
	ret = gpu_ucode_check(buf, n);
	if (ret)
		goto out_restore;
	ret = gpu_ucode_upload(gdev, buf, n);
out_restore:
	gpu_guard_exit(&g);
	filp_close(fp, NULL);
out_free:
	vfree(buf);
	return ret;
}

static ssize_t reload_store(struct device *dev, struct device_attribute *attr,
			    const char *buf, size_t count)
{
	struct gpu_dev *gdev = dev_get_drvdata(dev);
	int ret;

	if (!sysfs_streq(buf, "1"))
		return -EINVAL;
	ret = gpu_load_microcode(gdev, GPU_UCODE_PATH);
	if (ret)
		return ret;
	return count;
}
static DEVICE_ATTR_WO(reload);
