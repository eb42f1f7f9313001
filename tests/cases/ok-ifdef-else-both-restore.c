/* case: each arm of an #ifdef/#else inside the window restores before its own return */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/crc32.h>
#include <linux/uaccess.h>

struct radio_cal {
	struct file *fp;
	u8 blob[512];
	u32 crc;
	loff_t pos;
};

static int radio_cal_verify(struct radio_cal *rc)
{
	mm_segment_t old_fs;
	ssize_t n;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(rc->fp, (char __user *)rc->blob, sizeof(rc->blob), &rc->pos);
#ifdef CONFIG_RADIO_CAL_CRC
	n = vfs_read(rc->fp, (char __user *)&rc->crc, sizeof(rc->crc), &rc->pos);
	set_fs(old_fs);
	if (n != sizeof(rc->crc))
		return -EIO;
	return crc32_le(~0, rc->blob, sizeof(rc->blob)) == rc->crc ? 0 : -EBADMSG;
#else
	set_fs(old_fs);
	return n == sizeof(rc->blob) ? 0 : -EIO;
#endif
}
