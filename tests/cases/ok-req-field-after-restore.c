/* case: a request struct filled by copy_from_user carries a user buffer pointer; the window reads into a kernel bounce buffer and req.buf is used by copy_to_user only after the restore: silent */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define CRASHLOG_IOC_FETCH	_IOWR('c', 0x02, struct crashlog_req)
#define CRASHLOG_PATH		"/data/vendor/ramdump/crash.log"
#define CRASHLOG_MAX		(32 * 1024)

struct crashlog_req {
	void __user *buf;
	u32 len;
	u32 copied;
};

static long crashlog_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct crashlog_req req;
	mm_segment_t old_fs;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;
	char *kbuf;
	long ret = 0;

	if (cmd != CRASHLOG_IOC_FETCH)
		return -ENOTTY;
	if (copy_from_user(&req, (void __user *)arg, sizeof(req)))
		return -EFAULT;
	if (!req.len || req.len > CRASHLOG_MAX)
		return -EINVAL;

	kbuf = kvmalloc(req.len, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	fp = filp_open(CRASHLOG_PATH, O_RDONLY, 0);
	if (IS_ERR(fp)) {
		ret = PTR_ERR(fp);
		goto out_free;
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)kbuf, req.len, &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	if (n < 0) {
		ret = n;
		goto out_free;
	}

	if (copy_to_user(req.buf, kbuf, n)) {
		ret = -EFAULT;
		goto out_free;
	}
	req.copied = n;
	if (copy_to_user((void __user *)arg, &req, sizeof(req)))
		ret = -EFAULT;
out_free:
	kvfree(kbuf);
	return ret;
}

static const struct file_operations crashlog_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= crashlog_ioctl,
};
