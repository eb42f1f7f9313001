/* case: a .write loops over descriptors taking spin_lock_irqsave per iteration and unlocking before every continue, break and the bottom of the loop; a spin_trylock that fails returns -EBUSY holding nothing */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define NDESC		64
#define DESC_OWN_HW	BIT(31)

struct txq {
	spinlock_t lock;
	spinlock_t stats_lock;
	u32 desc[NDESC];
	unsigned int next;
	u64 dropped;
};

static ssize_t txq_write(struct file *file, const char __user *ubuf, size_t len, loff_t *ppos)
{
	struct txq *q = file->private_data;
	unsigned long flags;
	size_t i, n = len / sizeof(u32);
	u32 word;

	if (!spin_trylock(&q->stats_lock))
		return -EBUSY;
	q->dropped = 0;
	spin_unlock(&q->stats_lock);

	for (i = 0; i < n; i++) {
		if (get_user(word, (const u32 __user *)ubuf + i))
			return i ? i * sizeof(u32) : -EFAULT;

		spin_lock_irqsave(&q->lock, flags);
		if (!word) {
			spin_unlock_irqrestore(&q->lock, flags);
			continue;
		}
		if (q->desc[q->next] & DESC_OWN_HW) {
			q->dropped++;
			spin_unlock_irqrestore(&q->lock, flags);
			break;
		}
		q->desc[q->next] = word | DESC_OWN_HW;
		q->next = (q->next + 1) % NDESC;
		spin_unlock_irqrestore(&q->lock, flags);
	}
	return i * sizeof(u32);
}

static const struct file_operations txq_fops = {
	.owner	= THIS_MODULE,
	.write	= txq_write,
};
