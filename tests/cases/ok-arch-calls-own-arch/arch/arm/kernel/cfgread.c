/* case: arm's version of the helper leaves the limit alone (this file: arm's) */
#include <linux/kernel.h>

int arch_begin_cfg_read(void)
{
	return 0;
}
