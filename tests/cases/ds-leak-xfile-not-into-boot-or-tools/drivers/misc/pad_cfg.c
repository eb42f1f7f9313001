/* case: a kernel helper in another file of the driver that keeps the limit raised: the
 * driver's call does resolve here, past the boot code and the harness (this file: the helper) */
#include <linux/uaccess.h>

int pad_begin_cfg(void)
{
	set_fs(KERNEL_DS);
	return 0;
}
