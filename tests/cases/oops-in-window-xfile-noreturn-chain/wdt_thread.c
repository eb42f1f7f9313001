/* case: wdt_die() in another file never returns (it ends in BUG() through wdt_hard_reset()); this kernel thread raises through a setter helper for good and calls wdt_die() inside that window */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/delay.h>
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

void wdt_kernel_io_begin(struct wdt_dev *w);
void wdt_die(struct wdt_dev *w, const char *why);

static int wdt_monitor_thread(void *data)
{
	struct wdt_dev *w = data;
	char line[64];
	int len;

	wdt_kernel_io_begin(w);
	while (!kthread_should_stop()) {
		w->last_status = readl(w->base + 0x04);
		len = scnprintf(line, sizeof(line), "wdt status %#x\n", w->last_status);
		if (vfs_write(w->log, (const char __user *)line, len, &w->log_pos) < 0)
			pr_warn_ratelimited("wdt: log write failed\n");
		if (w->last_status & 0x80000000)
			wdt_die(w, "bark without pet"); /* expect: oops-in-window */
		msleep_interruptible(1000);
	}
	return 0;
}

static int wdt_start_monitor(struct wdt_dev *w)
{
	return PTR_ERR_OR_ZERO(kthread_run(wdt_monitor_thread, w, "wdt_mon"));
}
