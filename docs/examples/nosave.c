#include <linux/fs.h>
#include <linux/uaccess.h>

static ssize_t cfg_read_file(struct file *fp, void *buf, size_t len)
{
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)buf, len, &pos);
	set_fs(USER_DS);
	return n;
}

static ssize_t cfg_write_file(struct file *fp, const void *buf, size_t len)
{
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_write(fp, (const char __user *)buf, len, &pos);
	set_fs(USER_DS);
	return n;
}
