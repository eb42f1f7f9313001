/* case: a void event logger returns early from inside the window when the buffer is full */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct evlog {
	struct file *fp;
	loff_t pos;
	loff_t max_size;
	unsigned long dropped;
};

static void evlog_emit(struct evlog *el, const char *line, size_t len)
{
	mm_segment_t old_fs;

	if (!el->fp)
		return;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	if (el->pos + len > el->max_size) {
		el->dropped++;
		return; /* expect: ds-unbalanced */
	}
	vfs_write(el->fp, (const char __user *)line, len, &el->pos);
	set_fs(old_fs);
}
