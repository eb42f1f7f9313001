/* case: ds-unbalanced stays a warning: load_fw() is reached from a kernel thread and from the driver's ioctl as well (the ioctl's leak is ds-leak); and a second helper reached only from a function stored in a field (a callback called from where the graph does not see) keeps its warning too */
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/uaccess.h>

struct fw_ops { int (*reload)(void); };
static int do_load(const char *p);

static int load_fw(void)
{
	mm_segment_t old = get_fs();
	set_fs(KERNEL_DS);
	if (do_load("/etc/fw"))
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old);
	return 0;
}

static int reload_fw(void)
{
	mm_segment_t old = get_fs();
	set_fs(KERNEL_DS);
	if (do_load("/etc/fw.bak"))
		return -EIO; /* expect: ds-unbalanced */
	set_fs(old);
	return 0;
}

static int fw_thread(void *d)
{
	load_fw();
	return 0;
}

static long fw_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	return load_fw(); /* expect: ds-leak */
}

static const struct file_operations fops = { .unlocked_ioctl = fw_ioctl };
static struct fw_ops ops = { .reload = reload_fw };

static int __init fw_init(void)
{
	kthread_run(fw_thread, NULL, "fw");
	return 0;
}
module_init(fw_init);
