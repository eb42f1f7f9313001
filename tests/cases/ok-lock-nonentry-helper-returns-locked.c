/* case: msgq_find_locked() is not an entry point and returns with hub->lock held on every path (the caller unlocks even on NULL); the ioctl that uses it always unlocks, so neither function is reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

#define MSGQ_IOC_DEPTH	_IOWR('q', 1, struct msgq_depth)

struct msgq_depth {
	__u32 id;
	__u32 depth;
};

struct msgq {
	struct list_head node;
	u32 id;
	u32 depth;
};

struct msgq_hub {
	struct mutex lock;
	struct list_head queues;
};

/* Must be called without hub->lock; returns with it held. */
static struct msgq *msgq_find_locked(struct msgq_hub *hub, u32 id)
{
	struct msgq *q;

	mutex_lock(&hub->lock);
	list_for_each_entry(q, &hub->queues, node) {
		if (q->id == id)
			return q;
	}
	return NULL;
}

static long msgq_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct msgq_hub *hub = file->private_data;
	struct msgq_depth __user *uarg = (void __user *)arg;
	struct msgq_depth d;
	struct msgq *q;
	long ret = 0;

	if (cmd != MSGQ_IOC_DEPTH)
		return -ENOTTY;
	if (copy_from_user(&d, uarg, sizeof(d)))
		return -EFAULT;

	q = msgq_find_locked(hub, d.id);
	if (!q) {
		ret = -ENOENT;
		goto out;
	}
	d.depth = q->depth;
out:
	mutex_unlock(&hub->lock);
	if (!ret && copy_to_user(uarg, &d, sizeof(d)))
		ret = -EFAULT;
	return ret;
}

static const struct file_operations msgq_fops = {
	.owner		= THIS_MODULE,
	.unlocked_ioctl	= msgq_ioctl,
};
