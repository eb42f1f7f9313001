/* case: a SYSCALL_DEFINE2 with BUG_ON and panic but no address-limit change at all */
#include <linux/syscalls.h>
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/uaccess.h>

#define WDOG_MAGIC_CLOSE	0x56

struct wdog_state {
	u32 timeout;
	bool armed;
};

static struct wdog_state *wdog;

SYSCALL_DEFINE2(wdog_ctl, unsigned int, op, u32 __user *, utimeout)
{
	u32 t;

	BUG_ON(!wdog);
	if (op == WDOG_MAGIC_CLOSE) {
		if (wdog->armed)
			panic("wdog: magic close while armed\n");
		return 0;
	}
	if (get_user(t, utimeout))
		return -EFAULT;
	if (t == 0 || t > 600)
		return -EINVAL;
	wdog->timeout = t;
	wdog->armed = true;
	return 0;
}
