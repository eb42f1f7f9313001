/* case: a helper with five returns, three of them inside the window, restores before each one */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define EDID_LEN	128

struct edid_src {
	struct file *fp;
	u8 edid[EDID_LEN];
	loff_t pos;
};

static const u8 edid_header[8] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 };

static int edid_override_load(struct edid_src *es)
{
	mm_segment_t old_fs;
	ssize_t n;
	u8 sum = 0;
	int i;

	if (!es->fp)
		return -ENOENT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(es->fp, (char __user *)es->edid, EDID_LEN, &es->pos);
	if (n < 0) {
		set_fs(old_fs);
		return n;
	}
	if (n != EDID_LEN) {
		set_fs(old_fs);
		return -ENODATA;
	}
	if (memcmp(es->edid, edid_header, sizeof(edid_header))) {
		set_fs(old_fs);
		return -EINVAL;
	}
	set_fs(old_fs);

	for (i = 0; i < EDID_LEN; i++)
		sum += es->edid[i];
	return sum ? -EBADMSG : 0;
}
