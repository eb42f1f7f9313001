/* case: the file is read into a kernel buffer inside the window and copied to the user pointer only after the restore */
/* oracle: entry crashlog_ioctl */
/* oracle: values CRASHLOG_IOC_LAST */
/* oracle: user-ptr */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define CRASHLOG_PATH		"/data/vendor/crashlog.bin"
#define CRASHLOG_IOC_LAST	_IOR('K', 2, struct crashlog_rec)

struct crashlog_rec {
	u32 reason;
	u32 pc;
	u64 timestamp;
};

static long crashlog_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct crashlog_rec rec;
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	if (cmd != CRASHLOG_IOC_LAST)
		return -ENOTTY;
	fp = filp_open(CRASHLOG_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)&rec, sizeof(rec), &pos);
	set_fs(old_fs);
	filp_close(fp, NULL);
	if (n != sizeof(rec))
		return n < 0 ? n : -EIO;
	if (copy_to_user((void __user *)arg, &rec, sizeof(rec)))
		return -EFAULT;
	return 0;
}

static const struct file_operations crashlog_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= crashlog_ioctl,
};
