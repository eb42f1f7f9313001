/* case: a proc_ops ioctl with a balanced window on every command */
/* oracle: entry pwrlog_ioctl */
/* oracle: values PWRLOG_IOC_FLUSH PWRLOG_IOC_RESET */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/uaccess.h>

#define PWRLOG_PATH		"/data/vendor/pwrlog"
#define PWRLOG_IOC_FLUSH	_IO('w', 1)
#define PWRLOG_IOC_RESET	_IO('w', 2)

static char pwrlog_buf[64] = "suspend=12 resume=12\n";

static long pwrlog_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n = 0;

	switch (cmd) {
	case PWRLOG_IOC_FLUSH:
		fp = filp_open(PWRLOG_PATH, O_WRONLY | O_CREAT | O_APPEND, 0600);
		if (IS_ERR(fp))
			return PTR_ERR(fp);
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		n = vfs_write(fp, (const char __user *)pwrlog_buf, strlen(pwrlog_buf), &pos);
		set_fs(old_fs);
		filp_close(fp, NULL);
		break;
	case PWRLOG_IOC_RESET:
		pwrlog_buf[0] = 0;
		break;
	default:
		return -ENOTTY;
	}
	return n < 0 ? n : 0;
}

static const struct proc_ops pwrlog_proc_ops = {
	.proc_ioctl	= pwrlog_ioctl,
};

static int __init pwrlog_init(void)
{
	return proc_create("pwrlog", 0600, NULL, &pwrlog_proc_ops) ? 0 : -ENOMEM;
}
module_init(pwrlog_init);
