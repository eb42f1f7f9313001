#include <linux/fs.h>
#include <linux/uaccess.h>

static long my_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (cmd == MY_IOC_PROBE)
		return my_probe(file);
	set_fs(old_fs);
	return 0;
}

/* a subsystem ops struct that is not in the entry-point table */
static const struct my_bus_ops my_bus_ops = {
	.ioctl	= my_ioctl,
};
