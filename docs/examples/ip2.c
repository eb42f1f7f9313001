#include <linux/fs.h>

static long my_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs = get_fs();

	set_fs(KERNEL_DS);
	if (cmd == MY_IOC_PROBE)
		return my_probe(file);
	set_fs(old_fs);
	return 0;
}

static struct file_operations my_fops;

static int __init my_init(void)
{
	my_fops.unlocked_ioctl = my_ioctl;
	return 0;
}
