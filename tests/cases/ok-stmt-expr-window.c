/* case: a whole raise/call/restore window written as a GNU statement expression inside a .read handler */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct fwlog {
	struct file *src;
	char snap[1024];
	loff_t src_pos;
};

static ssize_t fwlog_read(struct file *file, char __user *ubuf, size_t len, loff_t *ppos)
{
	struct fwlog *fl = file->private_data;
	ssize_t n;

	n = ({
		mm_segment_t __old_fs = get_fs();
		ssize_t __r;

		set_fs(KERNEL_DS);
		__r = vfs_read(fl->src, (char __user *)fl->snap, sizeof(fl->snap), &fl->src_pos);
		set_fs(__old_fs);
		__r;
	});
	if (n < 0)
		return n;

	return simple_read_from_buffer(ubuf, len, ppos, fl->snap, n);
}

static const struct file_operations fwlog_fops = {
	.owner	= THIS_MODULE,
	.read	= fwlog_read,
	.llseek	= no_llseek,
};
