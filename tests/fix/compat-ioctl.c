// SPDX-License-Identifier: GPL-2.0
/* cannot rewrite: the native ioctl handler is called with a kernel struct */
#include <linux/compat.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct vpu_req { void *buf; u32 len; };
struct vpu_req32 { compat_uptr_t buf; u32 len; };

static long vpu_ioctl(struct file *f, unsigned int cmd, unsigned long arg);

static long vpu_compat_ioctl(struct file *f, unsigned int cmd, unsigned long arg)
{
	struct vpu_req32 r32;
	struct vpu_req r;
	mm_segment_t old_fs;
	long ret;

	if (copy_from_user(&r32, compat_ptr(arg), sizeof(r32)))
		return -EFAULT;
	r.buf = compat_ptr(r32.buf);
	r.len = r32.len;
	old_fs = get_fs();
	set_fs(KERNEL_DS);
	ret = vpu_ioctl(f, cmd, (unsigned long)&r);
	set_fs(old_fs);
	return ret;
}
