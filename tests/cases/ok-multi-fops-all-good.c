/* case: .read, .write and .unlocked_ioctl of one driver each open a window and restore on all paths */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

#define LOGX_IOC_RESET	_IO('L', 0)

struct logx {
	struct file *store;
	char cache[256];
	loff_t wpos;
};

static ssize_t logx_read(struct file *file, char __user *ubuf, size_t len, loff_t *ppos)
{
	struct logx *lx = file->private_data;
	mm_segment_t old_fs = get_fs();
	loff_t pos = 0;
	ssize_t n;

	set_fs(KERNEL_DS);
	n = vfs_read(lx->store, (char __user *)lx->cache, sizeof(lx->cache), &pos);
	set_fs(old_fs);
	if (n <= 0)
		return n;
	return simple_read_from_buffer(ubuf, len, ppos, lx->cache, n);
}

static ssize_t logx_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	struct logx *lx = file->private_data;
	mm_segment_t old_fs;
	ssize_t n;

	len = min(len, sizeof(lx->cache));
	if (copy_from_user(lx->cache, ubuf, len))
		return -EFAULT;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(lx->store, (const char __user *)lx->cache, len, &lx->wpos);
	set_fs(old_fs);
	return n;
}

static long logx_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct logx *lx = file->private_data;

	BUG_ON(!lx);
	if (cmd != LOGX_IOC_RESET)
		return -ENOTTY;
	lx->wpos = 0;
	return vfs_truncate(&lx->store->f_path, 0);
}

static const struct file_operations logx_fops = {
	.owner		= THIS_MODULE,
	.read		= logx_read,
	.write		= logx_write,
	.unlocked_ioctl	= logx_ioctl,
};
