/* case: setter helpers that raise on every path, a helper that calls one of them, and a kernel thread that calls that: none is an entry point, all stay silent */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/fs.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

struct mdm_dump {
	struct file *out;
	wait_queue_head_t wq;
	mm_segment_t old_fs;
	char ring[4096];
	size_t len;
	loff_t pos;
	bool kernel_io;
};

static void mdm_save_and_raise(struct mdm_dump *d)
{
	d->old_fs = get_fs();
	set_fs(KERNEL_DS);
}

static void mdm_dump_enter(struct mdm_dump *d)
{
	if (d->kernel_io)
		pr_debug("mdm: dump already in kernel I/O mode\n");
	mdm_save_and_raise(d);
	d->kernel_io = true;
}

static int mdm_dump_thread(void *data)
{
	struct mdm_dump *d = data;
	ssize_t n;

	mdm_dump_enter(d);
	while (!kthread_should_stop()) {
		wait_event_interruptible(d->wq, d->len || kthread_should_stop());
		if (!d->len)
			continue;
		n = vfs_write(d->out, (const char __user *)d->ring, d->len, &d->pos);
		if (n < 0)
			pr_err_ratelimited("mdm: dump write failed (%zd)\n", n);
		d->len = 0;
	}
	return 0;
}

static int mdm_dump_start(struct mdm_dump *d)
{
	struct task_struct *t;

	t = kthread_run(mdm_dump_thread, d, "mdm_dump");
	return PTR_ERR_OR_ZERO(t);
}
