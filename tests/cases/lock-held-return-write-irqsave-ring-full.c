/* case: a mailbox .write queues a message under spin_lock_irqsave and, in O_NONBLOCK mode, returns -EAGAIN on a full ring without spin_unlock_irqrestore; the blocking arm and the .poll handler release it */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/poll.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define MBOX_RING_SIZE		32
#define MBOX_TX_DOORBELL	0x40

struct mbox_msg {
	u32 cmd;
	u32 data[3];
};

struct mbox_dev {
	spinlock_t tx_lock;
	unsigned int tx_head, tx_tail;
	struct mbox_msg ring[MBOX_RING_SIZE];
	void __iomem *regs;
	wait_queue_head_t tx_wait;
};

static ssize_t mbox_write(struct file *file, const char __user *ubuf,
			  size_t len, loff_t *ppos)
{
	struct mbox_dev *mb = file->private_data;
	struct mbox_msg msg;
	unsigned long flags;
	unsigned int next;

	if (len != sizeof(msg))
		return -EINVAL;
	if (copy_from_user(&msg, ubuf, sizeof(msg)))
		return -EFAULT;

	spin_lock_irqsave(&mb->tx_lock, flags);
	next = (mb->tx_head + 1) % MBOX_RING_SIZE;
	if (next == mb->tx_tail) {
		if (file->f_flags & O_NONBLOCK)
			return -EAGAIN; /* expect: lock-held-return */
		spin_unlock_irqrestore(&mb->tx_lock, flags);
		return -EBUSY;
	}
	mb->ring[mb->tx_head] = msg;
	mb->tx_head = next;
	writel(next, mb->regs + MBOX_TX_DOORBELL);
	spin_unlock_irqrestore(&mb->tx_lock, flags);
	return len;
}

static __poll_t mbox_poll(struct file *file, poll_table *wait)
{
	struct mbox_dev *mb = file->private_data;
	unsigned long flags;
	__poll_t mask = 0;

	poll_wait(file, &mb->tx_wait, wait);
	spin_lock_irqsave(&mb->tx_lock, flags);
	if ((mb->tx_head + 1) % MBOX_RING_SIZE != mb->tx_tail)
		mask |= EPOLLOUT | EPOLLWRNORM;
	spin_unlock_irqrestore(&mb->tx_lock, flags);
	return mask;
}

static const struct file_operations mbox_fops = {
	.owner	= THIS_MODULE,
	.write	= mbox_write,
	.poll	= mbox_poll,
	.llseek	= noop_llseek,
};
