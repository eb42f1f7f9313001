/* case: a perf-style user stack walker disables page faults around __copy_from_user_inatomic; the loop breaks to pagefault_enable on an invalid frame but returns -EFAULT from inside the loop on a faulting read */
#include <linux/perf_event.h>
#include <linux/uaccess.h>

struct user_frame {
	unsigned long next_fp;
	unsigned long ret_addr;
};

static bool valid_user_frame(const void __user *fp, unsigned long size)
{
	return fp && !((unsigned long)fp & 0x7) && access_ok(fp, size);
}

static int uwalk_callchain(struct perf_callchain_entry_ctx *entry, unsigned long fp)
{
	struct user_frame frame;
	int depth = 0;

	pagefault_disable();
	while (entry->nr < entry->max_stack) {
		if (!valid_user_frame((const void __user *)fp, sizeof(frame)))
			break;
		if (__copy_from_user_inatomic(&frame, (const void __user *)fp, sizeof(frame)))
			return -EFAULT; /* expect: pair-unbalanced */
		perf_callchain_store(entry, frame.ret_addr);
		fp = frame.next_fp;
		depth++;
	}
	pagefault_enable();
	return depth;
}
