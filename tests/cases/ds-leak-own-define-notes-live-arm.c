/* case: `#define CAL_V2 1` decides the `#ifdef CAL_V2` arm: the leak's path goes through the live `cmd == 1` test, never through the dead arm's `cmd == 2` (tests/cli.sh checks the notes) */
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CAL_V2 1

static long cal_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
#ifdef CAL_V2
	if (cmd == 1)
		goto out;
#else
	if (cmd == 2)
		goto out;
#endif
	set_fs(old_fs);
out:
	return 0; /* expect: ds-leak */
}

static const struct file_operations cal_fops = {
	.unlocked_ioctl	= cal_ioctl,
};
