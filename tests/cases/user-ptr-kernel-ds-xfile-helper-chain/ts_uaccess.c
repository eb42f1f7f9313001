/* case: ts_copy_chunk() checks access_ok() and calls __copy_from_user on its src parameter (this file: the end of the chain, silent) */
#include <linux/uaccess.h>

int ts_copy_chunk(void *dst, const void __user *src, size_t len)
{
	if (!access_ok(src, len))
		return -EFAULT;
	if (__copy_from_user(dst, src, len))
		return -EFAULT;
	return 0;
}
