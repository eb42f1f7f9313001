/* case: unsafe_get_user faults to a label that ends the user access but returns without restoring */
#include <linux/module.h>
#include <linux/uaccess.h>

#define FPROBE_MAGIC	0x46505242

struct probe_hdr {
	u32 magic;
	u32 len;
};

static int fprobe_read_hdr(const struct probe_hdr *kaddr, u32 *len)
{
	mm_segment_t old_fs = get_fs();
	u32 magic;

	set_fs(KERNEL_DS);
	if (!user_access_begin((const void __user *)kaddr, sizeof(*kaddr))) {
		set_fs(old_fs);
		return -EFAULT;
	}
	unsafe_get_user(magic, (const u32 __user *)&kaddr->magic, efault);
	unsafe_get_user(*len, (const u32 __user *)&kaddr->len, efault);
	user_access_end();
	set_fs(old_fs);
	return magic == FPROBE_MAGIC ? 0 : -EINVAL;

efault:
	user_access_end();
	return -EFAULT; /* expect: ds-unbalanced */
}
