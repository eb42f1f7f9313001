/* case: a debugfs write handler that becomes an entry point through ops->write = dbgbuf_write in another file (assignment through a struct file_operations pointer); it returns raised on a short write (this file: the handler) */
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define DBGBUF_MAX	256

struct dbgbuf {
	struct file *sink;
	loff_t sink_pos;
};

ssize_t dbgbuf_write(struct file *file, const char __user *ubuf, size_t count, loff_t *ppos)
{
	struct dbgbuf *db = file->private_data;
	mm_segment_t old_fs;
	char kbuf[DBGBUF_MAX];
	ssize_t n;

	if (count > sizeof(kbuf))
		return -EINVAL;
	if (copy_from_user(kbuf, ubuf, count))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(db->sink, (const char __user *)kbuf, count, &db->sink_pos);
	if (n != count)
		return n < 0 ? n : -ENOSPC; /* expect: ds-leak */
	set_fs(old_fs);

	*ppos += count;
	return count;
}
