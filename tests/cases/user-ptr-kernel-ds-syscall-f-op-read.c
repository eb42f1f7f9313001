/* case: a syscall raises and calls fp->f_op->read with its own __user buffer (the raise is only needed for kernel buffers); reported at the f_op->read call */
#include <linux/kernel.h>
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define OEMLOG_PATH_FMT	"/data/vendor/oemlog/%u.log"

SYSCALL_DEFINE3(oemlog_read, unsigned int, which, char __user *, buf, size_t, count)
{
	mm_segment_t old_fs;
	struct file *fp;
	char path[48];
	loff_t pos = 0;
	ssize_t n;

	if (which > 7)
		return -EINVAL;
	snprintf(path, sizeof(path), OEMLOG_PATH_FMT, which);
	fp = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);
	if (!fp->f_op || !fp->f_op->read) {
		filp_close(fp, NULL);
		return -EINVAL;
	}

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = fp->f_op->read(fp, buf, count, &pos); /* expect: user-ptr-kernel-ds */
	set_fs(old_fs);

	filp_close(fp, NULL);
	return n;
}
