/* case: raise and restore are both guarded by the same local flag, set once */
/* oracle: entry sys_nvtrace */
/* oracle: values NVTRACE_KBUF */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define NVTRACE_PATH	"/data/local/nvtrace.log"
#define NVTRACE_KBUF	0x1

SYSCALL_DEFINE3(nvtrace, const char __user *, ubuf, size_t, len, unsigned int, flags)
{
	bool kernel_copy = flags & NVTRACE_KBUF;
	const char __user *src = ubuf;
	struct file *fp;
	mm_segment_t old_fs;
	loff_t pos = 0;
	char *kbuf = NULL;
	ssize_t n;

	if (len > 256)
		return -EINVAL;
	if (kernel_copy) {
		kbuf = memdup_user(ubuf, len);
		if (IS_ERR(kbuf))
			return PTR_ERR(kbuf);
		src = (const char __user *)kbuf;
	}
	fp = filp_open(NVTRACE_PATH, O_WRONLY | O_CREAT | O_APPEND, 0600);
	if (IS_ERR(fp)) {
		kfree(kbuf);
		return PTR_ERR(fp);
	}
	if (kernel_copy) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
	}
	n = vfs_write(fp, src, len, &pos);
	if (kernel_copy)
		set_fs(old_fs);
	filp_close(fp, NULL);
	kfree(kbuf);
	return n;
}
