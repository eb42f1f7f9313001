/* case: a COMPAT_SYSCALL_DEFINE3 body raises through a helper that returns the old limit and forgets the matching lower on its copy-out error path */
#include <linux/compat.h>
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

#define KLOG_SNAP_PATH	"/dev/kmsg_snapshot"
#define KLOG_SNAP_MAX	4096

struct klog_snap32 {
	compat_uptr_t buf;
	u32 len;
	u32 flags;
};

static mm_segment_t klog_enter_kernel_ds(void)
{
	mm_segment_t prev = get_fs();

	set_fs(KERNEL_DS);
	return prev;
}

static void klog_leave_kernel_ds(mm_segment_t prev)
{
	set_fs(prev);
}

COMPAT_SYSCALL_DEFINE3(klog_snapshot, struct klog_snap32 __user *, usnap,
		       compat_size_t, usnap_len, compat_uint_t, flags)
{
	struct klog_snap32 s;
	static char snap[KLOG_SNAP_MAX];
	mm_segment_t prev;
	struct file *fp;
	loff_t pos = 0;
	ssize_t n;

	if (usnap_len < sizeof(s) || copy_from_user(&s, usnap, sizeof(s)))
		return -EFAULT;

	fp = filp_open(KLOG_SNAP_PATH, O_RDONLY, 0);
	if (IS_ERR(fp))
		return PTR_ERR(fp);

	prev = klog_enter_kernel_ds();
	n = vfs_read(fp, (char __user *)snap, min_t(u32, s.len, sizeof(snap)), &pos);
	filp_close(fp, NULL);
	if (n < 0)
		return n; /* expect: ds-leak */
	klog_leave_kernel_ds(prev);

	if (copy_to_user(compat_ptr(s.buf), snap, n))
		return -EFAULT;
	return n;
}
