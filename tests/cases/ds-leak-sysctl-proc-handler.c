/* case: a sysctl table's .proc_handler runs from a read or write of /proc/sys and returns to user mode; this one saves the new value to a file and returns raised when the write fails */
#include <linux/sysctl.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

static int wake_ms;
static struct file *cfg_fp;

static int wake_ms_handler(struct ctl_table *table, int write, void __user *buffer,
			   size_t *lenp, loff_t *ppos)
{
	mm_segment_t old_fs;
	loff_t pos = 0;
	int ret;

	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (ret || !write)
		return ret;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (vfs_write(cfg_fp, (const char __user *)&wake_ms, sizeof(wake_ms), &pos) < 0)
		return -EIO; /* expect: ds-leak */
	set_fs(old_fs);
	return 0;
}

static struct ctl_table wake_table[] = {
	{
		.procname	= "wake_ms",
		.data		= &wake_ms,
		.maxlen		= sizeof(int),
		.mode		= 0644,
		.proc_handler	= wake_ms_handler,
	},
	{ }
};

int wake_sysctl_init(void)
{
	return register_sysctl_table(wake_table) ? 0 : -ENOMEM;
}
