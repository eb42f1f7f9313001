/* case: a setter helper that calls another setter helper is a setter too; a void tty close restores only on the success arm and falls off its closing brace raised */
#include <linux/module.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/fs.h>
#include <linux/uaccess.h>

struct gps_kio {
	mm_segment_t old_fs;
	unsigned long raised_at;
};

struct gps_port {
	struct tty_port port;
	struct file *log;
	loff_t log_pos;
	char trace[2048];
	size_t trace_len;
	int open_count;
};

static void gps_kio_save_raise(struct gps_kio *k)
{
	k->old_fs = get_fs();
	set_fs(KERNEL_DS);
	k->raised_at = jiffies;
}

static void gps_kio_restore(struct gps_kio *k)
{
	set_fs(k->old_fs);
}

static void gps_log_begin(struct gps_port *gp, struct gps_kio *k)
{
	if (!gp->trace_len)
		pr_debug("gps: empty trace flushed\n");
	gps_kio_save_raise(k);
}

static void gps_tty_close(struct tty_struct *tty, struct file *filp)
{
	struct gps_port *gp = tty->driver_data;
	struct gps_kio kio;
	ssize_t n;

	if (--gp->open_count)
		return;

	gps_log_begin(gp, &kio);
	n = vfs_write(gp->log, (const char __user *)gp->trace, gp->trace_len, &gp->log_pos);
	if (n < 0)
		pr_warn("gps: trace flush failed (%zd)\n", n);
	else
		gps_kio_restore(&kio);
	gp->trace_len = 0;
} /* expect: ds-leak */

static const struct tty_operations gps_tty_ops = {
	.close		= gps_tty_close,
};
