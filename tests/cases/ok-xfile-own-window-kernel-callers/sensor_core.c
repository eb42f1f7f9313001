/* case: an extern helper opens its own window around its __user parameter; its only caller (another file) passes a kernel buffer cast to __user: silent */
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
	if (copy_to_user(out, &shadow, len))
		ret = -EFAULT;
	set_fs(old_fs);
	return ret;
}
