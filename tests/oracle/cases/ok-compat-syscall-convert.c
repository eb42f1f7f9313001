/* case: a COMPAT_SYSCALL_DEFINE converts the 32-bit request and calls the native helper under KERNEL_DS with a kernel copy */
/* oracle: entry compat_sys_vt_alarm */
/* oracle: entry sys_vt_alarm */
/* oracle: string "\x05\x00\x00\x00\x00\x00\x00\x00\x07\x00\x00\x00" */
#include <linux/compat.h>
#include <linux/syscalls.h>
#include <linux/uaccess.h>

struct vt_alarm {
	u32 id;
	s64 when;
	u32 flags;
};

struct vt_alarm32 {
	u32 id;
	compat_s64 when;
	u32 flags;
} __packed;

static struct vt_alarm vt_alarms[4];

static long do_vt_alarm(const struct vt_alarm __user *ureq)
{
	struct vt_alarm req;

	if (copy_from_user(&req, ureq, sizeof(req)))
		return -EFAULT;
	if (req.id >= ARRAY_SIZE(vt_alarms) || req.flags & ~3U)
		return -EINVAL;
	vt_alarms[req.id] = req;
	return 0;
}

SYSCALL_DEFINE1(vt_alarm, const struct vt_alarm __user *, ureq)
{
	return do_vt_alarm(ureq);
}

COMPAT_SYSCALL_DEFINE1(vt_alarm, const struct vt_alarm32 __user *, ureq32)
{
	struct vt_alarm req;
	mm_segment_t old_fs;
	long ret;

	if (get_user(req.id, &ureq32->id) || get_user(req.when, &ureq32->when) ||
	    get_user(req.flags, &ureq32->flags))
		return -EFAULT;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = do_vt_alarm((const struct vt_alarm __user *)&req);
	set_fs(old_fs);
	return ret;
}
