/* case: a list walk takes each entry's lock and breaks out holding the one it keeps (`cur = op; break;`); the later `if (!cur)` cannot be taken with a lock held, and cur's lock is released through the alias (fs/orangefs devreq read) */
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(req_list_lock);
static LIST_HEAD(req_list);

static ssize_t dev_read(struct file *file, char __user *buf, size_t count, loff_t *off)
{
	struct op *op, *temp, *cur = NULL;

	spin_lock(&req_list_lock);
	list_for_each_entry_safe(op, temp, &req_list, list) {
		spin_lock(&op->lock);
		if (op_state_purged(op)) {
			spin_unlock(&op->lock);
			continue;
		}
		cur = op;
		break;
	}
	if (!cur) {
		spin_unlock(&req_list_lock);
		return -EAGAIN;
	}
	list_del_init(&cur->list);
	spin_unlock(&req_list_lock);
	cur->state = OP_IN_PROGRESS;
	spin_unlock(&cur->lock);
	return copy_to_user(buf, &cur->upcall, sizeof(cur->upcall)) ? -EFAULT : count;
}

static const struct file_operations dev_fops = {
	.read = dev_read,
};
