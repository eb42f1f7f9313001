/* case: unsafe_get_user faults to a label that ends the user access and restores the limit before returning */
#include <linux/module.h>
#include <linux/uaccess.h>

struct boot_params_lite {
	u32 version;
	u32 flags;
};

static int bpl_peek(const struct boot_params_lite *kaddr, u32 *version, u32 *flags)
{
	mm_segment_t old_fs = get_fs();
	int ret = 0;

	set_fs(KERNEL_DS);
	if (!user_access_begin((const void __user *)kaddr, sizeof(*kaddr))) {
		ret = -EFAULT;
		goto out;
	}
	unsafe_get_user(*version, (const u32 __user *)&kaddr->version, efault);
	unsafe_get_user(*flags, (const u32 __user *)&kaddr->flags, efault);
	user_access_end();
out:
	set_fs(old_fs);
	return ret;

efault:
	user_access_end();
	set_fs(old_fs);
	return -EFAULT;
}
