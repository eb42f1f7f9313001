#include <linux/uaccess.h>

static int peek_user_word(unsigned long addr, unsigned long *val)
{
	mm_segment_t fs = force_uaccess_begin();

	if (__get_user(*val, (unsigned long __user *)addr))
		return -EFAULT;
	force_uaccess_end(fs);
	return 0;
}
