/* the helper: opens a user access window over the caller's buffer and returns with it open when it succeeds */
#include <linux/uaccess.h>

int win_open(void __user *p, size_t len)
{
	if (!user_access_begin(p, len))
		return -EFAULT;
	return 0;
}
