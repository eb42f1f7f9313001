/* case: a retry loop saves and raises every round; a failed read continues without restoring, so the next round saves KERNEL_DS */
/* oracle: entry hdmi_edid_read */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define EDID_CACHE	"/data/vendor/display/edid.bin"

static u8 edid_cache[128];

static ssize_t hdmi_edid_read(struct file *file, char __user *ubuf, size_t count, loff_t *ppos)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos;
	ssize_t n = -EIO;
	int tries;

	fp = filp_open(EDID_CACHE, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	for (tries = 0; tries < 3; tries++) {
		pos = 0;
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_read(fp, (char __user *)edid_cache, sizeof(edid_cache), &pos);
		if (n < 0)
			continue;
		set_fs(old_fs);
		break;
	}
	filp_close(fp, NULL);
	if (n < 0)
		return n; /* expect: ds-leak */
	return simple_read_from_buffer(ubuf, count, ppos, edid_cache, n); /* expect: ds-leak */
}

static const struct file_operations hdmi_edid_fops = {
	.owner	= THIS_MODULE,
	.read	= hdmi_edid_read,
};
