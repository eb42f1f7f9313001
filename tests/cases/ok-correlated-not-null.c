/* case: raise and restore both guarded by `kbuf != NULL` in a proc_ops write handler */
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

static struct file *gpio_export_filp;
static loff_t gpio_export_pos;

static ssize_t gpio_export_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	mm_segment_t old_fs;
	char *kbuf = NULL;
	ssize_t ret;

	if (len > 16)
		return -EINVAL;
	if (len > 1)
		kbuf = memdup_user(ubuf, len);
	if (IS_ERR(kbuf))
		return PTR_ERR(kbuf);

	if (kbuf != NULL) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = vfs_write(gpio_export_filp, (const char __user *)kbuf, len, &gpio_export_pos);
	} else {
		ret = -EINVAL;
	}
	if (kbuf != NULL) {
		set_fs(old_fs);
		kfree(kbuf);
	}
	return ret < 0 ? ret : len;
}

static const struct proc_ops gpio_export_proc_ops = {
	.proc_write	= gpio_export_write,
};
