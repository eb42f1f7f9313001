/* case: wdt_die() calls wdt_hard_reset(), which always ends in BUG(); both never return, and a kernel thread in another file calls wdt_die() inside a window opened by a setter helper (this file: the helpers, silent) */
#include <linux/kernel.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/uaccess.h>

struct wdt_dev {
	void __iomem *base;
	struct file *log;
	mm_segment_t old_fs;
	loff_t log_pos;
	u32 last_status;
};

void wdt_kernel_io_begin(struct wdt_dev *w)
{
	w->old_fs = get_fs();
	set_fs(KERNEL_DS);
}

static void wdt_hard_reset(struct wdt_dev *w)
{
	writel(0xdead, w->base + 0x10);
	mdelay(100);
	BUG();
}

void wdt_die(struct wdt_dev *w, const char *why)
{
	pr_emerg("wdt: %s (status %#x), resetting\n", why, w->last_status);
	wdt_hard_reset(w);
}
