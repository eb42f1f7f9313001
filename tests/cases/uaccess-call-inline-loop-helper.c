/* case: a plain 'static inline' helper with a loop (lib/strncpy_from_user.c's do_strncpy_from_user before it became __always_inline) and a 'static noinline' one are called inside a user_read_access window: the compiler may emit the first out of line and must the second, and objtool then sees a call with UACCESS enabled */
#include <linux/compiler.h>
#include <linux/uaccess.h>

static inline long lite_copy_words(unsigned long *dst, const unsigned long __user *src,
				   unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		unsafe_get_user(dst[i], src + i, efault);
	return n;
efault:
	return -EFAULT;
}

static noinline u32 lite_fold(u32 v)
{
	return (v >> 16) ^ (v & 0xffff);
}

long lite_fetch_words(unsigned long *dst, const unsigned long __user *src, unsigned long n,
		      u32 __user *sum)
{
	long ret;

	if (!user_read_access_begin(src, n * sizeof(*src)))
		return -EFAULT;
	ret = lite_copy_words(dst, src, n); /* expect: uaccess-call */
	user_read_access_end();
	if (ret < 0)
		return ret;
	if (!user_write_access_begin(sum, sizeof(*sum)))
		return -EFAULT;
	unsafe_put_user(lite_fold((u32)dst[0]), sum, efault); /* expect: uaccess-call */
	user_write_access_end();
	return ret;
efault:
	user_write_access_end();
	return -EFAULT;
}
