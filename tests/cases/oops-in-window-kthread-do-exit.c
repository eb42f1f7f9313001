/* case: a kernel thread that runs under KERNEL_DS for good calls do_exit inside its window */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

struct tracer {
	struct file *out;
	wait_queue_head_t wq;
	char buf[512];
	size_t len;
	loff_t pos;
};

static int tracer_thread(void *data)
{
	struct tracer *tr = data;

	set_fs(KERNEL_DS);
	if (!tr->out)
		do_exit(-ENOENT); /* expect: oops-in-window */

	while (!kthread_should_stop()) {
		wait_event_interruptible(tr->wq, tr->len || kthread_should_stop());
		if (!tr->len)
			continue;
		vfs_write(tr->out, (const char __user *)tr->buf, tr->len, &tr->pos);
		tr->len = 0;
	}
	return 0;
}
