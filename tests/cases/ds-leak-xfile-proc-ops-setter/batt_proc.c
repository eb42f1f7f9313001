/* case: the proc_ops initializer here names batt_hist_write() from another file, which makes it an entry point */
#include <linux/module.h>
#include <linux/proc_fs.h>

ssize_t batt_hist_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos);

static const struct proc_ops batt_hist_proc_ops = {
	.proc_write	= batt_hist_write,
	.proc_lseek	= noop_llseek,
};

static int __init batt_proc_init(void)
{
	if (!proc_create("batt_hist_replay", 0200, NULL, &batt_hist_proc_ops))
		return -ENOMEM;
	return 0;
}
module_init(batt_proc_init);
MODULE_LICENSE("GPL");
