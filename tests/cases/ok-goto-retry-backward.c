/* case: a backward `goto retry` re-enters the window only after the restore, in a .write handler */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/delay.h>
#include <linux/uaccess.h>

struct uart_bridge {
	struct file *tty;
	char frame[64];
	size_t frame_len;
	loff_t pos;
};

static ssize_t ub_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	struct uart_bridge *ub = file->private_data;
	mm_segment_t old_fs;
	int retries = 5;
	ssize_t n;

	if (len > sizeof(ub->frame))
		return -EMSGSIZE;
	if (copy_from_user(ub->frame, ubuf, len))
		return -EFAULT;
	ub->frame_len = len;

retry:
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(ub->tty, (const char __user *)ub->frame, ub->frame_len, &ub->pos);
	set_fs(old_fs);
	if (n == -EAGAIN && retries--) {
		usleep_range(500, 1000);
		goto retry;
	}
	return n < 0 ? n : len;
}

static const struct file_operations ub_fops = {
	.owner	= THIS_MODULE,
	.write	= ub_write,
};
