/* case: lock-unbalanced: every case of the switch takes and drops the lock itself, and one leaves the switch by `break` with it held (an #ifdef inside a case must not hide where the case ends); the same with two branches of an if that each lock and unlock */
/* args: -Wlock-unbalanced */
#include <linux/spinlock.h>

struct icc {
	spinlock_t lock;
	void *tx_skb;
	int debug;
	int state;
};

void icc_fill_fifo(struct icc *cs);
void icc_queue(struct icc *cs, void *skb);
void icc_cmd(struct icc *cs, int cmd);

static void icc_l1hw(struct icc *cs, int pr, void *skb)
{
	unsigned long flags;

	switch (pr) {
	case 1:
		spin_lock_irqsave(&cs->lock, flags);
		if (cs->tx_skb)
			icc_queue(cs, skb);
		else
			cs->tx_skb = skb;
		spin_unlock_irqrestore(&cs->lock, flags);
		break;
	case 2:
		spin_lock_irqsave(&cs->lock, flags);
		if (cs->tx_skb) {
			icc_queue(cs, skb);
			break;
		}
		cs->tx_skb = skb;
#ifdef ICC_DEBUG
		if (cs->debug)
			icc_cmd(cs, 0);
#endif
		icc_fill_fifo(cs);
		spin_unlock_irqrestore(&cs->lock, flags);
		break;
	case 3:
		spin_lock_irqsave(&cs->lock, flags);
		icc_cmd(cs, 3);
		spin_unlock_irqrestore(&cs->lock, flags);
		break;
	default:
		break;
	}
} /* expect: lock-unbalanced */

static int icc_set(struct icc *cs, int on)
{
	if (on) {
		spin_lock(&cs->lock);
		if (cs->state)
			return -EBUSY; /* expect: lock-unbalanced */
		cs->state = 1;
		spin_unlock(&cs->lock);
	} else {
		spin_lock(&cs->lock);
		cs->state = 0;
		spin_unlock(&cs->lock);
	}
	return 0;
}

void icc_init(struct icc *cs, void *skb)
{
	icc_l1hw(cs, 1, skb);
	icc_set(cs, 1);
}
