/* case: a generic netlink .doit looks the phy up under rcu_read_lock and returns -ENODEV when it is gone without leaving the RCU read-side section; the GET command unlocks on both arms */
#include <net/genetlink.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>

enum { WPAN_ATTR_UNSPEC, WPAN_ATTR_IFINDEX, WPAN_ATTR_CHANNEL, __WPAN_ATTR_MAX };
enum { WPAN_CMD_UNSPEC, WPAN_CMD_SET_CHANNEL, WPAN_CMD_GET_CHANNEL };

struct wpan_phy_priv {
	struct list_head list;
	u32 ifindex;
	u8 channel;
	spinlock_t lock;
};

static LIST_HEAD(wpan_phys);

static struct wpan_phy_priv *wpan_find_rcu(u32 ifindex)
{
	struct wpan_phy_priv *p;

	list_for_each_entry_rcu(p, &wpan_phys, list)
		if (p->ifindex == ifindex)
			return p;
	return NULL;
}

static int wpan_nl_set_channel(struct sk_buff *skb, struct genl_info *info)
{
	struct wpan_phy_priv *phy;
	u8 channel;

	if (!info->attrs[WPAN_ATTR_IFINDEX] || !info->attrs[WPAN_ATTR_CHANNEL])
		return -EINVAL;
	channel = nla_get_u8(info->attrs[WPAN_ATTR_CHANNEL]);
	if (channel > 26)
		return -EINVAL;

	rcu_read_lock();
	phy = wpan_find_rcu(nla_get_u32(info->attrs[WPAN_ATTR_IFINDEX]));
	if (!phy)
		return -ENODEV; /* expect: lock-held-return */
	spin_lock_bh(&phy->lock);
	phy->channel = channel;
	spin_unlock_bh(&phy->lock);
	rcu_read_unlock();
	return 0;
}

static int wpan_nl_get_channel(struct sk_buff *skb, struct genl_info *info)
{
	struct wpan_phy_priv *phy;
	int channel = -ENODEV;

	if (!info->attrs[WPAN_ATTR_IFINDEX])
		return -EINVAL;
	rcu_read_lock();
	phy = wpan_find_rcu(nla_get_u32(info->attrs[WPAN_ATTR_IFINDEX]));
	if (phy)
		channel = READ_ONCE(phy->channel);
	rcu_read_unlock();
	if (channel < 0)
		return channel;
	return genl_reply_u8(info, WPAN_ATTR_CHANNEL, channel);
}

static const struct genl_small_ops wpan_nl_ops[] = {
	{ .cmd = WPAN_CMD_SET_CHANNEL, .doit = wpan_nl_set_channel, .flags = GENL_ADMIN_PERM },
	{ .cmd = WPAN_CMD_GET_CHANNEL, .doit = wpan_nl_get_channel },
};
