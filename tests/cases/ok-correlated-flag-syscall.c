/* case: a syscall raises under `if (to_file)` and restores under the same unmodified condition */
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define VTRACE_TO_FILE	0x1

static struct file *vtrace_filp;
static loff_t vtrace_pos;

void vtrace_ring_add(const char *msg, size_t len);

SYSCALL_DEFINE3(vtrace_mark, const char __user *, ubuf, size_t, len, int, flags)
{
	bool to_file = flags & VTRACE_TO_FILE;
	mm_segment_t old_fs;
	ssize_t ret = len;
	char *kbuf;

	if (len > PAGE_SIZE)
		return -EINVAL;
	if (to_file && !vtrace_filp)
		return -ENOENT;

	kbuf = memdup_user(ubuf, len);
	if (IS_ERR(kbuf))
		return PTR_ERR(kbuf);

	if (to_file) {
		old_fs = get_fs();
		set_fs(KERNEL_DS);
		ret = vfs_write(vtrace_filp, (const char __user *)kbuf, len, &vtrace_pos);
	}
	vtrace_ring_add(kbuf, len);
	if (to_file)
		set_fs(old_fs);

	kfree(kbuf);
	return ret;
}
