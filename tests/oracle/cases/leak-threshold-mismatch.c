/* case: the raise and the restore test the length against two different thresholds */
/* oracle: entry sys_frobctl */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define FROB_INLINE	16
#define FROB_BOUNCE_MAX	128
#define FROB_DEV_PATH	"/dev/frob_backend"

SYSCALL_DEFINE2(frobctl, const char __user *, ubuf, size_t, len)
{
	char inline_buf[FROB_INLINE];
	char *kbuf = inline_buf;
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;

	if (len > FROB_BOUNCE_MAX)
		return -EINVAL;
	if (len > FROB_INLINE) {
		kbuf = kmalloc(len, GFP_KERNEL);
		if (!kbuf)
			return -ENOMEM;
	}
	if (copy_from_user(kbuf, ubuf, len)) {
		n = -EFAULT;
		goto out;
	}
	fp = filp_open(FROB_DEV_PATH, O_WRONLY, 0);
	if (IS_ERR(fp)) {
		n = PTR_ERR(fp);
		goto out;
	}
	if (len > FROB_INLINE) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}
	n = vfs_write(fp, (const char __user *)kbuf, len, &pos);
	if (len > FROB_BOUNCE_MAX / 2)
		set_fs(old_fs);
	filp_close(fp, NULL);
out:
	if (kbuf != inline_buf)
		kfree(kbuf);
	return n; /* expect: ds-leak */
}
