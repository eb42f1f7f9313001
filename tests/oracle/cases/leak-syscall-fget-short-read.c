/* case: a system call reads from a descriptor the caller passes into a kernel buffer and treats a short read as an error, still raised */
/* oracle: entry sys_fdsnap */
#include <linux/syscalls.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define FDSNAP_MAX	64

static u8 fdsnap_last[FDSNAP_MAX];

SYSCALL_DEFINE2(fdsnap, unsigned int, fd, size_t, len)
{
	struct file *f;
	mm_segment_t old_fs;
	loff_t pos = 0;
	ssize_t n;
	u8 *kbuf;

	if (!len || len > FDSNAP_MAX)
		return -EINVAL;
	f = fget(fd);
	if (!f)
		return -EBADF;
	kbuf = kmalloc(len, GFP_KERNEL);
	if (!kbuf) {
		fput(f);
		return -ENOMEM;
	}
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	n = vfs_read(f, (char __user *)kbuf, len, &pos);
	fput(f);
	if (n != len) {
		kfree(kbuf);
		return n < 0 ? n : -EIO; /* expect: ds-leak */
	}
	set_fs(old_fs);
	memcpy(fdsnap_last, kbuf, len);
	kfree(kbuf);
	return 0;
}
