/* case: a retry loop restores the limit before deciding whether to try again */
/* oracle: entry wlan_nv_read */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/delay.h>
#include <linux/uaccess.h>

#define WLAN_NV_PATH	"/persist/wlan/nv.bin"

static u8 wlan_nv[64];

static ssize_t wlan_nv_read(struct file *file, char __user *ubuf, size_t count, loff_t *ppos)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n = -EIO;
	int tries = 3;

	fp = filp_open(WLAN_NV_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	while (tries--) {
		pos = 0;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_read(fp, (char __user *)wlan_nv, sizeof(wlan_nv), &pos);
		set_fs(old_fs);
		if (n >= 0)
			break;
		msleep(10);
	}
	filp_close(fp, NULL);
	if (n < 0)
		return n;
	return simple_read_from_buffer(ubuf, count, ppos, wlan_nv, n);
}

static const struct file_operations wlan_nv_fops = {
	.owner	= THIS_MODULE,
	.read	= wlan_nv_read,
};
