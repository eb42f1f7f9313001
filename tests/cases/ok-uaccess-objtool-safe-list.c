/* case: inside a user_access window only what objtool accepts: WARN_ON/BUG_ON (ud2), a tracepoint's _enabled() test (a static key, no call), kcsan_check_write, __kasan_check_write and csum_partial_copy_generic (objtool's uaccess_safe_builtin[] list); the tracepoint itself fires after user_access_end */
#include <linux/bug.h>
#include <linux/kasan-checks.h>
#include <linux/kcsan-checks.h>
#include <linux/uaccess.h>
#include <net/checksum.h>
#include <trace/events/lite.h>

__wsum lite_csum_copy(const void __user *src, void *dst, int len, int cpu)
{
	__wsum sum;
	bool traced = false;

	if (!user_read_access_begin(src, len))
		return 0;
	WARN_ON(len < 0);
	BUG_ON(!dst);
	kcsan_check_write(dst, len);
	__kasan_check_write(dst, len);
	if (trace_lite_csum_enabled())
		traced = true;
	sum = csum_partial_copy_generic((__force const void *)src, dst, len);
	user_read_access_end();
	if (traced)
		trace_lite_csum(cpu, len);
	return sum;
}
