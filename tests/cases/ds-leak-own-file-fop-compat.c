/* case: a compat_ioctl handler forwards to its own file's ioctl through file->f_op->unlocked_ioctl, where file is its own parameter; that call does reach this file's ioctl handler, whose error return leaves KERNEL_DS, so both handlers leak (the foreign-f_op rule must not hide the handler's own file) */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

#define CALIB_IOC_LOAD	_IO('c', 1)
#define CALIB_PATH	"/persist/sensors/calib.bin"

static u8 calib_blob[128];

static long calib_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (cmd != CALIB_IOC_LOAD)
		return -ENOTTY;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	fp = filp_open(CALIB_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp); /* expect: ds-leak */
	n = vfs_read(fp, (char __user *)calib_blob, sizeof(calib_blob), &pos);
	filp_close(fp, NULL);
	set_fs(old_fs);
	return n == sizeof(calib_blob) ? 0 : -EIO;
}

static long calib_compat_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return file->f_op->unlocked_ioctl(file, cmd, (unsigned long)compat_ptr(arg)); /* expect: ds-leak */
}

static const struct file_operations calib_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= calib_ioctl,
	.compat_ioctl	= calib_compat_ioctl,
};

int calib_register(const struct file_operations *fops);

static int __init calib_init(void)
{
	return calib_register(&calib_fops);
}
module_init(calib_init);
MODULE_LICENSE("GPL");
