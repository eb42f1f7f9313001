/* case: tp_fw_open() saves the caller's limit in a global and raises (restoring on its error path); the ioctl returns between it and tp_fw_close() when the image is short, with KERNEL_DS in force. The helper itself is a begin helper and is not reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/uaccess.h>

#define TP_IOC_UPDATE	_IO('T', 7)

static mm_segment_t tp_old_fs;
static struct file *tp_fp;

static int tp_fw_open(const char *path)
{
	tp_old_fs = get_fs();
	set_fs(KERNEL_DS);
	tp_fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(tp_fp)) {
		set_fs(tp_old_fs);
		return PTR_ERR(tp_fp);
	}
	return 0;
}

static void tp_fw_close(void)
{
	filp_close(tp_fp, NULL);
	set_fs(tp_old_fs);
}

static long tp_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	static u8 img[2048];
	loff_t pos = 0;
	ssize_t n;
	int ret;

	if (cmd != TP_IOC_UPDATE)
		return -ENOTTY;
	ret = tp_fw_open("/system/etc/firmware/tp.img");
	if (ret)
		return ret;
	n = vfs_read(tp_fp, (char __user *)img, sizeof(img), &pos);
	if (n < 16)
		return -EINVAL; /* expect: ds-leak */
	tp_fw_close();
	return 0;
}

static const struct file_operations tp_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= tp_ioctl,
};
