/* case: a proc write handler raises around its whole body (to append to a file) and copies from its __user buffer inside that window; reported at the copy_from_user */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define THERM_OVERRIDE_LOG	"/data/vendor/thermal_override.log"

static struct file *therm_log;
static loff_t therm_log_pos;

int therm_apply_override(const char *spec);

static ssize_t therm_override_write(struct file *file, const char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	mm_segment_t old_fs;
	char kbuf[64];
	ssize_t ret;

	if (count >= sizeof(kbuf))
		return -EINVAL;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (copy_from_user(kbuf, ubuf, count)) { /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
		goto out;
	}
	kbuf[count] = '\0';
	ret = therm_apply_override(kbuf);
	if (ret)
		goto out;
	if (therm_log)
		vfs_write(therm_log, (const char __user *)kbuf, count, &therm_log_pos);
	ret = count;
out:
	set_fs(old_fs);
	return ret;
}

static const struct proc_ops therm_override_ops = {
	.proc_write	= therm_override_write,
};
