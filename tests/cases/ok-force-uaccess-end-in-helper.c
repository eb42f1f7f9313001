/* case: the window forced by force_uaccess_begin() is ended on every path, once by a helper of the same file that calls force_uaccess_end(saved), once by a restore function of another file given the saved limit */
#include <linux/module.h>
#include <linux/uaccess.h>

struct probe_ctx {
	mm_segment_t saved;
	unsigned long addr;
	int err;
};

void probe_restore_limit(mm_segment_t saved);	/* elsewhere */

static void probe_end(struct probe_ctx *c)
{
	force_uaccess_end(c->saved);
}

static int probe_read(struct probe_ctx *c, unsigned long *val)
{
	c->saved = force_uaccess_begin();
	if (get_user(*val, (unsigned long __user *)c->addr)) {
		probe_end(c);
		return -EFAULT;
	}
	probe_end(c);
	return 0;
}

static int probe_write(unsigned long addr, unsigned long val)
{
	mm_segment_t fs = force_uaccess_begin();

	if (put_user(val, (unsigned long __user *)addr)) {
		probe_restore_limit(fs);
		return -EFAULT;
	}
	force_uaccess_end(fs);
	return 0;
}

static int probe_both(struct probe_ctx *c, unsigned long *v)
{
	int ret = probe_read(c, v);
	return ret ? ret : probe_write(c->addr, *v + 1);
}
