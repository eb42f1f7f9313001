/* case: a kernel thread raises the limit once at start and never lowers it: an intentional setter */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/fs.h>
#include <linux/wait.h>
#include <linux/uaccess.h>

struct klogger {
	struct file *out;
	wait_queue_head_t wq;
	char buf[1024];
	size_t len;
	loff_t pos;
};

static int klogger_thread(void *data)
{
	struct klogger *kl = data;
	ssize_t n;

	set_fs(KERNEL_DS);
	allow_signal(SIGKILL);

	while (!kthread_should_stop()) {
		if (wait_event_interruptible(kl->wq, kl->len || kthread_should_stop()))
			continue;
		if (!kl->len)
			continue;
		n = vfs_write(kl->out, (const char __user *)kl->buf, kl->len, &kl->pos);
		if (n < 0)
			pr_err_ratelimited("klogger: write failed %zd\n", n);
		kl->len = 0;
	}
	return 0;
}
