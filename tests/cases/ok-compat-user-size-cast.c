/* case: a compat wrapper copies the user's 32-bit request in, raises the limit and calls a checker on a kernel vector with the user's entry count cast to size_t; the checker reads the last entry with get_user(v, vec + count - 1), so the count takes part in an address and looks like a pointer the callee hands to get_user: but the user's value, cast to a size, is handed on as a number, and the vector is a kernel buffer: silent */
#include <linux/kernel.h>
#include <linux/compat.h>
#include <linux/uaccess.h>

struct vec32_req {
	u32 count;
	u32 flags;
};

static int check_vec(int __user *vec, size_t count)
{
	int v;

	if (!count || get_user(v, vec + count - 1))
		return -EFAULT;
	return v == -1 ? 0 : -EINVAL;	/* the terminator must be there */
}

asmlinkage long compat_sys_vec_check(struct vec32_req __user *ureq)
{
	struct vec32_req r32;
	int kvec[16] = { 0 };
	mm_segment_t old_fs = get_fs();
	long ret;

	if (copy_from_user(&r32, ureq, sizeof(r32)))
		return -EFAULT;
	if (r32.count > ARRAY_SIZE(kvec))
		return -EINVAL;
	set_fs(KERNEL_DS);
	ret = check_vec((int __user *)kvec, (size_t)r32.count);
	set_fs(old_fs);
	return ret;
}
