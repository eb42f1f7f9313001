/* case: macros and header inlines that expand to out-of-line calls inside a user_access window: a tracepoint (its probes through a static call), WARN_ONCE with a format (__warn_printk), might_sleep (__might_sleep under CONFIG_DEBUG_ATOMIC_SLEEP) and check_object_size (__check_object_size under CONFIG_HARDENED_USERCOPY) */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/thread_info.h>
#include <linux/uaccess.h>
#include <trace/events/lite.h>

struct lite_stat {
	u64 bytes;
	u64 ops;
};

int lite_read_stat(const struct lite_stat *ks, struct lite_stat __user *us, int cpu)
{
	if (!user_access_begin(us, sizeof(*us)))
		return -EFAULT;
	trace_lite_stat_read(cpu, ks->bytes); /* expect: uaccess-call */
	WARN_ONCE(ks->ops > ks->bytes, "cpu %d: %llu ops for %llu bytes\n", cpu, /* expect: uaccess-call */
		  ks->ops, ks->bytes);
	might_sleep(); /* expect: uaccess-call */
	check_object_size(ks, sizeof(*ks), true); /* expect: uaccess-call */
	unsafe_put_user(ks->bytes, &us->bytes, efault);
	unsafe_put_user(ks->ops, &us->ops, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
