#include <linux/uaccess.h>

static int fill_names(char __user *dst, const char *const *names, int n)
{
	int i;

	if (!user_write_access_begin(dst, n * 16))
		return -EFAULT;
	for (i = 0; i < n; i++) {
		if (strlen(names[i]) >= 16)
			pr_warn("name %d truncated\n", i);
		unsafe_copy_to_user(dst + i * 16, names[i], 16, efault);
	}
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
