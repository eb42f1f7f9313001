/* case: an out-of-tree module whose header defines its nofault string read as probe_kernel_read() for kernels before 5.3 (one arm of three): the hooks that read the user's path through it are reported, naming the macro and the routine; the module's other macro (copy_from_user() renamed) and its other file stay silent */
#include <linux/uaccess.h>
#include "compat.h"

int mod_faccessat_hook(int *dfd, const char __user **filename_user, int *mode)
{
	char path[16];

	memset(path, 0, sizeof(path));
	mod_strncpy_nofault(path, *filename_user, sizeof(path)); /* expect: user-ptr-kernel-ds */
	return mod_match(path);
}

int mod_open_hook(const char __user *filename)
{
	char path[16];

	if (mod_copy_in(path, filename, sizeof(path)))
		return -EFAULT;
	return mod_match(path);
}
