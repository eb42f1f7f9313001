/* the same call in generic code (built for x86 too) is reported */
#include <linux/uaccess.h>

long fill_zero_user(char __user *dst, long n, void *scratch)
{
	if (!user_write_access_begin(dst, n))
		return -EFAULT;
	memset(scratch, 0, n); /* expect: uaccess-call */
	unsafe_put_user(0, dst, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
