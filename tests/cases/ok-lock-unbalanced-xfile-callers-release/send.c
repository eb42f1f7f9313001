/* the caller of another file: unlocks what mbox_pick() kept */
#include <linux/spinlock.h>

struct mbox {
	spinlock_t lock;
	int chan_busy[16];
};

int mbox_pick(struct mbox *mb);

int mbox_send(struct mbox *mb, u32 msg)
{
	int ch = mbox_pick(mb);

	if (ch == 16)
		return -EBUSY;
	mb->chan_busy[ch] = 1;
	spin_unlock(&mb->lock);
	return 0;
}
