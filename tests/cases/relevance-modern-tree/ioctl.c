/* case: relevance pass, modern tree: an extern ioctl handler keeps its mutex on an error return; the only registration is in fops.c, which names no lock call, so the relevance pass must parse fops.c because it mentions the handler's name */
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/uaccess.h>

static DEFINE_MUTEX(ring_lock);
static u32 ring[64];

long ring_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	u32 slot;

	mutex_lock(&ring_lock);
	if (get_user(slot, (u32 __user *)arg))
		return -EFAULT; /* expect: lock-held-return */
	if (slot >= 64) {
		mutex_unlock(&ring_lock);
		return -EINVAL;
	}
	ring[slot]++;
	mutex_unlock(&ring_lock);
	return 0;
}

/* the same mistake in a function nothing registers: not an entry point, so
 * lock-unbalanced (any function) and not lock-held-return */
long ring_peek(unsigned int slot)
{
	mutex_lock(&ring_lock);
	if (slot >= 64)
		return -EINVAL; /* expect: lock-unbalanced */
	mutex_unlock(&ring_lock);
	return ring[slot];
}
