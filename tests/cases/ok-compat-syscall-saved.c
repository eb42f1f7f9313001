/* case: a COMPAT_SYSCALL_DEFINE2 converts its struct, calls the native syscall under KERNEL_DS and restores */
#include <linux/compat.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

struct vrange {
	u64 start;
	u64 len;
	u32 flags;
};

struct vrange32 {
	compat_u64 start;
	compat_u64 len;
	u32 flags;
} __packed;

long ksys_vrange_set(int fd, struct vrange __user *r);

COMPAT_SYSCALL_DEFINE2(vrange_set, int, fd, struct vrange32 __user *, ur)
{
	struct vrange kr;
	mm_segment_t old_fs;
	long ret;

	if (get_user(kr.start, &ur->start) || get_user(kr.len, &ur->len) ||
	    get_user(kr.flags, &ur->flags))
		return -EFAULT;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = ksys_vrange_set(fd, (struct vrange __user *)&kr);
	set_fs(old_fs);

	return ret;
}
