/* case: the ioctl copies a request struct from the user pointer, then raises and hands req.buf (a pointer field of that user-filled struct) to vfs_write as the buffer; reported at the vfs_write call */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define DIAG_IOC_SAVE_LOG	_IOW('D', 0x01, struct diag_save_req)
#define DIAG_LOG_PATH		"/data/vendor/diag/last.log"
#define DIAG_LOG_MAX		(64 * 1024)

struct diag_save_req {
	void __user *buf;
	u32 len;
	u32 flags;
};

static long diag_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct diag_save_req req;
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (cmd != DIAG_IOC_SAVE_LOG)
		return -ENOTTY;
	if (copy_from_user(&req, (void __user *)arg, sizeof(req)))
		return -EFAULT;
	if (req.len > DIAG_LOG_MAX)
		return -EINVAL;

	fp = filp_open(DIAG_LOG_PATH, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_write(fp, req.buf, req.len, &pos); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);

	filp_close(fp, NULL);
	return n < 0 ? n : 0;
}

static const struct file_operations diag_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= diag_ioctl,
};
