/* case: the helpers called inside the user access windows are a __always_inline one with a loop (the fixed do_strncpy_from_user) and a two-line plain 'static inline' one, which compilers inline at -O2 and -Os alike; neither body calls anything but unsafe_*() accessors */
#include <linux/compiler.h>
#include <linux/uaccess.h>

static __always_inline long lite_copy_words(unsigned long *dst,
					    const unsigned long __user *src, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		unsafe_get_user(dst[i], src + i, efault);
	return n;
efault:
	return -EFAULT;
}

static inline u32 lite_fold(u32 v)
{
	return (v >> 16) ^ (v & 0xffff);
}

long lite_fetch_words(unsigned long *dst, const unsigned long __user *src, unsigned long n,
		      u32 __user *sum)
{
	long ret;

	if (!user_read_access_begin(src, n * sizeof(*src)))
		return -EFAULT;
	ret = lite_copy_words(dst, src, n);
	user_read_access_end();
	if (ret < 0)
		return ret;
	if (!user_write_access_begin(sum, sizeof(*sum)))
		return -EFAULT;
	unsafe_put_user(lite_fold((u32)dst[0]), sum, efault);
	user_write_access_end();
	return ret;
efault:
	user_write_access_end();
	return -EFAULT;
}
