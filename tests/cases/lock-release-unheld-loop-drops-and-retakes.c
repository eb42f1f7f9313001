/* case: lock-release-unheld: a read() loop drops the spinlock around copy_to_user() and takes it back at the bottom of its body; a failed copy leaves the body between the two, by `goto` to the unlock label or by `break` to the unlock after the loop, and that unlock runs a second time (ALSA snd_ctl_read() and snd_timer_user_read(), fixed in 2.6.12) */
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct evq {
	spinlock_t lock;
	int head, used;
	long ev[64];
};

static ssize_t evq_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct evq *q = file->private_data;
	ssize_t done = 0;
	int err = 0;

	spin_lock_irq(&q->lock);
	while (count >= sizeof(long) && q->used) {
		long ev = q->ev[q->head];

		q->head = (q->head + 1) % 64;
		q->used--;
		spin_unlock_irq(&q->lock);
		if (copy_to_user(buf, &ev, sizeof(ev))) {
			err = -EFAULT;
			goto out;
		}
		spin_lock_irq(&q->lock);
		buf += sizeof(ev);
		count -= sizeof(ev);
		done += sizeof(ev);
	}
out:
	spin_unlock_irq(&q->lock); /* expect: lock-release-unheld */
	return done ? done : err;
}

static ssize_t evq_read_break(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct evq *q = file->private_data;
	ssize_t done = 0;
	int err = 0;

	spin_lock_irq(&q->lock);
	for (;;) {
		long ev;

		if (!q->used) {
			err = -EAGAIN;
			break;
		}
		ev = q->ev[q->head];
		spin_unlock_irq(&q->lock);
		if (copy_to_user(buf, &ev, sizeof(ev))) {
			err = -EFAULT;
			break;
		}
		done += sizeof(ev);
		spin_lock_irq(&q->lock);
		q->used--;
	}
	spin_unlock_irq(&q->lock); /* expect: lock-release-unheld */
	return done ? done : err;
}

static const struct file_operations evq_fops = {
	.read = evq_read,
};

static const struct file_operations evq_break_fops = {
	.read = evq_read_break,
};
