/* case: relevance pass: a user_access window that calls a helper defined out of line in csum.c, a file that names no rule call; only its definition tells whether the call is a real call */
#include <linux/uaccess.h>

u32 csum_fold_words(const u32 *w, unsigned int n);

int put_words_csum(u32 __user *dst, const u32 *src, unsigned int n)
{
	unsigned int i;

	if (!user_write_access_begin(dst, (n + 1) * sizeof(u32)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		unsafe_put_user(src[i], &dst[i], efault);
	unsafe_put_user(csum_fold_words(src, n), &dst[n], efault); /* expect: uaccess-call */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
