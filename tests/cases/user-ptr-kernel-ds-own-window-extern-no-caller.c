/* case: an exported helper raises the limit itself ("so callers may pass kernel buffers") and copies from its own __user parameter; nobody in the analysed files calls it, so the annotation decides: reported at the copy_from_user */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct cam_cal_buf {
	u8 data[512];
	u32 len;
};

static struct cam_cal_buf cal;

int cam_cal_load(const void __user *ubuf, u32 len)
{
	mm_segment_t old_fs;
	int ret = 0;

	if (len > sizeof(cal.data))
		return -EINVAL;
	/* allow copying from kernel space too */
	old_fs = get_fs();
	set_fs(get_ds());
	if (copy_from_user(cal.data, ubuf, len)) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	else
		cal.len = len;
	set_fs(old_fs);
	return ret;
}
EXPORT_SYMBOL(cam_cal_load);
