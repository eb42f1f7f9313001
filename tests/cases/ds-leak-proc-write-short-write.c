/* case: a proc_ops .proc_write handler returns on a short vfs_write while KERNEL_DS is in force */
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

static struct file *panel_log_filp;
static loff_t panel_log_pos;
static DEFINE_MUTEX(panel_log_lock);

static ssize_t panel_log_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *ppos)
{
	mm_segment_t old_fs;
	ssize_t ret;
	char *kbuf;

	if (!panel_log_filp)
		return -ENODEV;

	kbuf = memdup_user(ubuf, len);
	if (IS_ERR(kbuf))
		return PTR_ERR(kbuf);

	mutex_lock(&panel_log_lock);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(panel_log_filp, (const char __user *)kbuf, len, &panel_log_pos);
	if (ret != len) {
		mutex_unlock(&panel_log_lock);
		kfree(kbuf);
		return ret < 0 ? ret : -ENOSPC; /* expect: ds-leak */
	}
	set_fs(old_fs);
	mutex_unlock(&panel_log_lock);

	kfree(kbuf);
	return len;
}

static const struct proc_ops panel_log_proc_ops = {
	.proc_write	= panel_log_write,
	.proc_lseek	= noop_llseek,
};
