/* case: locks are taken through one expression and released through an alias (&dev->priv->lock vs &priv->lock, &chan->ring->lock vs &ring->lock); the unlock releases the held lock of that kind, so nothing is reported */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

struct dma_ring {
	spinlock_t lock;
	u32 head, tail;
};

struct xdma_priv {
	struct mutex lock;
	u32 mode;
};

struct xdma_chan {
	struct dma_ring *ring;
	struct xdma_priv *priv;
};

static ssize_t xdma_read(struct file *file, char __user *buf, size_t len, loff_t *off)
{
	struct xdma_chan *chan = file->private_data;
	struct dma_ring *ring = chan->ring;
	struct xdma_priv *priv = chan->priv;
	u32 pending, mode;

	if (len < sizeof(pending))
		return -EINVAL;

	mutex_lock(&chan->priv->lock);
	mode = priv->mode;
	mutex_unlock(&priv->lock);

	spin_lock_irq(&chan->ring->lock);
	pending = ring->head - ring->tail;
	if (!pending) {
		spin_unlock_irq(&ring->lock);
		return (file->f_flags & O_NONBLOCK) ? -EAGAIN : 0;
	}
	ring->tail = ring->head;
	spin_unlock_irq(&ring->lock);

	if (mode)
		pending |= BIT(31);
	if (put_user(pending, (u32 __user *)buf))
		return -EFAULT;
	return sizeof(pending);
}

static const struct file_operations xdma_fops = {
	.owner	= THIS_MODULE,
	.read	= xdma_read,
};
