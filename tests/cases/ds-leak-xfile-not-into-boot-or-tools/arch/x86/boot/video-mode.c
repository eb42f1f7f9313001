/* case: the x86 real-mode setup code is a program of its own, linked apart from the kernel;
 * a set_mode() here that keeps the limit raised is not what a driver's set_mode() call means
 * (this file: the boot code's) */
#include "boot.h"

int set_mode(u16 mode)
{
	set_fs(KERNEL_DS);
	return mode ? 0 : -1;
}
