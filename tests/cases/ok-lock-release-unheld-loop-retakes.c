/* case: lock-release-unheld must not fire: loops that drop a lock and take it back, written right — the failed copy takes it back before leaving, or leaves by `return`, or a flag says whether the unlock below is owed */
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct evq {
	spinlock_t lock;
	int head, used;
	long ev[64];
};

static ssize_t evq_read_retake(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct evq *q = file->private_data;
	ssize_t done = 0;
	int err = 0;

	spin_lock_irq(&q->lock);
	while (count >= sizeof(long) && q->used) {
		long ev = q->ev[q->head];

		q->used--;
		spin_unlock_irq(&q->lock);
		if (copy_to_user(buf, &ev, sizeof(ev))) {
			err = -EFAULT;
			spin_lock_irq(&q->lock);
			break;
		}
		spin_lock_irq(&q->lock);
		buf += sizeof(ev);
		count -= sizeof(ev);
		done += sizeof(ev);
	}
	spin_unlock_irq(&q->lock);
	return done ? done : err;
}

static ssize_t evq_read_return(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct evq *q = file->private_data;
	ssize_t done = 0;

	spin_lock_irq(&q->lock);
	while (q->used) {
		long ev = q->ev[q->head];

		q->used--;
		spin_unlock_irq(&q->lock);
		if (copy_to_user(buf, &ev, sizeof(ev)))
			return done ? done : -EFAULT;
		spin_lock_irq(&q->lock);
		done += sizeof(ev);
	}
	spin_unlock_irq(&q->lock);
	return done;
}

static ssize_t evq_read_flag(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct evq *q = file->private_data;
	ssize_t done = 0;
	int locked;

	spin_lock_irq(&q->lock);
	locked = 1;
	while (q->used) {
		long ev = q->ev[q->head];

		q->used--;
		spin_unlock_irq(&q->lock);
		locked = 0;
		if (copy_to_user(buf, &ev, sizeof(ev)))
			break;
		spin_lock_irq(&q->lock);
		locked = 1;
		done += sizeof(ev);
	}
	if (locked)
		spin_unlock_irq(&q->lock);
	return done;
}

static const struct file_operations evq_fops[] = {
	{ .read = evq_read_retake },
	{ .read = evq_read_return },
	{ .read = evq_read_flag },
};
