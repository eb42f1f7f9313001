/* case: an `#if 0` arm inside a function that holds only the head of the statement after it (`#if 0 / if (!quirk) / #endif / stmt;`) leaves the grammar a broken if (in a 3.4 vendor tree's arch/x86/xen/enlighten.c it cost the whole of xen_start_kernel); dead code inside a function is blanked, as the compiler drops it, and the handler's leak is still found */
#include <linux/fs.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(knob_lock);
static unsigned long knob_mask;

static long knob_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&knob_lock);
	knob_mask &= ~1UL;
#if 0
	if (!knob_quirk())
#endif
		knob_mask &= ~(2UL | 4UL);
	if (arg & ~knob_mask)
		return -EINVAL; /* expect: lock-held-return */
	knob_mask |= arg;
	mutex_unlock(&knob_lock);
	return 0;
}

static const struct file_operations knob_fops = {
	.unlocked_ioctl = knob_ioctl,
};
