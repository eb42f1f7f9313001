/* case: a sampling helper forces USER_DS with force_uaccess_begin() in its declaration and returns early on a fault without force_uaccess_end(): the caller's limit is lost on that path only */
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/perf_event.h>

struct frame_tail {
	struct frame_tail __user *fp;
	unsigned long lr;
};

static int tail_walk(struct frame_tail __user *tail, unsigned long *ips, int max)
{
	mm_segment_t old_fs = force_uaccess_begin();
	struct frame_tail buftail;
	int n = 0;

	while (tail && n < max) {
		if (!access_ok(tail, sizeof(buftail)))
			break;
		if (__copy_from_user_inatomic(&buftail, tail, sizeof(buftail)))
			return -EFAULT; /* expect: ds-unbalanced */
		ips[n++] = buftail.lr;
		tail = buftail.fp;
	}
	force_uaccess_end(old_fs);
	return n;
}
