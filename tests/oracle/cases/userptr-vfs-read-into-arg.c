/* case: the window is balanced, but inside it vfs_read() writes to the ioctl's user pointer, which access_ok() no longer fences */
/* oracle: entry blackbox_ioctl */
/* oracle: values BLACKBOX_IOC_DUMP */
/* oracle: user-ptr */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define BLACKBOX_PATH		"/data/vendor/blackbox.bin"
#define BLACKBOX_IOC_DUMP	_IOR('B', 1, struct blackbox_rec)

struct blackbox_rec {
	u32 reason;
	u32 pc;
	u64 timestamp;
};

static long blackbox_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	if (cmd != BLACKBOX_IOC_DUMP)
		return -ENOTTY;
	fp = filp_open(BLACKBOX_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(fp, (char __user *)arg, sizeof(struct blackbox_rec), &pos); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);
	filp_close(fp, NULL);
	return n < 0 ? n : 0;
}

static const struct file_operations blackbox_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= blackbox_ioctl,
};
