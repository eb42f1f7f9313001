/* case: force_uaccess_begin/end bracket a user-stack read on every path of a sampling helper */
#include <linux/module.h>
#include <linux/uaccess.h>
#include <linux/ptrace.h>

struct ustack_frame {
	unsigned long next_fp;
	unsigned long ret_addr;
};

static int sampler_walk_user_stack(struct pt_regs *regs, unsigned long *ips, int max)
{
	struct ustack_frame frame;
	unsigned long fp = regs->bp;
	mm_segment_t fs;
	int n = 0;

	fs = force_uaccess_begin();
	while (n < max && fp) {
		if (!access_ok((void __user *)fp, sizeof(frame)))
			break;
		if (__copy_from_user_inatomic(&frame, (void __user *)fp, sizeof(frame))) {
			force_uaccess_end(fs);
			return -EFAULT;
		}
		ips[n++] = frame.ret_addr;
		fp = frame.next_fp;
	}
	force_uaccess_end(fs);
	return n;
}
