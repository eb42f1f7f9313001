/* case: revision A's .load_fw target reads the firmware under a balanced window (this file: silent) */
#include <linux/fs.h>
#include <linux/vmalloc.h>
#include <linux/uaccess.h>

#define WLAN_REVA_FW	"/vendor/firmware/wlan_reva.bin"
#define WLAN_FW_MAX	(512 * 1024)

struct wlan_hw;

struct wlan_hw_ops {
	int (*load_fw)(struct wlan_hw *hw);
	int (*power)(struct wlan_hw *hw, bool on);
};

int wlan_download(struct wlan_hw *hw, const void *img, size_t len);
int wlan_reva_power(struct wlan_hw *hw, bool on);

static int wlan_reva_load_fw(struct wlan_hw *hw)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	void *img;
	int ret;

	img = vmalloc(WLAN_FW_MAX);
	if (!img)
		return -ENOMEM;
	fp = filp_open(WLAN_REVA_FW, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		vfree(img);
		return PTR_ERR(fp);
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)img, WLAN_FW_MAX, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);

	ret = n > 0 ? wlan_download(hw, img, n) : -EIO;
	vfree(img);
	return ret;
}

const struct wlan_hw_ops wlan_reva_ops = {
	.load_fw	= wlan_reva_load_fw,
	.power		= wlan_reva_power,
};
