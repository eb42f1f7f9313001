/* case: the error labels unwind in the wrong order: the label that frees the buffer sits after the one that restores */
/* oracle: entry sys_modem_log */
/* oracle: user-ptr */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define MODEM_LOG_PATH	"/data/vendor/modem.log"
#define MODEM_LOG_MAX	256

SYSCALL_DEFINE2(modem_log, const char __user *, ubuf, size_t, len)
{
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char *kbuf;
	long ret;

	if (len > MODEM_LOG_MAX)
		return -EINVAL;
	fp = filp_open(MODEM_LOG_PATH, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	kbuf = kmalloc(len + 1, GFP_KERNEL);
	if (!kbuf) {
		ret = -ENOMEM;
		goto out_close;
	}
	if (copy_from_user(kbuf, ubuf, len)) { /* expect: user-ptr-kernel-ds */
		ret = -EFAULT;
		goto out_free;
	}
	kbuf[len] = '\n';
	ret = vfs_write(fp, (const char __user *)kbuf, len + 1, &pos);
out_free:
	kfree(kbuf);
	set_fs(old_fs);
out_close:
	filp_close(fp, NULL);
	return ret; /* expect: ds-leak */
}
