/* case: an extern helper in this file opens its own window around its __user parameter; the ioctl of another file passes its user argument to it: reported at the copy here, the path showing the ioctl's call */
#include <linux/fs.h>
#include <linux/uaccess.h>

struct sensor_regs {
	u32 reg[32];
};

static struct sensor_regs shadow;

int sensor_read_regs(void __user *out, size_t len)
{
	mm_segment_t old_fs = get_fs();
	int ret = 0;

	if (len > sizeof(shadow))
		return -EINVAL;
	set_fs(KERNEL_DS);
	if (copy_to_user(out, &shadow, len)) /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}
