/* case: a .read handler disables page faults to snapshot a shared ring with __copy_to_user_inatomic and never re-enables them; as an entry point it is reported at both returns although it never closes the state anywhere */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define TRC_RING_BYTES	4096

struct trc_ring {
	spinlock_t lock;
	u32 head;
	u8 data[TRC_RING_BYTES];
};

static ssize_t trc_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct trc_ring *ring = file->private_data;
	unsigned long left;
	size_t n;

	if (*ppos >= TRC_RING_BYTES)
		return 0;
	n = min_t(size_t, len, TRC_RING_BYTES - *ppos);

	pagefault_disable();
	spin_lock(&ring->lock);
	left = __copy_to_user_inatomic(buf, ring->data + *ppos, n);
	spin_unlock(&ring->lock);
	if (left == n)
		return -EFAULT; /* expect: pair-unbalanced */

	n -= left;
	*ppos += n;
	return n; /* expect: pair-unbalanced */
}

static const struct file_operations trc_fops = {
	.owner	= THIS_MODULE,
	.read	= trc_read,
	.llseek	= default_llseek,
};
