/* case: x86 returns to user mode through the generic entry code, which checks the limit */
#include <linux/sched.h>

void arch_setup_new_exec(void)
{
	clear_thread_flag(TIF_NOTSC);
}
