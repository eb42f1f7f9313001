/* case: `#undef CAL_RAW` then an `#include`, which may define it again: `#ifdef CAL_RAW` stays undecided and its arm that leaks is walked */
#include <linux/fs.h>

#undef CAL_RAW
#include "cal_config.h"

#include <linux/uaccess.h>

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
#ifdef CAL_RAW
	if (cmd == 2)
		return -EINVAL; /* expect: ds-leak */
#endif
	set_fs(old_fs);
	return 0;
}

static const struct file_operations cal_fops = {
	.unlocked_ioctl	= cal_ioctl,
};
