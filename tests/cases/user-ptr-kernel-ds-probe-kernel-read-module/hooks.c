/* case: an out-of-tree module (a root-hiding module's path hooks, KernelSU's shape on kernels before 5.3) that never changes the address limit itself: the file that reads the user's path with probe_kernel_read() is parsed all the same (the routine raises the limit inside) and reported; the module's other file names nothing the checks look for */
#include <linux/uaccess.h>
#include "hooks.h"

int hook_stat_demo(int *dfd, const char __user **filename_user, int *flags)
{
	char path[16];

	if (!filename_user)
		return 0;
	memset(path, 0, sizeof(path));
	probe_kernel_read(path, *filename_user, sizeof(path)); /* expect: user-ptr-kernel-ds */
	return hook_match_demo(path);
}
