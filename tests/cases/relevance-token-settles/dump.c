/* case: a netlink dump under the action's lock: the nla_put_*() calls are named like releases but are handed other fields of the locked object, never the lock or the object itself; the token check settles it (the file is not parsed), nothing to report */
#include <linux/spinlock.h>
#include <net/netlink.h>

struct act {
	spinlock_t lock;
	u32 index;
	u32 flags;
};

int act_dump(struct sk_buff *skb, struct act *d)
{
	int len;

	spin_lock_bh(&d->lock);
	if (nla_put_u32(skb, 1, d->index))
		len = -1;
	else if (nla_put_u32(skb, 2, d->flags))
		len = -1;
	else
		len = skb->len;
	spin_unlock_bh(&d->lock);
	return len;
}
