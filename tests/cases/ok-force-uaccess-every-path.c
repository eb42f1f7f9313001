/* case: force_uaccess_begin() with force_uaccess_end() on the error path and the normal path (goto to a shared label), and a helper whose job is to force USER_DS: it leaves it forced on every path and returns the saved limit */
#include <linux/module.h>
#include <linux/uaccess.h>

struct uregs {
	unsigned long sp;
	unsigned long pc;
};

static mm_segment_t uregs_enter(void)
{
	mm_segment_t old = force_uaccess_begin();
	return old;
}

static int uregs_read(struct uregs *r, unsigned long *out)
{
	mm_segment_t old_fs = force_uaccess_begin();
	int ret = 0;

	if (__get_user(out[0], (unsigned long __user *)r->sp)) {
		ret = -EFAULT;
		goto out;
	}
	if (__get_user(out[1], (unsigned long __user *)r->pc))
		ret = -EFAULT;
out:
	force_uaccess_end(old_fs);
	return ret;
}

static int uregs_peek(struct uregs *r, unsigned long *out)
{
	mm_segment_t fs = uregs_enter();
	int ret = uregs_read(r, out);
	force_uaccess_end(fs);
	return ret;
}
