#include <linux/uaccess.h>

struct rec { u32 id; u32 len; };

static int put_rec(struct rec __user *ur, u32 id, u32 len)
{
	if (!user_write_access_begin(ur, sizeof(*ur)))
		return -EFAULT;
	unsafe_put_user(id, &ur->id, efault);
	if (len > 4096)
		return -EINVAL;
	unsafe_put_user(len, &ur->len, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
