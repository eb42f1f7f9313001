/* case: a proc_ops write handler copies from user first, then writes the kernel copy under a balanced window */
#include <linux/proc_fs.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define FAN_CURVE_FILE	"/data/vendor/fan_curve"

static ssize_t fan_curve_proc_write(struct file *file, const char __user *ubuf,
				   size_t len, loff_t *ppos)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t ret;
	char *kbuf;

	if (len > PAGE_SIZE)
		return -E2BIG;
	kbuf = memdup_user(ubuf, len);
	if (IS_ERR(kbuf))
		return PTR_ERR(kbuf);

	fp = filp_open(FAN_CURVE_FILE, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp)) {
		kfree(kbuf);
		return PTR_ERR(fp);
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(fp, (const char __user *)kbuf, len, &pos);
	set_fs(old_fs);

	filp_close(fp, NULL);
	kfree(kbuf);
	return ret < 0 ? ret : len;
}

static const struct proc_ops fan_curve_proc_ops = {
	.proc_write	= fan_curve_proc_write,
	.proc_lseek	= noop_llseek,
};
