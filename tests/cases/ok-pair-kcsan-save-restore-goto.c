/* case: a KCSAN-style watchpoint setup saves the user-access state in its declaration and every early exit jumps to the out label that calls user_access_restore(ua_flags) */
#include <linux/kernel.h>
#include <linux/uaccess.h>
#include <linux/irqflags.h>
#include <linux/delay.h>

#define LITE_WATCHPOINTS	64

struct lite_watchpoint {
	unsigned long addr;
	size_t size;
	bool is_write;
};

static struct lite_watchpoint lite_wps[LITE_WATCHPOINTS];
static bool lite_enabled;

static struct lite_watchpoint *insert_watchpoint(unsigned long addr, size_t size, bool is_write)
{
	unsigned int i = (addr >> 4) % LITE_WATCHPOINTS;

	if (READ_ONCE(lite_wps[i].addr))
		return NULL;
	lite_wps[i].size = size;
	lite_wps[i].is_write = is_write;
	WRITE_ONCE(lite_wps[i].addr, addr);
	return &lite_wps[i];
}

void lite_kcsan_setup_watchpoint(const volatile void *ptr, size_t size, int type)
{
	const bool is_write = type & 1;
	struct lite_watchpoint *wp;
	unsigned long ua_flags = user_access_save();
	unsigned long irq_flags = 0;

	if (!READ_ONCE(lite_enabled))
		goto out;
	if (size > sizeof(unsigned long))
		goto out;

	wp = insert_watchpoint((unsigned long)ptr, size, is_write);
	if (!wp)
		goto out;

	local_irq_save(irq_flags);
	udelay(80);
	local_irq_restore(irq_flags);
	WRITE_ONCE(wp->addr, 0);
out:
	user_access_restore(ua_flags);
}
