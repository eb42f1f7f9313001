/* case: a do { } while (0) error block breaks out before the restore in a compat syscall */
#include <linux/compat.h>
#include <linux/syscalls.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct vclk_info {
	s64 offset_ns;
	u32 flags;
};

struct vclk_info32 {
	compat_s64 offset_ns;
	u32 flags;
} __packed;

long vclk_query(unsigned int id, struct vclk_info __user *info);

COMPAT_SYSCALL_DEFINE2(vclk_query, unsigned int, id, struct vclk_info32 __user *, uinfo)
{
	struct vclk_info ki;
	mm_segment_t old_fs;
	long ret;

	old_fs = get_fs();
	set_fs(KERNEL_DS);
	do {
		ret = vclk_query(id, (struct vclk_info __user *)&ki);
		if (ret < 0)
			break;
		set_fs(old_fs);
		if (put_user(ki.offset_ns, &uinfo->offset_ns) ||
		    put_user(ki.flags, &uinfo->flags))
			ret = -EFAULT;
	} while (0);

	return ret; /* expect: ds-leak */
}
