/* case: a filp_open() result used without a test, but only outside the window: before set_fs(KERNEL_DS) (the use proves it is a file) and after the limit is restored (an oops there runs with USER_DS) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

int log_append(const char *path, const char *msg, size_t n)
{
	struct file *fp = filp_open(path, O_WRONLY | O_APPEND, 0);
	mm_segment_t old_fs;
	loff_t pos = fp->f_pos;
	int ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vfs_write(fp, (const char __user *)msg, n, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	return ret;
}

int log_size(const char *path)
{
	mm_segment_t old_fs = get_fs();
	struct file *fp;
	loff_t size;

	set_fs(KERNEL_DS);
	fp = filp_open(path, O_RDONLY, 0);
	set_fs(old_fs);
	if (!fp)
		return -ENOENT;
	size = fp->f_path.dentry->d_inode->i_size;
	filp_close(fp, NULL);
	return size;
}
