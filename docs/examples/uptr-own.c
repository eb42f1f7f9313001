#include <linux/fs.h>
#include <linux/uaccess.h>

static u8 cal_data[512];

/* callers may pass kernel buffers too, so allow copying from kernel space */
int cal_load(const void __user *ubuf, u32 len)
{
	mm_segment_t old_fs = get_fs();
	int ret = 0;

	if (len > sizeof(cal_data))
		return -EINVAL;
	set_fs(KERNEL_DS);
	if (copy_from_user(cal_data, ubuf, len))
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}
