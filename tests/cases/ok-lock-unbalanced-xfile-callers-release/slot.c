/* case: lock-unbalanced must not fire: mbox_pick() returns with the mailbox lock held when it found a channel, released when not, and the same index either way; its callers, in another file, unlock after using the channel: that is its contract */
#include <linux/spinlock.h>

struct mbox {
	spinlock_t lock;
	int chan_busy[16];
};

int mbox_pick(struct mbox *mb)
{
	int i;

	spin_lock(&mb->lock);
	for (i = 0; i < 16; i++)
		if (!mb->chan_busy[i])
			return i;
	spin_unlock(&mb->lock);
	return i;
}
