/* case: an arm system call calls arch_begin_cfg_read(): that is arm's definition, never x86's,
 * so no ds-leak (this file: the arm caller) */
#include <linux/syscalls.h>

int arch_begin_cfg_read(void);

SYSCALL_DEFINE1(arm_cfg, int, which)
{
	if (which < 0)
		return -EINVAL;
	return arch_begin_cfg_read();
}
