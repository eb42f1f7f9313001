/* case: loops that touch the held lock but do not count on running: one drops and retakes the mutex on every pass (the exit holds it, as the zero-pass path does), one releases it only on the pass that returns (the exit after a full walk holds it) */
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/sched.h>

struct item { struct list_head list; int id; };
static DEFINE_MUTEX(q_lock);
static LIST_HEAD(q_items);
static int q_pending;

static long q_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	mutex_lock(&q_lock);
	while (q_pending) {
		mutex_unlock(&q_lock);
		schedule();
		mutex_lock(&q_lock);
	}
	if (cmd == 1)
		return 0; /* expect: lock-held-return */
	mutex_unlock(&q_lock);
	return 0;
}

static ssize_t q_read(struct file *file, char __user *buf, size_t n, loff_t *pos)
{
	struct item *it;

	mutex_lock(&q_lock);
	list_for_each_entry(it, &q_items, list) {
		if (it->id == (int)n) {
			mutex_unlock(&q_lock);
			return it->id;
		}
	}
	return -ENOENT; /* expect: lock-held-return */
}

static const struct file_operations q_fops = {
	.unlocked_ioctl = q_ioctl,
	.read = q_read,
};
