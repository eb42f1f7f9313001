/* case: lib/strncpy_from_user.c: might_fault, kasan_check_write and check_object_size run before user_read_access_begin and the only call inside the window is the __always_inline do_strncpy_from_user */
#include <linux/compiler.h>
#include <linux/kasan-checks.h>
#include <linux/thread_info.h>
#include <linux/uaccess.h>
#include <asm/word-at-a-time.h>

static __always_inline long do_strncpy_from_user(char *dst, const char __user *src,
					unsigned long count, unsigned long max)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	unsigned long res = 0;

	while (max >= sizeof(unsigned long)) {
		unsigned long c, data;

		unsafe_get_user(c, (unsigned long __user *)(src + res), byte_at_a_time);
		*(unsigned long *)(dst + res) = c;
		if (has_zero(c, &data, &constants)) {
			data = prep_zero_mask(c, data, &constants);
			data = create_zero_mask(data);
			return res + find_zero(data);
		}
		res += sizeof(unsigned long);
		max -= sizeof(unsigned long);
	}

byte_at_a_time:
	while (max) {
		char c;

		unsafe_get_user(c, src + res, efault);
		dst[res] = c;
		if (!c)
			return res;
		res++;
		max--;
	}
	if (res >= count)
		return res;
efault:
	return -EFAULT;
}

long lite_strncpy_from_user(char *dst, const char __user *src, long count)
{
	unsigned long max_addr, src_addr;

	might_fault();
	if (unlikely(count <= 0))
		return 0;

	max_addr = TASK_SIZE_MAX;
	src_addr = (unsigned long)untagged_addr(src);
	if (likely(src_addr < max_addr)) {
		unsigned long max = max_addr - src_addr;
		long retval;

		if (max > count)
			max = count;

		kasan_check_write(dst, count);
		check_object_size(dst, count, false);
		if (user_read_access_begin(src, max)) {
			retval = do_strncpy_from_user(dst, src, count, max);
			user_read_access_end();
			return retval;
		}
	}
	return -EFAULT;
}
