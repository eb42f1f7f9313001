/* case: relevance pass: a user_access window that calls a helper defined out of line in sum.c; the whole tree is asked where fold_sum() is defined, and only a file that may define it is parsed for that (not every file that calls it) */
#include <linux/uaccess.h>

u32 fold_sum(const u32 *w, unsigned int n);

int put_sum(u32 __user *dst, const u32 *src, unsigned int n)
{
	if (!user_write_access_begin(dst, sizeof(u32)))
		return -EFAULT;
	unsafe_put_user(fold_sum(src, n), dst, efault); /* expect: uaccess-call */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
