/* case: wdt_die() in another file never returns (it ends in BUG() through wdt_hard_reset()); a write handler raises through a setter helper for good and calls wdt_die() inside that window, in the writing user task (a kernel thread doing the same would have no user clear_child_tid to write: not reported) */
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

static ssize_t wdt_poll_write(struct file *file, const char __user *ubuf, size_t n, loff_t *ppos)
{
	struct wdt_dev *w = file->private_data;
	char line[64];
	int len;

	wdt_kernel_io_begin(w);
	w->last_status = readl(w->base + 0x04);
	len = scnprintf(line, sizeof(line), "wdt status %#x\n", w->last_status);
	if (vfs_write(w->log, (const char __user *)line, len, &w->log_pos) < 0)
		pr_warn_ratelimited("wdt: log write failed\n");
	if (w->last_status & 0x80000000)
		wdt_die(w, "bark without pet"); /* expect: oops-in-window */
	set_fs(w->old_fs);
	return n;
}

static const struct file_operations wdt_poll_fops = {
	.owner = THIS_MODULE,
	.write = wdt_poll_write,
};
