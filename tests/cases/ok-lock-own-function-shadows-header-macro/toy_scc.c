/* case: a network driver defines its own wr() function and calls it under
 * a spinlock in ->ndo_stop; another driver's header (toy_fe_priv.h, a DVB
 * frontend's, scanned in the same run) defines a statement macro wr() that
 * returns.  A header's macros are global to a run, but a file that defines
 * a function of that name cannot have the macro in effect: its wr() is a
 * call that returns to it, and the lock is released.  (The 6.1 tree has
 * exactly this pair: drivers/net/hamradio/scc.c and
 * drivers/media/dvb-frontends/dib3000mb_priv.h.) */
#include <linux/netdevice.h>
#include <linux/spinlock.h>

struct toy_scc { spinlock_t lock; int ctrl; };

static inline void wr(struct toy_scc *scc, int reg, int val)
{
	scc->ctrl = reg | val;
}

static int toy_scc_close(struct net_device *dev)
{
	struct toy_scc *scc = dev->ml_priv;
	unsigned long flags;

	spin_lock_irqsave(&scc->lock, flags);
	wr(scc, 1, 0);
	wr(scc, 3, 0);
	spin_unlock_irqrestore(&scc->lock, flags);
	return 0;
}

static const struct net_device_ops toy_scc_ops = {
	.ndo_stop = toy_scc_close,
};
