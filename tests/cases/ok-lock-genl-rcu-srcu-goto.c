/* case: genl .doit handlers leave their RCU and SRCU read sections through shared out_unlock labels on every path, and srcu_read_unlock gets the index srcu_read_lock returned */
#include <net/genetlink.h>
#include <linux/rcupdate.h>
#include <linux/srcu.h>
#include <linux/netdevice.h>

enum { MACSEC_ATTR_UNSPEC, MACSEC_ATTR_IFINDEX, MACSEC_ATTR_SCI, __MACSEC_ATTR_MAX };
enum { MACSEC_CMD_UNSPEC, MACSEC_CMD_DEL_RXSC, MACSEC_CMD_GET_TXSC };

DEFINE_STATIC_SRCU(msec_srcu);

struct msec_rxsc *msec_find_rxsc(struct net_device *dev, u64 sci);
void msec_del_rxsc(struct msec_rxsc *rx_sc);
u64 msec_tx_sci(struct net_device *dev);
int msec_reply_sci(struct genl_info *info, u64 sci);

static int msec_nl_del_rxsc(struct sk_buff *skb, struct genl_info *info)
{
	struct net_device *dev;
	struct msec_rxsc *rx_sc;
	int ret = 0;

	if (!info->attrs[MACSEC_ATTR_IFINDEX] || !info->attrs[MACSEC_ATTR_SCI])
		return -EINVAL;

	rcu_read_lock();
	dev = dev_get_by_index_rcu(genl_info_net(info),
				   nla_get_u32(info->attrs[MACSEC_ATTR_IFINDEX]));
	if (!dev) {
		ret = -ENODEV;
		goto out_unlock;
	}
	rx_sc = msec_find_rxsc(dev, nla_get_u64(info->attrs[MACSEC_ATTR_SCI]));
	if (!rx_sc) {
		ret = -ENOENT;
		goto out_unlock;
	}
	msec_del_rxsc(rx_sc);
out_unlock:
	rcu_read_unlock();
	return ret;
}

static int msec_nl_get_txsc(struct sk_buff *skb, struct genl_info *info)
{
	struct net_device *dev;
	int idx, ret;
	u64 sci;

	if (!info->attrs[MACSEC_ATTR_IFINDEX])
		return -EINVAL;

	idx = srcu_read_lock(&msec_srcu);
	dev = dev_get_by_index(genl_info_net(info),
			       nla_get_u32(info->attrs[MACSEC_ATTR_IFINDEX]));
	if (!dev) {
		ret = -ENODEV;
		goto out_srcu;
	}
	sci = msec_tx_sci(dev);
	dev_put(dev);
	ret = msec_reply_sci(info, sci);
out_srcu:
	srcu_read_unlock(&msec_srcu, idx);
	return ret;
}

static const struct genl_ops msec_nl_ops[] = {
	{ .cmd = MACSEC_CMD_DEL_RXSC, .doit = msec_nl_del_rxsc, .flags = GENL_ADMIN_PERM },
	{ .cmd = MACSEC_CMD_GET_TXSC, .doit = msec_nl_get_txsc },
};
